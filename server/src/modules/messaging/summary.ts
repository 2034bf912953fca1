import type { MessagingSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { customerUserIdOf, messagePagesOf, threadsPage } from './queries';
import { isThreadRead } from './read-state';

/** The front page shows this many conversations (spec part 1 §1 summaries). */
export const SUMMARY_THREADS = 3;

const EMPTY: MessagingSummary = { totalCount: 0, unreadCount: 0, threads: [] };

/**
 * The front page's conversations summary for a subject: the newest three threads with their latest
 * message, how many there are and how many are unread. Three queries whatever the number of threads.
 * The caller audits the read and calls this only when customer-messaging-allowed is on.
 */
export async function messagingSummary(db: Database, subjectPersonId: string): Promise<MessagingSummary> {
  const customerUserId = await customerUserIdOf(db, subjectPersonId);
  if (customerUserId === null) return EMPTY;
  // Every thread's read facts come with the list itself, so counting the unread costs nothing more.
  const { totalCount, threads } = await threadsPage(db, customerUserId, { limit: 9999, offset: 0 });
  const isRead = (thread: (typeof threads)[number]) =>
    isThreadRead({
      userId: customerUserId,
      readAt: thread.customerReadAt,
      latestMessageAt: thread.lastMessageAt,
      currentAssignment: thread.currentAssignment,
      timestampForProfessionals: thread.timestampForProfessionals,
    });
  const newest = threads.slice(0, SUMMARY_THREADS);
  const latest = await messagePagesOf(
    db,
    newest.map((thread) => thread.id),
    { limit: 1, offset: 0, sort: 'desc' },
  );
  return {
    totalCount,
    unreadCount: threads.filter((thread) => !isRead(thread)).length,
    threads: newest.map((thread) => {
      const message = latest.get(thread.id)?.messages[0];
      const author = message?.author;
      return {
        id: String(thread.id),
        title: thread.title,
        isRead: isRead(thread),
        latestMessageAt: (message?.createdAt ?? thread.createdAt).toISOString(),
        latestAuthorName: author ? `${author.firstName} ${author.lastName}`.trim() : '',
        latestByCustomer: author?.userType === 'CustomerUser',
        latestDeleted: message?.deletedAt != null,
      };
    }),
  };
}
