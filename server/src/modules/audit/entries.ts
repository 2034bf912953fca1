import { and, count, desc, eq, gte, inArray, lt, lte, max, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { auditLog } from './schema';

/**
 * The subject's audit rows grouped into entries, as the patient's access log (the account module's
 * data-access page) shows them. What kind of data an action is belongs to that page: it hands its
 * classification in as an SQL expression over the action (`categoryOf`), and this module applies it
 * to its own table.
 */
export interface AuditEntryQuery {
  subjectPersonId: string;
  /** the newest row id included: rows written after it are left out */
  asOf: string;
  /** the kind of data an action is, as an SQL expression over the action */
  categoryOf: (action: SQLWrapper) => SQL<string>;
  /** only rows of these kinds (none or empty: every row) */
  categories?: readonly string[] | undefined;
  /** only rows at or after this instant */
  from?: Date | undefined;
  /** only rows before this instant */
  before?: Date | undefined;
}

/** The rows of the subject's log up to `asOf` that pass the filter. */
function logRows(query: AuditEntryQuery) {
  return and(
    eq(auditLog.subjectPersonId, query.subjectPersonId),
    lte(auditLog.id, Number(query.asOf)),
    query.categories?.length ? inArray(query.categoryOf(auditLog.action), [...query.categories]) : undefined,
    query.from ? gte(auditLog.at, query.from) : undefined,
    query.before ? lt(auditLog.at, query.before) : undefined,
  );
}

/**
 * The entry a row belongs to: the rows of one request (one page view) share their correlation id
 * and actor; a row without one (server commands, rows from before the column) is an entry alone.
 */
const entryKey = sql<string>`coalesce(${auditLog.correlationId}::text, 'row:' || ${auditLog.id}::text)`;

/** The newest row id of the subject's log ('0' when it has none). */
export async function newestAuditRowId(db: Database, subjectPersonId: string): Promise<string> {
  return String((await db.select({ newest: max(auditLog.id) }).from(auditLog).where(eq(auditLog.subjectPersonId, subjectPersonId)))[0]?.newest ?? 0);
}

/** How many entries the subject's log has as of `asOf`, as filtered. */
export async function auditEntryCount(db: Database, query: AuditEntryQuery): Promise<number> {
  const entries = db.select({ key: entryKey }).from(auditLog).where(logRows(query)).groupBy(entryKey, auditLog.actorPersonId).as('entries');
  const [counted] = await db.select({ n: count() }).from(entries);
  return counted?.n ?? 0;
}

/** The entries of the subject's log as of `asOf`, newest first: `limit`/`offset` page them (undefined: all). */
export async function auditEntries(db: Database, query: AuditEntryQuery, window: { limit: number; offset: number } | undefined) {
  const newestAt = max(auditLog.at);
  const newestId = max(auditLog.id);
  const select = db
    .select({
      id: newestId,
      at: newestAt,
      actorPersonId: auditLog.actorPersonId,
      categories: sql<string[]>`array_agg(distinct ${query.categoryOf(auditLog.action)})`,
      page: max(auditLog.page),
      professionalRole: sql<string | null>`max(${auditLog.details}->>'professionalRole')`,
    })
    .from(auditLog)
    .where(logRows(query))
    .groupBy(entryKey, auditLog.actorPersonId)
    .orderBy(desc(newestAt), desc(newestId));
  return window ? select.limit(window.limit).offset(window.offset) : select;
}

export type AuditEntryRow = Awaited<ReturnType<typeof auditEntries>>[number];
