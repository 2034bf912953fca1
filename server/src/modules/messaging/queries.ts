import { and, asc, desc, eq, gt, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnLoader } from '../../db/per-turn-loader';
import { hasLinkedAttachments } from '../attachments/index';
import { questionnaireInvitationsByIds, type QuestionnaireInvitation } from '../records/index';
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

/** A questionnaire invitation a message carries (the records module's). */
export type InvitationRow = QuestionnaireInvitation;

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

/** One conversation-list request: whose threads, and which page. */
interface ThreadsPageRequest {
  customerUserId: number;
  limit: number;
  offset: number;
}

/**
 * The conversation list is the portal's most frequent query (every open list polls it), so it is
 * a named prepared statement (neither the query builder nor PostgreSQL's planner redo their work)
 * that answers several requests at once: the lists asked for in the same turn of the event loop
 * (threadsPageWithLatest) arrive as arrays, one element per request, and each gets one row: its
 * total and its page of threads, each with its newest message and that message's author.
 *
 * Per request the page is cut from the (customer, activity) index alone and only its rows are
 * joined (a page deep in the list skips index entries, not joins); the total is an index-only
 * count of its own (a count(*) over () window would join every thread of the customer before the
 * page is cut). The page arrives as one JSON value: the driver parses that natively, where mapping
 * some 40 columns of every thread through the query builder took a fifth of the server's time
 * under load.
 */
function prepareThreadsPages(db: Database) {
  // a timestamp as milliseconds since the epoch (see Json below)
  const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::int8`);
  const pageOfThreads = sql`(
    select json_agg(json_build_object(
             'id', p.id, 'title', p.title, 'threadType', p.thread_type, 'isActive', p.is_active,
             'createdAt', ${ms('p.created_at')}, 'timestampForProfessionals', ${ms('p.timestamp_for_professionals')},
             'customerUserId', p.customer_user_id, 'lastMessageAt', ${ms('p.last_message_at')},
             'messageCount', p.message_count, 'customerReadAt', ${ms('rs.read_at')},
             'assigneeUserId', a.assignee_user_id, 'assignedAt', ${ms('a.assigned_at')},
             'latest', case when l.id is null then null else json_build_object(
               'id', l.id, 'authorUserId', l.author_user_id, 'createdAt', ${ms('l.created_at')}, 'content', l.content,
               'deletedAt', ${ms('l.deleted_at')}, 'deletedByUserId', l.deleted_by_user_id, 'deletedReason', l.deleted_reason,
               'hasAttachments', ${hasLinkedAttachments(sql.raw('l.id'))},
               'hasInvitations', exists(select 1 from ${messagingMessageQuestionnaires} q where q.message_id = l.id)) end,
             'author', case when u.id is null then null else json_build_object(
               'id', u.id, 'userType', u.user_type, 'personId', u.person_id, 'practitionerId', u.practitioner_id,
               'firstName', u.first_name, 'lastName', u.last_name, 'title', u.title, 'email', u.email,
               'companyName', u.company_name, 'role', u.role, 'isTeamRecipient', u.is_team_recipient, 'createdAt', ${ms('u.created_at')}) end)
           order by p.last_activity_at desc nulls last, p.id desc nulls last)
      from (
        select t.id, t.last_activity_at, t.title, t.thread_type, t.is_active, t.created_at, t.timestamp_for_professionals,
               t.customer_user_id, t.last_message_at, t.message_count
          from ${messagingThreads} t
         where t.customer_user_id = req.customer_user_id
         order by t.last_activity_at desc nulls last, t.id desc nulls last
         limit req.page_limit offset req.page_offset
      ) p
      left join ${messagingReadStatus} rs on rs.thread_id = p.id and rs.user_id = req.customer_user_id
      left join ${messagingAssignments} a on a.thread_id = p.id and a.is_current
      left join lateral (
        select m.id, m.author_user_id, m.created_at, m.content, m.deleted_at, m.deleted_by_user_id, m.deleted_reason
          from ${messagingMessages} m
         where m.thread_id = p.id
         order by m.created_at desc, m.id desc
         limit 1
      ) l on true
      left join ${messagingUsers} u on u.id = l.author_user_id
  )`;
  return db
    .select({
      request: sql<number>`req.n::int`,
      totalCount: sql<number>`(select count(*)::int from ${messagingThreads} c where c.customer_user_id = req.customer_user_id)`,
      threads: sql<ListedThreadJson[] | null>`${pageOfThreads}`,
    })
    .from(
      sql`unnest(${sql.placeholder('customerUserIds')}::int[], ${sql.placeholder('limits')}::int[], ${sql.placeholder('offsets')}::int[])
        with ordinality as req(customer_user_id, page_limit, page_offset, n)`,
    )
    .orderBy(sql`req.n`)
    .prepare('messaging_threads_pages');
}

/**
 * JSON has no dates: timestamps arrive as milliseconds since the epoch (truncated, as a Date holds
 * them), which make a Date far faster than parsing PostgreSQL's microsecond ISO strings would.
 */
type Json<T> = { [K in keyof T]: T[K] extends Date ? number : T[K] extends Date | null ? number | null : T[K] };

interface ListedThreadJson extends Json<Omit<ThreadSelectRow, 'lastActivityAt'>> {
  messageCount: number;
  latest: (Json<MessageRow> & { hasAttachments: boolean; hasInvitations: boolean }) | null;
  author: Json<MessagingUserRow> | null;
}

const date = (value: number) => new Date(value);
const dateOrNull = (value: number | null) => (value === null ? null : new Date(value));

// Field by field, not by spreading: this runs for every listed thread of every poll.
function toThreadWithLatest(json: ListedThreadJson): ThreadWithLatest {
  const { latest, author } = json;
  const messages: PagedMessage[] = latest
    ? [
        {
          id: latest.id,
          threadId: json.id,
          authorUserId: latest.authorUserId,
          createdAt: date(latest.createdAt),
          content: latest.content,
          deletedAt: dateOrNull(latest.deletedAt),
          deletedByUserId: latest.deletedByUserId,
          deletedReason: latest.deletedReason,
          author: author && {
            id: author.id,
            userType: author.userType,
            personId: author.personId,
            practitionerId: author.practitionerId,
            firstName: author.firstName,
            lastName: author.lastName,
            title: author.title,
            email: author.email,
            companyName: author.companyName,
            role: author.role,
            isTeamRecipient: author.isTeamRecipient,
            createdAt: date(author.createdAt),
          },
          hasAttachments: latest.hasAttachments,
          hasInvitations: latest.hasInvitations,
        },
      ]
    : [];
  return {
    id: json.id,
    title: json.title,
    threadType: json.threadType,
    isActive: json.isActive,
    createdAt: date(json.createdAt),
    timestampForProfessionals: dateOrNull(json.timestampForProfessionals),
    customerUserId: json.customerUserId,
    lastMessageAt: dateOrNull(json.lastMessageAt),
    customerReadAt: dateOrNull(json.customerReadAt),
    currentAssignment:
      json.assigneeUserId !== null && json.assignedAt !== null ? { assigneeUserId: json.assigneeUserId, assignedAt: date(json.assignedAt) } : null,
    latest: { totalCount: json.messageCount, messages },
  };
}

type ThreadsPage = { totalCount: number; threads: ThreadWithLatest[] };

function threadsPagesLoader(db: Database) {
  const prepared = prepareThreadsPages(db);
  return createPerTurnLoader<ThreadsPageRequest, ThreadsPage>(async (requests) => {
    const rows = await prepared.execute({
      customerUserIds: requests.map((r) => r.customerUserId),
      limits: requests.map((r) => r.limit),
      offsets: requests.map((r) => r.offset),
    });
    const pages: ThreadsPage[] = requests.map(() => ({ totalCount: 0, threads: [] }));
    for (const row of rows) {
      // with ordinality counts from 1
      const page = pages[row.request - 1];
      if (page) pages[row.request - 1] = { totalCount: row.totalCount, threads: (row.threads ?? []).map(toThreadWithLatest) };
    }
    return pages;
  });
}

const threadsPagesLoaders = new WeakMap<Database, ReturnType<typeof threadsPagesLoader>>();

/**
 * A page of the customer's conversation list with each thread's newest message (one statement
 * for all the lists asked for in the same turn of the event loop; see prepareThreadsPages).
 */
export async function threadsPageWithLatest(
  db: Database,
  customerUserId: number,
  page: { limit: number; offset: number },
): Promise<ThreadsPage> {
  let loader = threadsPagesLoaders.get(db);
  if (!loader) {
    loader = threadsPagesLoader(db);
    threadsPagesLoaders.set(db, loader);
  }
  return loader.load({ customerUserId, limit: page.limit, offset: page.offset });
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
      hasAttachments: hasLinkedAttachments(page.id),
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

/**
 * The questionnaire invitations sent with each message, in the invitations' order; the invitations
 * themselves (the questionnaire's id and title come from its form) are the records module's.
 */
export async function invitationsOfMessages(db: Database, messageIds: readonly number[]): Promise<Map<number, InvitationRow[]>> {
  if (messageIds.length === 0) return new Map();
  const links = await db
    .select({ messageId: messagingMessageQuestionnaires.messageId, invitationId: messagingMessageQuestionnaires.invitationId })
    .from(messagingMessageQuestionnaires)
    .where(anyId(messagingMessageQuestionnaires.messageId, messageIds));
  const invitations = await questionnaireInvitationsByIds(db, [...new Set(links.map((link) => link.invitationId))]);
  const rows = invitations.flatMap((invitation) => links.filter((link) => link.invitationId === invitation.id).map((link) => ({ messageId: link.messageId, ...invitation })));
  return groupBy(rows, (row) => row.messageId);
}
