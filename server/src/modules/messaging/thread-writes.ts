import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import type { MessageRow } from './queries';
import {
  messagingMessageQuestionnaires,
  messagingMessages,
  messagingReadStatus,
  messagingThreadParticipants,
  messagingThreads,
  type ThreadType,
} from './schema';

/**
 * The writes every side shares (customers' mutations, the staff service, the seed). Times come
 * from the database clock, so messages and read times of several server instances compare.
 */

export interface NewThread {
  title: string;
  threadType: ThreadType;
  customerUserId: number;
  /** the other participants (the customer is added here) */
  participantUserIds: readonly number[];
  createdAt?: Date;
}

export async function createThread(db: Database, thread: NewThread): Promise<number> {
  const [row] = await db
    .insert(messagingThreads)
    .values({
      title: thread.title,
      threadType: thread.threadType,
      customerUserId: thread.customerUserId,
      ...(thread.createdAt ? { createdAt: thread.createdAt } : {}),
    })
    .returning({ id: messagingThreads.id });
  if (!row) throw new Error('thread insert returned nothing');
  const participants = [...new Set([thread.customerUserId, ...thread.participantUserIds])];
  await db.insert(messagingThreadParticipants).values(
    participants.map((userId, position) => ({
      threadId: row.id,
      userId,
      // the customer first, then the others in the given order
      ...(thread.createdAt ? { addedAt: new Date(thread.createdAt.getTime() + position) } : {}),
    })),
  );
  return row.id;
}

export interface NewMessage {
  threadId: number;
  authorUserId: number;
  content: string;
  /** questionnaire invitations sent with the message (professionals only) */
  invitationIds?: readonly number[];
  /** the seed writes history; everyone else gets the database's now() */
  createdAt?: Date;
}

/** Inserts a message and moves the thread's latest activity with it. */
export async function insertMessage(db: Database, message: NewMessage): Promise<MessageRow> {
  const [row] = await db
    .insert(messagingMessages)
    .values({
      threadId: message.threadId,
      authorUserId: message.authorUserId,
      content: message.content,
      ...(message.createdAt ? { createdAt: message.createdAt } : {}),
    })
    .returning();
  if (!row) throw new Error('message insert returned nothing');
  await db
    .update(messagingThreads)
    // the stored time itself (microseconds), not the JavaScript Date's milliseconds
    .set({
      lastMessageAt: sql`greatest(${messagingThreads.lastMessageAt}, (select ${messagingMessages.createdAt} from ${messagingMessages} where ${messagingMessages.id} = ${row.id}))`,
      messageCount: sql`${messagingThreads.messageCount} + 1`,
    })
    .where(eq(messagingThreads.id, message.threadId));
  if (message.invitationIds?.length) {
    await db
      .insert(messagingMessageQuestionnaires)
      .values(message.invitationIds.map((invitationId) => ({ messageId: row.id, invitationId })));
  }
  return row;
}

/** Records that the user has read the thread now (or at `at`); returns the stored read time. */
export async function markRead(db: Database, input: { threadId: number; userId: number; at?: Date }): Promise<Date> {
  const readAt = input.at ?? sql`now()`;
  const [row] = await db
    .insert(messagingReadStatus)
    .values({ threadId: input.threadId, userId: input.userId, readAt })
    .onConflictDoUpdate({
      target: [messagingReadStatus.threadId, messagingReadStatus.userId],
      // a read time never moves back (a late request must not make read messages unread)
      set: { readAt: sql`greatest(${messagingReadStatus.readAt}, excluded.read_at)` },
    })
    .returning({ readAt: messagingReadStatus.readAt });
  if (!row) throw new Error('read status upsert returned nothing');
  return row.readAt;
}
