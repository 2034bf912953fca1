import { and, count, desc, eq, gte, inArray, lt, lte, max, sql, type SQL } from 'drizzle-orm';
import {
  ACCESS_LOG_PAGE_SIZE,
  accessLogCategories,
  accessLogCategorySchema,
  accessLogProfessionalRoleSchema,
  type AccessLogCategory,
  type AccessLogEntry,
  type AccessLogFilter,
  type AccessLogPage,
  type AccessLogRole,
} from '@portal/shared-api';
import { addDays, helsinkiInstant } from '@portal/shared-i18n';
import type { Database } from '../../../db/index';
import { STAFF_PROFESSIONAL_ACTOR_ID } from '../../audit/audit';
import { auditLog } from '../../audit/schema';
import { guardianships } from '../../patients/schema';

/** The audit action of reading the access log itself (it appears in the log: see shared-api data-access.ts). */
export const ACCESS_LOG_ACTION = 'account.data-access';
/** The audit action of the FHIR export. */
export const DATA_EXPORT_ACTION = 'account.data-export';
/** The audit action of the access log's CSV download. */
export const ACCESS_LOG_EXPORT_ACTION = 'account.access-log-export';

/**
 * Audit actions (as the modules write them today) → the kind of data the patient is told about.
 * Exact actions first; then prefixes, for a feature's family of actions (a prefix matches the
 * action itself and anything after it). Anything else is `other`: the page never shows a raw id.
 */
const CATEGORY_OF_ACTION: Readonly<Record<string, AccessLogCategory>> = {
  'records.summary': 'healthRecordSummary',
  'records.visits': 'visits',
  'records.visit': 'visits',
  'records.prescriptions': 'prescriptions',
  'records.prescription-renewal': 'prescriptions',
  'records.prescription-renewal.send': 'prescriptions',
  'records.laboratory': 'laboratory',
  'records.laboratory-result': 'laboratory',
  'records.laboratory-referral': 'referrals',
  'records.imaging': 'imaging',
  'records.imaging-result': 'imaging',
  'records.imaging-referral': 'referrals',
  'records.questionnaires': 'questionnaires',
  'records.questionnaire': 'questionnaires',
  'messaging.answer-questionnaire': 'questionnaires',
  'records.certificates': 'certificates',
  'records.vaccinations': 'vaccinations',
  [ACCESS_LOG_ACTION]: 'accessLog',
  [DATA_EXPORT_ACTION]: 'dataExport',
  [ACCESS_LOG_EXPORT_ACTION]: 'accessLogExport',
};

const CATEGORY_OF_PREFIX: ReadonlyArray<readonly [string, AccessLogCategory]> = [
  ['messaging', 'messages'],
  ['account.my-information', 'contactDetails'],
  ['account.profile', 'contactDetails'],
  ['account.contact', 'contactDetails'],
  ['account.kela', 'kelaCard'],
  ['account.data-processing', 'consents'],
  ['account.consent', 'consents'],
  ['account.registration', 'registration'],
  ['account.welcome', 'registration'],
  ['account.team', 'occupationalTeam'],
  ['booking.insurance', 'insurance'],
  ['booking', 'appointments'],
];

const prefixMatches = (action: string, prefix: string) => action === prefix || action.startsWith(`${prefix}.`) || action.startsWith(`${prefix}-`);

export function categoryOfAction(action: string): AccessLogCategory {
  const exact = CATEGORY_OF_ACTION[action];
  if (exact) return exact;
  const byPrefix = CATEGORY_OF_PREFIX.find(([prefix]) => prefixMatches(action, prefix));
  return byPrefix ? byPrefix[1] : 'other';
}

/**
 * categoryOfAction in SQL, for filtering by kind of data in the database: the same exact actions
 * first, then the same prefixes in the same order (the prefixes hold no LIKE wildcards).
 */
function categorySql(action: SQL | typeof auditLog.action): SQL<string> {
  const exact = Object.entries(CATEGORY_OF_ACTION).map(([name, category]) => sql`when ${action} = ${name} then ${category}`);
  const prefixes = CATEGORY_OF_PREFIX.map(
    ([prefix, category]) => sql`when ${action} = ${prefix} or ${action} like ${`${prefix}.%`} or ${action} like ${`${prefix}-%`} then ${category}`,
  );
  return sql<string>`(case ${sql.join([...exact, ...prefixes], sql` `)} else ${'other'} end)`;
}

export interface AccessLogRequest {
  /** whose log: the session's subject (the ward while a guardian acts for them) */
  subjectPersonId: string;
  /** the signed-in user (to mark their own reads) */
  viewerPersonId: string;
  page: number;
  /** the newest row id of the pages; undefined: the newest row now */
  asOf?: string | undefined;
  filter?: AccessLogFilter | undefined;
}

/** The rows of the subject's log up to `asOf` that pass the filter (dates are Helsinki days, both inclusive). */
function logRows(subjectPersonId: string, asOf: string, filter: AccessLogFilter = {}) {
  return and(
    eq(auditLog.subjectPersonId, subjectPersonId),
    lte(auditLog.id, Number(asOf)),
    filter.categories?.length ? inArray(categorySql(auditLog.action), filter.categories) : undefined,
    filter.from ? gte(auditLog.at, helsinkiInstant(filter.from, 0)) : undefined,
    filter.to ? lt(auditLog.at, helsinkiInstant(addDays(filter.to, 1), 0)) : undefined,
  );
}

/**
 * The entry a row belongs to: the rows of one request (one page view) share their correlation id
 * and actor; a row without one (server commands, rows from before the column) is an entry alone.
 */
const entryKey = sql<string>`coalesce(${auditLog.correlationId}::text, 'row:' || ${auditLog.id}::text)`;

export async function newestRowId(db: Database, subjectPersonId: string): Promise<string> {
  return String((await db.select({ newest: max(auditLog.id) }).from(auditLog).where(eq(auditLog.subjectPersonId, subjectPersonId)))[0]?.newest ?? 0);
}

/** The entries of the subject's log as of `asOf`, newest first: `limit`/`offset` page them (undefined: all). */
async function loadEntries(
  db: Database,
  request: { subjectPersonId: string; viewerPersonId: string; asOf: string; filter?: AccessLogFilter | undefined },
  window: { limit: number; offset: number } | undefined,
): Promise<AccessLogEntry[]> {
  const { subjectPersonId, viewerPersonId } = request;
  const newestAt = max(auditLog.at);
  const newestId = max(auditLog.id);
  const query = db
    .select({
      id: newestId,
      at: newestAt,
      actorPersonId: auditLog.actorPersonId,
      categories: sql<string[]>`array_agg(distinct ${categorySql(auditLog.action)})`,
      page: max(auditLog.page),
      professionalRole: sql<string | null>`max(${auditLog.details}->>'professionalRole')`,
      // The actor's guardianship of the subject as it is now (the log does not record it).
      actorIsGuardian: sql<boolean>`exists (select 1 from ${guardianships} where ${guardianships.guardianPersonId} = ${auditLog.actorPersonId} and ${guardianships.childPersonId} = ${subjectPersonId})`,
    })
    .from(auditLog)
    .where(logRows(subjectPersonId, request.asOf, request.filter))
    .groupBy(entryKey, auditLog.actorPersonId)
    .orderBy(desc(newestAt), desc(newestId));
  const rows = window ? await query.limit(window.limit).offset(window.offset) : await query;
  return rows.map((row) => {
    const role = roleOf(row.actorPersonId, subjectPersonId, row.actorIsGuardian);
    const professionalRole = role === 'professional' ? accessLogProfessionalRoleSchema.safeParse(row.professionalRole) : undefined;
    const categories = new Set(row.categories.map((category) => accessLogCategorySchema.catch('other').parse(category)));
    return {
      id: String(row.id),
      // max() answers the driver's text on PostgreSQL, a Date on PGlite
      at: new Date(row.at ?? 0).toISOString(),
      role,
      ...(professionalRole?.success ? { professionalRole: professionalRole.data } : {}),
      byYou: row.actorPersonId === viewerPersonId,
      ...(row.page === 'front-page' ? { page: 'frontPage' as const } : {}),
      categories: accessLogCategories.filter((category) => categories.has(category)),
    };
  });
}

/**
 * One page of the subject's access log, newest first, one entry per page view (see entryKey). Rows
 * written after `asOf` are left out so the pages stay put while the log grows. A page past the end
 * answers no entries (and the total).
 */
export async function loadAccessLogPage(db: Database, request: AccessLogRequest): Promise<AccessLogPage> {
  const { subjectPersonId, page } = request;
  const asOf = request.asOf ?? (await newestRowId(db, subjectPersonId));
  const entries = db
    .select({ key: entryKey })
    .from(auditLog)
    .where(logRows(subjectPersonId, asOf, request.filter))
    .groupBy(entryKey, auditLog.actorPersonId)
    .as('entries');
  const [counted] = await db.select({ n: count() }).from(entries);
  return {
    entries: await loadEntries(db, { ...request, asOf }, { limit: ACCESS_LOG_PAGE_SIZE, offset: (page - 1) * ACCESS_LOG_PAGE_SIZE }),
    page,
    pageSize: ACCESS_LOG_PAGE_SIZE,
    totalCount: counted?.n ?? 0,
    asOf,
  };
}

/** Every entry of the subject's log (as filtered) as of now, newest first: the CSV download's. */
export async function loadWholeAccessLog(db: Database, request: Omit<AccessLogRequest, 'page' | 'asOf'>): Promise<AccessLogEntry[]> {
  return loadEntries(db, { ...request, asOf: await newestRowId(db, request.subjectPersonId) }, undefined);
}

/** Who read: a professional through the staff channels (no person of ours), the patient, a guardian, or another user. */
function roleOf(actorPersonId: string, subjectPersonId: string, actorIsGuardian: boolean): AccessLogRole {
  if (actorPersonId === STAFF_PROFESSIONAL_ACTOR_ID) return 'professional';
  if (actorPersonId === subjectPersonId) return 'patient';
  return actorIsGuardian ? 'guardian' : 'otherUser';
}
