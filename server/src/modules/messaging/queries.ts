import { and, asc, desc, eq, gt, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { messageAttachments } from '../attachments/schema';
import { questionnaireInvitations } from '../records/schema';
import {
  messagingAbsences,
  messagingAbsenceSubstitutes,
  messagingAssignments,
  messagingMessageQuestionnaires,
  messagingMessages,
  messagingReadStatus,
  messagingThreadParticipants,
  messagingThreads,
  messagingUsers,
} from './schema';

/** Reads of the messaging tables. Every function taking ids answers for all of them in one query. */

export type MessagingUserRow = typeof messagingUsers.$inferSelect;

export interface ThreadRow {
  id: number;
  title: string;
  threadType: (typeof messagingThreads.$inferSelect)['threadType'];
  isActive: boolean;
  createdAt: Date;
  timestampForProfessionals: Date | null;
  customerUserId: number;
  lastMessageAt: Date | null;
  /** the customer user's read time */
  customerReadAt: Date | null;
  currentAssignment: { assigneeUserId: number; assignedAt: Date } | null;
}

export interface MessageRow {
  id: number;
  threadId: number;
  authorUserId: number;
  createdAt: Date;
  content: string;
  deletedAt: Date | null;
  deletedByUserId: number | null;
  deletedReason: string | null;
}

/** A listed message with its author and whether it has files or questionnaires (fetched only then). */
export interface PagedMessage extends MessageRow {
  author: MessagingUserRow | null;
  hasAttachments: boolean;
  hasInvitations: boolean;
}

export interface MessagePage {
  totalCount: number;
  messages: PagedMessage[];
}

export interface MessagePageArgs {
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

export interface AbsenceRow {
  id: number;
  absenteeUserId: number;
  startsAt: Date;
  endsAt: Date;
  substituteUserIds: number[];
}

export interface InvitationRow {
  id: number;
  personId: string;
  answeredAt: Date | null;
  questionnaireId: string;
  questionnaireTitle: string;
}

/**
 * `column = any($1::int[])` with the ids as one array parameter: a list of 200 ids stays one
 * parameter (one statement text for the database to plan, little work for the query builder).
 */
function anyId(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

function groupBy<K, V>(rows: readonly V[], keyOf: (row: V) => K): Map<K, V[]> {
  const groups = new Map<K, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** The customer messaging user of a person, or null when the person has none. */
export async function customerUserIdOf(db: Database, personId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: messagingUsers.id })
    .from(messagingUsers)
    .where(and(eq(messagingUsers.personId, personId), eq(messagingUsers.userType, 'CustomerUser')));
  return row?.id ?? null;
}

/** Who a customer may address a new conversation to: the healthcare team recipients. */
export async function teamRecipients(db: Database): Promise<MessagingUserRow[]> {
  return db
    .select()
    .from(messagingUsers)
    .where(and(eq(messagingUsers.isTeamRecipient, true), eq(messagingUsers.userType, 'ProfessionalUser')))
    .orderBy(asc(messagingUsers.id));
}

const threadColumns = {
  id: messagingThreads.id,
  lastActivityAt: messagingThreads.lastActivityAt,
  title: messagingThreads.title,
  threadType: messagingThreads.threadType,
  isActive: messagingThreads.isActive,
  createdAt: messagingThreads.createdAt,
  timestampForProfessionals: messagingThreads.timestampForProfessionals,
  customerUserId: messagingThreads.customerUserId,
  lastMessageAt: messagingThreads.lastMessageAt,
  customerReadAt: messagingReadStatus.readAt,
  assigneeUserId: messagingAssignments.assigneeUserId,
  assignedAt: messagingAssignments.assignedAt,
};

interface ThreadSelectRow extends Omit<ThreadRow, 'currentAssignment'> {
  lastActivityAt: Date;
  assigneeUserId: number | null;
  assignedAt: Date | null;
}

function toThreadRow(row: ThreadSelectRow): ThreadRow {
  return {
    id: row.id,
    title: row.title,
    threadType: row.threadType,
    isActive: row.isActive,
    createdAt: row.createdAt,
    timestampForProfessionals: row.timestampForProfessionals,
    customerUserId: row.customerUserId,
    lastMessageAt: row.lastMessageAt,
    customerReadAt: row.customerReadAt,
    currentAssignment:
      row.assigneeUserId !== null && row.assignedAt !== null ? { assigneeUserId: row.assigneeUserId, assignedAt: row.assignedAt } : null,
  };
}

/** Threads with the customer's read time and the current assignment joined in. */
function threadsOfCustomer(db: Database, customerUserId: number | Placeholder) {
  return db
    .select({ ...threadColumns, totalCount: sql<number>`(count(*) over ())::int`.as('total_count') })
    .from(messagingThreads)
    .leftJoin(
      messagingReadStatus,
      and(eq(messagingReadStatus.threadId, messagingThreads.id), eq(messagingReadStatus.userId, customerUserId)),
    )
    .leftJoin(messagingAssignments, and(eq(messagingAssignments.threadId, messagingThreads.id), eq(messagingAssignments.isCurrent, true)))
    .$dynamic();
}

/**
 * One page of a customer's threads, newest activity first. The order is spelt like the index
 * (desc nulls last) so PostgreSQL reads the page straight from it.
 */
export async function threadsPage(
  db: Database,
  customerUserId: number,
  page: { limit: number; offset: number },
): Promise<{ totalCount: number; threads: ThreadRow[] }> {
  const rows = await threadsOfCustomer(db, customerUserId)
    .where(eq(messagingThreads.customerUserId, customerUserId))
    .orderBy(sql`${messagingThreads.lastActivityAt} desc nulls last`, sql`${messagingThreads.id} desc nulls last`)
    .limit(page.limit)
    .offset(page.offset);
  let totalCount = rows[0]?.totalCount ?? 0;
  // an empty page (past the end, or limit 0) has no row to carry the count
  if (rows.length === 0) totalCount = await countThreads(db, customerUserId);
  return { totalCount, threads: rows.map((row) => toThreadRow(row)) };
}

/** A listed thread with its newest message (the conversation list's row). */
export interface ThreadWithLatest extends ThreadRow {
  latest: MessagePage;
}

/**
 * The list query is the portal's most frequent (polled by every open conversation list), so it is
 * built once per database and sent as a named prepared statement: neither the query builder nor
 * PostgreSQL's parser and planner redo their work on every request.
 */
function prepareThreadsWithLatest(db: Database) {
  const customerUserId = sql.placeholder('customerUserId');
  // No count(*) over () here: a window over the customer's threads would join every one of them
  // before the page is cut. The page comes straight from the index; the total is counted apart.
  const paged = db
    .select({ ...threadColumns, messageCount: messagingThreads.messageCount })
    .from(messagingThreads)
    .leftJoin(
      messagingReadStatus,
      and(eq(messagingReadStatus.threadId, messagingThreads.id), eq(messagingReadStatus.userId, customerUserId)),
    )
    .leftJoin(messagingAssignments, and(eq(messagingAssignments.threadId, messagingThreads.id), eq(messagingAssignments.isCurrent, true)))
    .where(eq(messagingThreads.customerUserId, customerUserId))
    .orderBy(sql`${messagingThreads.lastActivityAt} desc nulls last`, sql`${messagingThreads.id} desc nulls last`)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('paged');
  const latest = db
    .select()
    .from(messagingMessages)
    .where(eq(messagingMessages.threadId, paged.id))
    .orderBy(desc(messagingMessages.createdAt), desc(messagingMessages.id))
    .limit(1)
    .as('latest');
  return db
    .select({
      thread: {
        id: paged.id,
        lastActivityAt: paged.lastActivityAt,
        title: paged.title,
        threadType: paged.threadType,
        isActive: paged.isActive,
        createdAt: paged.createdAt,
        timestampForProfessionals: paged.timestampForProfessionals,
        customerUserId: paged.customerUserId,
        lastMessageAt: paged.lastMessageAt,
        customerReadAt: paged.customerReadAt,
        assigneeUserId: paged.assigneeUserId,
        assignedAt: paged.assignedAt,
      },
      totalCount: sql<number>`(select count(*)::int from ${messagingThreads} where ${messagingThreads.customerUserId} = ${customerUserId})`,
      messageCount: paged.messageCount,
      latest: {
        id: latest.id,
        authorUserId: latest.authorUserId,
        createdAt: latest.createdAt,
        content: latest.content,
        deletedAt: latest.deletedAt,
        deletedByUserId: latest.deletedByUserId,
        deletedReason: latest.deletedReason,
      },
      author: messagingUsers,
      hasAttachments: sql<boolean>`exists(select 1 from ${messageAttachments} where ${messageAttachments.messageId} = ${latest.id} and ${messageAttachments.status} = 'linked')`,
      hasInvitations: sql<boolean>`exists(select 1 from ${messagingMessageQuestionnaires} where ${messagingMessageQuestionnaires.messageId} = ${latest.id})`,
    })
    .from(paged)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(messagingUsers, eq(messagingUsers.id, latest.authorUserId))
    .orderBy(sql`${paged.lastActivityAt} desc nulls last`, sql`${paged.id} desc nulls last`)
    .prepare('messaging_threads_page_with_latest');
}

const preparedThreadsWithLatest = new WeakMap<Database, ReturnType<typeof prepareThreadsWithLatest>>();

/**
 * The conversation list in one statement: the page of threads (as threadsPage) and, for those
 * threads only, each one's message count and newest message with its author — the page is cut
 * first, so a page of 10 looks up 10 newest messages whatever the customer's number of threads.
 */
export async function threadsPageWithLatest(
  db: Database,
  customerUserId: number,
  page: { limit: number; offset: number },
): Promise<{ totalCount: number; threads: ThreadWithLatest[] }> {
  let prepared = preparedThreadsWithLatest.get(db);
  if (!prepared) {
    prepared = prepareThreadsWithLatest(db);
    preparedThreadsWithLatest.set(db, prepared);
  }
  const rows = await prepared.execute({ customerUserId, limit: page.limit, offset: page.offset });
  let totalCount = rows[0]?.totalCount ?? 0;
  // an empty page (past the end, or limit 0) has no row to carry the count
  if (rows.length === 0) totalCount = await countThreads(db, customerUserId);
  return {
    totalCount,
    threads: rows.map((row) => {
      const message = row.latest;
      const messages: PagedMessage[] =
        message && message.id !== null && message.authorUserId !== null && message.createdAt !== null && message.content !== null
          ? [
              {
                id: message.id,
                threadId: row.thread.id,
                authorUserId: message.authorUserId,
                createdAt: message.createdAt,
                content: message.content,
                deletedAt: message.deletedAt,
                deletedByUserId: message.deletedByUserId,
                deletedReason: message.deletedReason,
                author: row.author,
                hasAttachments: row.hasAttachments,
                hasInvitations: row.hasInvitations,
              },
            ]
          : [];
      return { ...toThreadRow(row.thread), latest: { totalCount: row.messageCount ?? 0, messages } };
    }),
  };
}

export async function countThreads(db: Database, customerUserId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messagingThreads)
    .where(eq(messagingThreads.customerUserId, customerUserId));
  return row?.n ?? 0;
}

/** A thread whose customer is this customer user; null for anyone else's or a missing one. */
export async function threadOfCustomer(db: Database, customerUserId: number, threadId: number): Promise<ThreadRow | null> {
  const [row] = await threadsOfCustomer(db, customerUserId).where(
    and(eq(messagingThreads.id, threadId), eq(messagingThreads.customerUserId, customerUserId)),
  );
  return row ? toThreadRow(row) : null;
}

export async function usersByIds(db: Database, ids: readonly number[]): Promise<Map<number, MessagingUserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(messagingUsers).where(anyId(messagingUsers.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function participantsOf(db: Database, threadIds: readonly number[]): Promise<Map<number, MessagingUserRow[]>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select({ threadId: messagingThreadParticipants.threadId, user: messagingUsers })
    .from(messagingThreadParticipants)
    .innerJoin(messagingUsers, eq(messagingUsers.id, messagingThreadParticipants.userId))
    .where(anyId(messagingThreadParticipants.threadId, threadIds))
    // the customer first, then the others as they joined
    .orderBy(
      sql`${messagingUsers.userType} <> 'CustomerUser'`,
      asc(messagingThreadParticipants.addedAt),
      asc(messagingUsers.id),
    );
  const grouped = groupBy(rows, (row) => row.threadId);
  return new Map([...grouped].map(([threadId, group]) => [threadId, group.map((row) => row.user)]));
}

export async function readStatusesOf(
  db: Database,
  threadIds: readonly number[],
): Promise<Map<number, { userId: number; readAt: Date }[]>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(messagingReadStatus)
    .where(anyId(messagingReadStatus.threadId, threadIds))
    .orderBy(asc(messagingReadStatus.readAt));
  return groupBy(rows, (row) => row.threadId);
}

/**
 * A page of messages of each thread in one statement: a lateral subquery takes each thread's page
 * straight from the (thread, created) index, and the count is the thread's own. The authors come joined,
 * and two index probes tell which messages have files or questionnaires, so those are fetched only
 * when there are some — in a list of latest messages, rarely.
 */
export async function messagePagesOf(db: Database, threadIds: readonly number[], args: MessagePageArgs): Promise<Map<number, MessagePage>> {
  if (threadIds.length === 0) return new Map();
  const direction = args.sort === 'desc' ? desc : asc;
  const page = db
    .select()
    .from(messagingMessages)
    .where(eq(messagingMessages.threadId, messagingThreads.id))
    .orderBy(direction(messagingMessages.createdAt), direction(messagingMessages.id))
    .limit(args.limit)
    .offset(args.offset)
    .as('page');
  const rows = await db
    .select({
      threadId: messagingThreads.id,
      totalCount: messagingThreads.messageCount,
      id: page.id,
      authorUserId: page.authorUserId,
      createdAt: page.createdAt,
      content: page.content,
      deletedAt: page.deletedAt,
      deletedByUserId: page.deletedByUserId,
      deletedReason: page.deletedReason,
      author: messagingUsers,
      hasAttachments: sql<boolean>`exists(select 1 from ${messageAttachments} where ${messageAttachments.messageId} = ${page.id} and ${messageAttachments.status} = 'linked')`,
      hasInvitations: sql<boolean>`exists(select 1 from ${messagingMessageQuestionnaires} where ${messagingMessageQuestionnaires.messageId} = ${page.id})`,
    })
    .from(messagingThreads)
    .leftJoinLateral(page, sql`true`)
    .leftJoin(messagingUsers, eq(messagingUsers.id, page.authorUserId))
    .where(anyId(messagingThreads.id, threadIds))
    .orderBy(asc(messagingThreads.id), direction(page.createdAt), direction(page.id));
  const pages = new Map<number, MessagePage>();
  for (const row of rows) {
    let entry = pages.get(row.threadId);
    if (!entry) {
      entry = { totalCount: row.totalCount ?? 0, messages: [] };
      pages.set(row.threadId, entry);
    }
    // A thread without messages (in this page) comes back once with the message columns null.
    if (row.id !== null && row.authorUserId !== null && row.createdAt !== null && row.content !== null) {
      entry.messages.push({
        id: row.id,
        threadId: row.threadId,
        authorUserId: row.authorUserId,
        createdAt: row.createdAt,
        content: row.content,
        deletedAt: row.deletedAt,
        deletedByUserId: row.deletedByUserId,
        deletedReason: row.deletedReason,
        author: row.author,
        hasAttachments: row.hasAttachments,
        hasInvitations: row.hasInvitations,
      });
    }
  }
  return pages;
}

/** Absences that have not ended yet, the current (earliest) first, with their substitutes. */
export async function absencesOf(db: Database, userIds: readonly number[], now: Date): Promise<Map<number, AbsenceRow[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: messagingAbsences.id,
      absenteeUserId: messagingAbsences.absenteeUserId,
      startsAt: messagingAbsences.startsAt,
      endsAt: messagingAbsences.endsAt,
      substituteUserIds: sql<number[] | null>`array_agg(${messagingAbsenceSubstitutes.substituteUserId} order by ${messagingAbsenceSubstitutes.substituteUserId}) filter (where ${messagingAbsenceSubstitutes.substituteUserId} is not null)`,
    })
    .from(messagingAbsences)
    .leftJoin(messagingAbsenceSubstitutes, eq(messagingAbsenceSubstitutes.absenceId, messagingAbsences.id))
    .where(and(anyId(messagingAbsences.absenteeUserId, userIds), gt(messagingAbsences.endsAt, now)))
    .groupBy(messagingAbsences.id)
    .orderBy(asc(messagingAbsences.startsAt), asc(messagingAbsences.id));
  return groupBy(
    rows.map((row) => ({ ...row, substituteUserIds: (row.substituteUserIds ?? []).map(Number) })),
    (row) => row.absenteeUserId,
  );
}

/** The questionnaire invitations sent with each message; the questionnaire's id and title come from its form. */
export async function invitationsOfMessages(db: Database, messageIds: readonly number[]): Promise<Map<number, InvitationRow[]>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select({
      messageId: messagingMessageQuestionnaires.messageId,
      id: questionnaireInvitations.id,
      personId: questionnaireInvitations.personId,
      answeredAt: questionnaireInvitations.answeredAt,
      questionnaireId: sql<string>`coalesce(${questionnaireInvitations.form} ->> 'id', ${questionnaireInvitations.formId})`,
      questionnaireTitle: sql<string>`coalesce(${questionnaireInvitations.form} ->> 'title', ${questionnaireInvitations.title})`,
    })
    .from(messagingMessageQuestionnaires)
    .innerJoin(questionnaireInvitations, eq(questionnaireInvitations.id, messagingMessageQuestionnaires.invitationId))
    .where(anyId(messagingMessageQuestionnaires.messageId, messageIds))
    .orderBy(asc(questionnaireInvitations.id));
  return groupBy(rows, (row) => row.messageId);
}
