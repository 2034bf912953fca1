import { sql, type SQL } from 'drizzle-orm';
import type { MessagingSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { createPerTurnReader, perDatabase } from '../../db/per-turn-loader';
import { preparedStatement } from '../../db/prepared';
import { fromPeopleWithIds, personRowId } from '../patients/index';
import { messagingAssignments, messagingMessages, messagingReadStatus, messagingThreads, messagingUsers } from './schema';


/**
 * Whether the person (`personId`, the front page's statement's) has a conversation: one of the
 * front page's landing events (front-page/landing.ts).
 */
export function messagingLandingEvents(personId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${messagingThreads} join ${messagingUsers} on ${messagingUsers.id} = ${messagingThreads.customerUserId} where ${messagingUsers.personId} = ${personId})`;
}

/** The front page shows this many conversations (spec part 1 §1 summaries). */
export const SUMMARY_THREADS = 3;

interface NewestThreadJson {
  id: number;
  title: string;
  isRead: boolean;
  /** milliseconds since the epoch: the newest message's time, or the thread's creation without one */
  latestMessageAt: number;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorType: string | null;
  latestDeleted: boolean;
}

/** A timestamp as whole milliseconds since the epoch, as the driver's Date (and isThreadRead) has it. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::int8`);

/**
 * The front page's conversations summary for a subject: the newest three threads with their latest
 * message, how many there are and how many are unread. One statement (the front page is asked on
 * every sign-in): the customer user, every thread's read state, the counts, and the newest three
 * with their latest message and its author, the page as one JSON value.
 *
 * The read state is spec part 1 §4 "Thread read state" as read-state.ts's isThreadRead has it, in
 * SQL: read when the thread has no messages, or when the customer's read time is at or after the
 * latest of the latest message's time, the current assignment's (only when the customer is the
 * assignee) and the professionals' timestamp, compared in whole milliseconds as there.
 * The caller audits the read and calls this only when customer-messaging-allowed is on.
 * One statement for every subject asked in the same turn of the event loop, prepared
 * (db/prepared.ts): the front page is asked on every sign-in.
 */
const summaryStatement = preparedStatement<
  { person_id: string; total: number; unread: number; newest: NewestThreadJson[] | null },
  { ids: readonly string[] }
>(
  'front_page_messaging',
  () => sql`
    select ${personRowId} as person_id, s.total, s.unread, s.newest
      ${fromPeopleWithIds('ids', sql`cross join lateral (
        with customer as (
          select id from ${messagingUsers} where person_id = ${personRowId} and user_type = 'CustomerUser'
        ), threads as (
          select t.id, t.title, t.created_at, t.last_activity_at,
                 t.last_message_at is null or (rs.read_at is not null and ${ms('rs.read_at')} >= greatest(
                   ${ms('t.last_message_at')},
                   case when a.assignee_user_id = customer.id then ${ms('a.assigned_at')} end,
                   ${ms('t.timestamp_for_professionals')})) as is_read
            from customer
            join ${messagingThreads} t on t.customer_user_id = customer.id
            left join ${messagingReadStatus} rs on rs.thread_id = t.id and rs.user_id = customer.id
            left join ${messagingAssignments} a on a.thread_id = t.id and a.is_current
        )
        select (select count(*)::int from threads) as total,
               (select count(*)::int from threads where not is_read) as unread,
               (select json_agg(json_build_object(
                         'id', n.id, 'title', n.title, 'isRead', n.is_read,
                         'latestMessageAt', ${ms('coalesce(l.created_at, n.created_at)')},
                         'authorFirstName', u.first_name, 'authorLastName', u.last_name, 'authorType', u.user_type,
                         'latestDeleted', l.deleted_at is not null)
                       order by n.last_activity_at desc nulls last, n.id desc nulls last)
                  from (select * from threads order by last_activity_at desc nulls last, id desc nulls last limit ${SUMMARY_THREADS}) n
                  left join lateral (
                    select m.created_at, m.author_user_id, m.deleted_at from ${messagingMessages} m
                     where m.thread_id = n.id order by m.created_at desc, m.id desc limit 1
                  ) l on true
                  left join ${messagingUsers} u on u.id = l.author_user_id) as newest
      ) s`)}`,
);

/** The summaries of `subjectPersonIds` in one statement (summaryStatement), in their order. */
async function messagingSummaries(db: Database, subjectPersonIds: readonly string[]): Promise<MessagingSummary[]> {
  const rows = await summaryStatement(db, { ids: subjectPersonIds });
  const byId = new Map(rows.map((row) => [row.person_id, row]));
  return subjectPersonIds.map((id) => {
    const row = byId.get(id);
    return {
      totalCount: row?.total ?? 0,
      unreadCount: row?.unread ?? 0,
      threads: (row?.newest ?? []).map((thread) => ({
        id: String(thread.id),
        title: thread.title,
        isRead: thread.isRead,
        latestMessageAt: new Date(Number(thread.latestMessageAt)).toISOString(),
        latestAuthorName: thread.authorType ? `${thread.authorFirstName ?? ''} ${thread.authorLastName ?? ''}`.trim() : '',
        latestByCustomer: thread.authorType === 'CustomerUser',
        latestDeleted: thread.latestDeleted,
      })),
    };
  });
}

/** The people signing in at the same moment share one statement (db/per-turn-loader.ts). */
const summaryReaders = perDatabase((db) =>
  createPerTurnReader(
    (subjectPersonId: string) => subjectPersonId,
    (subjectPersonIds: readonly string[]) => messagingSummaries(db, subjectPersonIds),
  ),
);

/** The front page's conversations summary of one subject (see messagingSummaries). */
export async function messagingSummary(db: Database, subjectPersonId: string): Promise<MessagingSummary> {
  return summaryReaders(db)(subjectPersonId);
}
