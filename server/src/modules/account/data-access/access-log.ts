import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
import { auditEntries, auditEntryCount, newestAuditRowId, STAFF_PROFESSIONAL_ACTOR_ID, type AuditEntryQuery } from '../../audit/index';
import { guardiansAmong as recordedGuardiansAmong } from '../../patients/index';

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
function categorySql(action: SQLWrapper): SQL<string> {
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

/** The audit module's query of the subject's log up to `asOf` that passes the filter (dates are Helsinki days, both inclusive). */
function logQuery(subjectPersonId: string, asOf: string, filter: AccessLogFilter = {}): AuditEntryQuery {
  return {
    subjectPersonId,
    asOf,
    categoryOf: categorySql,
    categories: filter.categories,
    from: filter.from ? helsinkiInstant(filter.from, 0) : undefined,
    before: filter.to ? helsinkiInstant(addDays(filter.to, 1), 0) : undefined,
  };
}

export async function newestRowId(db: Database, subjectPersonId: string): Promise<string> {
  return newestAuditRowId(db, subjectPersonId);
}

/** The entries of the subject's log as of `asOf`, newest first: `limit`/`offset` page them (undefined: all). */
async function loadEntries(
  db: Database,
  request: { subjectPersonId: string; viewerPersonId: string; asOf: string; filter?: AccessLogFilter | undefined },
  window: { limit: number; offset: number } | undefined,
): Promise<AccessLogEntry[]> {
  const { subjectPersonId, viewerPersonId } = request;
  const rows = await auditEntries(db, logQuery(subjectPersonId, request.asOf, request.filter), window);
  const guardians = await guardiansAmong(db, subjectPersonId, rows.map((row) => row.actorPersonId));
  return rows.map((row) => {
    const role = roleOf(row.actorPersonId, subjectPersonId, guardians.has(row.actorPersonId));
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

/** Which of `actorPersonIds` are the subject's guardians as it is now (the log does not record it). */
async function guardiansAmong(db: Database, subjectPersonId: string, actorPersonIds: readonly string[]): Promise<Set<string>> {
  const actors = [...new Set(actorPersonIds)].filter((id) => id !== subjectPersonId && id !== STAFF_PROFESSIONAL_ACTOR_ID);
  if (actors.length === 0) return new Set();
  return recordedGuardiansAmong(db, subjectPersonId, actors);
}

/**
 * One page of the subject's access log, newest first, one entry per page view (see entryKey). Rows
 * written after `asOf` are left out so the pages stay put while the log grows. A page past the end
 * answers no entries (and the total).
 */
export async function loadAccessLogPage(db: Database, request: AccessLogRequest): Promise<AccessLogPage> {
  const { subjectPersonId, page } = request;
  const asOf = request.asOf ?? (await newestRowId(db, subjectPersonId));
  const totalCount = await auditEntryCount(db, logQuery(subjectPersonId, asOf, request.filter));
  return {
    entries: await loadEntries(db, { ...request, asOf }, { limit: ACCESS_LOG_PAGE_SIZE, offset: (page - 1) * ACCESS_LOG_PAGE_SIZE }),
    page,
    pageSize: ACCESS_LOG_PAGE_SIZE,
    totalCount,
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
