import { and, count, desc, eq, lte, max, sql } from 'drizzle-orm';
import { ACCESS_LOG_PAGE_SIZE, type AccessLogCategory, type AccessLogPage, type AccessLogRole } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { STAFF_PROFESSIONAL_ACTOR_ID } from '../../audit/audit';
import { auditLog } from '../../audit/schema';
import { guardianships } from '../../patients/schema';

/** The audit action of reading the access log itself (it appears in the log: see shared-api data-access.ts). */
export const ACCESS_LOG_ACTION = 'account.data-access';
/** The audit action of the FHIR export. */
export const DATA_EXPORT_ACTION = 'account.data-export';

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

export function categoryOfAction(action: string): AccessLogCategory {
  const exact = CATEGORY_OF_ACTION[action];
  if (exact) return exact;
  const byPrefix = CATEGORY_OF_PREFIX.find(([prefix]) => action === prefix || action.startsWith(`${prefix}.`) || action.startsWith(`${prefix}-`));
  return byPrefix ? byPrefix[1] : 'other';
}

export interface AccessLogRequest {
  /** whose log: the session's subject (the ward while a guardian acts for them) */
  subjectPersonId: string;
  /** the signed-in user (to mark their own reads) */
  viewerPersonId: string;
  page: number;
  /** the newest row id of the pages; undefined: the newest row now */
  asOf?: string | undefined;
}

/**
 * One page of the subject's access log, newest first. Rows written after `asOf` are left out so
 * the pages stay put while the log grows. A page past the end answers no entries (and the total).
 */
export async function loadAccessLogPage(db: Database, request: AccessLogRequest): Promise<AccessLogPage> {
  const { subjectPersonId, viewerPersonId, page } = request;
  const asOf =
    request.asOf ??
    String(
      (await db.select({ newest: max(auditLog.id) }).from(auditLog).where(eq(auditLog.subjectPersonId, subjectPersonId)))[0]?.newest ?? 0,
    );
  const inLog = and(eq(auditLog.subjectPersonId, subjectPersonId), lte(auditLog.id, Number(asOf)));
  const [counted] = await db.select({ n: count() }).from(auditLog).where(inLog);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorPersonId: auditLog.actorPersonId,
      action: auditLog.action,
      // The actor's guardianship of the subject as it is now (the log does not record it).
      actorIsGuardian: sql<boolean>`exists (select 1 from ${guardianships} where ${guardianships.guardianPersonId} = ${auditLog.actorPersonId} and ${guardianships.childPersonId} = ${auditLog.subjectPersonId})`,
    })
    .from(auditLog)
    .where(inLog)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(ACCESS_LOG_PAGE_SIZE)
    .offset((page - 1) * ACCESS_LOG_PAGE_SIZE);
  return {
    entries: rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      role: roleOf(row.actorPersonId, subjectPersonId, row.actorIsGuardian),
      byYou: row.actorPersonId === viewerPersonId,
      category: categoryOfAction(row.action),
    })),
    page,
    pageSize: ACCESS_LOG_PAGE_SIZE,
    totalCount: counted?.n ?? 0,
    asOf,
  };
}

/** Who read: a professional through the staff channels (no person of ours), the patient, a guardian, or another user. */
function roleOf(actorPersonId: string, subjectPersonId: string, actorIsGuardian: boolean): AccessLogRole {
  if (actorPersonId === STAFF_PROFESSIONAL_ACTOR_ID) return 'professional';
  if (actorPersonId === subjectPersonId) return 'patient';
  return actorIsGuardian ? 'guardian' : 'otherUser';
}
