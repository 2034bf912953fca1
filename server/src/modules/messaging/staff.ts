import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { STAFF_PROFESSIONAL_ACTOR_ID, writeAudit, type StaffAuditDetails } from '../audit/index';
import { personIdByIdentityCode } from '../patients/index';
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
 * The professionals' side of messaging, for testers (docs/product-decisions.md, "Staff work is outside the portal": staff work is outside the
 * portal; replies come through a server command and a guarded API). Used by staff-api.ts and
 * cli/staff-messaging.ts.
 *
 * Every command that reads a patient's threads or messages, writes included (each reads the thread
 * it changes), first writes an audit row: the subject is the thread's customer, the actor
 * STAFF_PROFESSIONAL_ACTOR_ID (the staff channels know no person; the patient's access log names
 * "a healthcare professional"), the details `{ actorRole: 'professional', staffChannel }` and the
 * ids touched, never an identity code. As with auditedRead, a command whose row cannot be written
 * does not run. Listing the professionals reads no patient's data and writes nothing.
 */

/** Which staff channel a command came through, for its audit row. */
export interface StaffChannel {
  channel: StaffAuditDetails['staffChannel'];
  /** the HTTP request's id (the API's) */
  requestId?: string;
  /** the HTTP request's correlationIdOf (the API's): its rows are one entry of the access log */
  correlationId?: string;
  /**
   * The professional who acts (the API's `professionalUserId` query parameter): the audit row names
   * their role, so the patient's access log says "A doctor" for a read too, not only for a reply.
   */
  professionalUserId?: number;
}

/** The audit action of each staff command (all in the `messaging` family: the log's "Messages"). */
export const STAFF_AUDIT_ACTIONS = {
  threads: 'messaging.staff.threads',
  reply: 'messaging.staff.reply',
  close: 'messaging.staff.close',
  reopen: 'messaging.staff.reopen',
  assign: 'messaging.staff.assign',
  deleteMessage: 'messaging.staff.delete-message',
} as const;
type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[keyof typeof STAFF_AUDIT_ACTIONS];

async function auditStaff(
  db: Database,
  by: StaffChannel,
  subjectPersonId: string | null,
  action: StaffAuditAction,
  ids: Record<string, number> = {},
  actor?: Pick<MessagingUserRow, 'role'>,
): Promise<void> {
  // An acting professional the call names must exist, whatever the thread (400 naming the parameter).
  const acting = actor ?? (by.professionalUserId !== undefined ? await actingProfessional(db, by.professionalUserId) : undefined);
  // A thread of a customer user who is no person of the portal is nobody's patient data here.
  if (!subjectPersonId) return;
  const professionalRole = acting?.role === 'Doctor' ? 'doctor' : acting?.role === 'Nurse' ? 'nurse' : undefined;
  const details: StaffAuditDetails & Record<string, unknown> = {
    actorRole: 'professional',
    staffChannel: by.channel,
    ...(professionalRole ? { professionalRole } : {}),
    ...ids,
  };
  await writeAudit(db, {
    actorPersonId: STAFF_PROFESSIONAL_ACTOR_ID,
    subjectPersonId,
    action,
    details,
    ...(by.requestId ? { requestId: by.requestId } : {}),
    ...(by.correlationId ? { correlationId: by.correlationId } : {}),
  });
}

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

/** The professional a call names as acting (`?professionalUserId=`): a wrong one is the caller's mistake, 400. */
async function actingProfessional(db: Database, userId: number): Promise<MessagingUserRow> {
  try {
    return await professional(db, userId, 'professionalUserId');
  } catch (error) {
    if (error instanceof StaffError) throw new StaffError('invalid', 'professionalUserId', error.message);
    throw error;
  }
}

/** The thread's customer's person id (null: the customer is no person of the portal), or not-found. */
async function threadSubject(db: Database, threadId: number): Promise<string | null> {
  const [thread] = await db
    .select({ personId: messagingUsers.personId })
    .from(messagingThreads)
    .innerJoin(messagingUsers, eq(messagingUsers.id, messagingThreads.customerUserId))
    .where(eq(messagingThreads.id, threadId));
  if (!thread) throw new StaffError('not-found', 'threadId', `No thread ${threadId}`);
  return thread.personId;
}

/** Finds the thread and writes the audit row of a command on it. */
async function auditThread(
  db: Database,
  by: StaffChannel,
  action: StaffAuditAction,
  ids: { threadId: number } & Record<string, number>,
  actor?: Pick<MessagingUserRow, 'role'>,
): Promise<void> {
  await auditStaff(db, by, await threadSubject(db, ids.threadId), action, ids, actor);
}

/**
 * A professional's message in a thread. The professional joins the thread's participants and has
 * read it; for the customer the thread turns unread (its latest message is newer than their read).
 */
export async function postProfessionalReply(
  db: Database,
  input: { threadId: number; professionalUserId: number; content: string; invitationIds?: number[] },
  by: StaffChannel,
): Promise<MessageRow> {
  const content = input.content.trim();
  if (!content) throw new StaffError('invalid', 'content', 'The reply is empty');
  const author = await professional(db, input.professionalUserId, 'professionalUserId');
  await auditThread(db, by, STAFF_AUDIT_ACTIONS.reply, { threadId: input.threadId, professionalUserId: input.professionalUserId }, author);
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

async function setActive(db: Database, threadId: number, isActive: boolean, by: StaffChannel | undefined): Promise<void> {
  if (by) await auditThread(db, by, isActive ? STAFF_AUDIT_ACTIONS.reopen : STAFF_AUDIT_ACTIONS.close, { threadId });
  const updated = await db.update(messagingThreads).set({ isActive }).where(eq(messagingThreads.id, threadId)).returning({ id: messagingThreads.id });
  if (updated.length === 0) throw new StaffError('not-found', 'threadId', `No thread ${threadId}`);
}

/**
 * Closes the thread (spec part 1 §4 Closed thread); the customer may still write in it. Audited as
 * the staff channel `by`; without it only for the demo seed (server/src/demo/seed/messaging.ts), which
 * reads nobody's data.
 */
export const closeThread = (db: Database, input: { threadId: number }, by?: StaffChannel) => setActive(db, input.threadId, false, by);
export const reopenThread = (db: Database, input: { threadId: number }, by: StaffChannel) => setActive(db, input.threadId, true, by);

/** Deletes a message: the row stays (who, when, why); customers see it without content or files. */
export async function deleteMessage(
  db: Database,
  input: { messageId: number; deletedByUserId: number; reason: string },
  by: StaffChannel,
): Promise<MessageRow> {
  const deleter = await professional(db, input.deletedByUserId, 'deletedByUserId');
  const [message] = await db
    .select({ threadId: messagingMessages.threadId, personId: messagingUsers.personId })
    .from(messagingMessages)
    .innerJoin(messagingThreads, eq(messagingThreads.id, messagingMessages.threadId))
    .innerJoin(messagingUsers, eq(messagingUsers.id, messagingThreads.customerUserId))
    .where(eq(messagingMessages.id, input.messageId));
  if (!message) throw new StaffError('not-found', 'messageId', `No message ${input.messageId}`);
  await auditStaff(db, by, message.personId, STAFF_AUDIT_ACTIONS.deleteMessage, {
    messageId: input.messageId,
    threadId: message.threadId,
    deletedByUserId: input.deletedByUserId,
  }, deleter);
  const [row] = await db
    .update(messagingMessages)
    .set({ deletedAt: sql`now()`, deletedByUserId: input.deletedByUserId, deletedReason: input.reason.trim() || null })
    .where(eq(messagingMessages.id, input.messageId))
    .returning();
  if (!row) throw new StaffError('not-found', 'messageId', `No message ${input.messageId}`);
  return row;
}

/** Makes the professional the thread's current assignee (and a participant). */
export async function assignThread(db: Database, input: { threadId: number; assigneeUserId: number }, by: StaffChannel): Promise<void> {
  await professional(db, input.assigneeUserId, 'assigneeUserId');
  await auditThread(db, by, STAFF_AUDIT_ACTIONS.assign, { threadId: input.threadId, assigneeUserId: input.assigneeUserId });
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

/**
 * A customer's threads by identity code, newest activity first (testers find the thread to answer).
 * One audit row for the patient per call (an unknown code reads nobody's data: none).
 */
export async function listThreadsOfCustomer(db: Database, input: { identityCode: string }, by: StaffChannel): Promise<ThreadListItem[]> {
  const personId = await personIdByIdentityCode(db, input.identityCode);
  if (!personId) return [];
  await auditStaff(db, by, personId, STAFF_AUDIT_ACTIONS.threads);
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
    .where(eq(messagingUsers.personId, personId))
    .orderBy(desc(messagingThreads.lastActivityAt), desc(messagingThreads.id));
  return rows.map((row) => ({ ...row, lastActivityAt: row.lastActivityAt.toISOString() }));
}
