import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { people } from '../patients/schema';
import type { MessageRow, MessagingUserRow } from './queries';
import {
  messagingAssignments,
  messagingMessages,
  messagingThreadParticipants,
  messagingThreads,
  messagingUsers,
} from './schema';
import { insertMessage, markRead } from './thread-writes';

/**
 * The professionals' side of messaging, for testers (SPEC-DECISIONS: staff work is outside the
 * portal; replies come through a server command and a guarded API). Used by staff-api.ts and
 * cli/staff-messaging.ts.
 */

export type StaffErrorCode = 'not-found' | 'invalid';

/** A refused staff command; `path` names the input at fault. */
export class StaffError extends Error {
  constructor(
    readonly code: StaffErrorCode,
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'StaffError';
  }
}

async function professional(db: Database, userId: number, path: string): Promise<MessagingUserRow> {
  const [user] = await db.select().from(messagingUsers).where(eq(messagingUsers.id, userId));
  if (!user || user.userType !== 'ProfessionalUser') throw new StaffError('not-found', path, `No professional user ${userId}`);
  return user;
}

async function requireThread(db: Database, threadId: number): Promise<void> {
  const [thread] = await db.select({ id: messagingThreads.id }).from(messagingThreads).where(eq(messagingThreads.id, threadId));
  if (!thread) throw new StaffError('not-found', 'threadId', `No thread ${threadId}`);
}

/**
 * A professional's message in a thread. The professional joins the thread's participants and has
 * read it; for the customer the thread turns unread (its latest message is newer than their read).
 */
export async function postProfessionalReply(
  db: Database,
  input: { threadId: number; professionalUserId: number; content: string; invitationIds?: number[] },
): Promise<MessageRow> {
  const content = input.content.trim();
  if (!content) throw new StaffError('invalid', 'content', 'The reply is empty');
  await professional(db, input.professionalUserId, 'professionalUserId');
  await requireThread(db, input.threadId);
  return withTransaction(db, async (tx) => {
    await tx
      .insert(messagingThreadParticipants)
      .values({ threadId: input.threadId, userId: input.professionalUserId })
      .onConflictDoNothing();
    const message = await insertMessage(tx, {
      threadId: input.threadId,
      authorUserId: input.professionalUserId,
      content,
      ...(input.invitationIds ? { invitationIds: input.invitationIds } : {}),
    });
    await markRead(tx, { threadId: input.threadId, userId: input.professionalUserId });
    return message;
  });
}

async function setActive(db: Database, threadId: number, isActive: boolean): Promise<void> {
  const updated = await db.update(messagingThreads).set({ isActive }).where(eq(messagingThreads.id, threadId)).returning({ id: messagingThreads.id });
  if (updated.length === 0) throw new StaffError('not-found', 'threadId', `No thread ${threadId}`);
}

/** Closes the thread (spec part 1 §4 Closed thread); the customer may still write in it. */
export const closeThread = (db: Database, input: { threadId: number }) => setActive(db, input.threadId, false);
export const reopenThread = (db: Database, input: { threadId: number }) => setActive(db, input.threadId, true);

/** Deletes a message: the row stays (who, when, why); customers see it without content or files. */
export async function deleteMessage(
  db: Database,
  input: { messageId: number; deletedByUserId: number; reason: string },
): Promise<MessageRow> {
  await professional(db, input.deletedByUserId, 'deletedByUserId');
  const [row] = await db
    .update(messagingMessages)
    .set({ deletedAt: sql`now()`, deletedByUserId: input.deletedByUserId, deletedReason: input.reason.trim() || null })
    .where(eq(messagingMessages.id, input.messageId))
    .returning();
  if (!row) throw new StaffError('not-found', 'messageId', `No message ${input.messageId}`);
  return row;
}

/** Makes the professional the thread's current assignee (and a participant). */
export async function assignThread(db: Database, input: { threadId: number; assigneeUserId: number }): Promise<void> {
  await professional(db, input.assigneeUserId, 'assigneeUserId');
  await requireThread(db, input.threadId);
  await withTransaction(db, async (tx) => {
    await tx
      .update(messagingAssignments)
      .set({ isCurrent: false })
      .where(and(eq(messagingAssignments.threadId, input.threadId), eq(messagingAssignments.isCurrent, true)));
    await tx.insert(messagingAssignments).values({ threadId: input.threadId, assigneeUserId: input.assigneeUserId });
    await tx
      .insert(messagingThreadParticipants)
      .values({ threadId: input.threadId, userId: input.assigneeUserId })
      .onConflictDoNothing();
  });
}

export interface ProfessionalListItem {
  id: number;
  name: string;
  title: string | null;
  role: string | null;
  isTeamRecipient: boolean;
}

export async function listProfessionals(db: Database): Promise<ProfessionalListItem[]> {
  const rows = await db.select().from(messagingUsers).where(eq(messagingUsers.userType, 'ProfessionalUser')).orderBy(asc(messagingUsers.id));
  return rows.map((user) => ({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    title: user.title,
    role: user.role,
    isTeamRecipient: user.isTeamRecipient,
  }));
}

export interface ThreadListItem {
  id: number;
  title: string;
  isActive: boolean;
  lastActivityAt: string;
  messageCount: number;
}

/** A customer's threads by identity code, newest activity first (testers find the thread to answer). */
export async function listThreadsOfCustomer(db: Database, input: { identityCode: string }): Promise<ThreadListItem[]> {
  const rows = await db
    .select({
      id: messagingThreads.id,
      title: messagingThreads.title,
      isActive: messagingThreads.isActive,
      lastActivityAt: messagingThreads.lastActivityAt,
      messageCount: sql<number>`(select count(*) from ${messagingMessages} where ${messagingMessages.threadId} = ${messagingThreads.id})::int`,
    })
    .from(messagingThreads)
    .innerJoin(messagingUsers, eq(messagingUsers.id, messagingThreads.customerUserId))
    .innerJoin(people, eq(people.id, messagingUsers.personId))
    .where(eq(people.identityCode, input.identityCode.trim().toUpperCase()))
    .orderBy(desc(messagingThreads.lastActivityAt), desc(messagingThreads.id));
  return rows.map((row) => ({ ...row, lastActivityAt: row.lastActivityAt.toISOString() }));
}
