import { defineModule } from '../module';

export { AUDITED_PAGES, correlationIdOf, requestOfAudit, STAFF_PROFESSIONAL_ACTOR_ID, writeAudit, type AuditedPage, type AuditEntry, type StaffAuditDetails } from './audit';
/** The subject's rows grouped into entries: the patient's access log (the account module). */
export { auditEntries, auditEntryCount, newestAuditRowId, type AuditEntryQuery, type AuditEntryRow } from './entries';

/**
 * The audit log of every access to patient data (its table and writeAudit). Modules write to it
 * through the patients module's auditedRead (the staff messaging commands as
 * STAFF_PROFESSIONAL_ACTOR_ID); it has no routes, settings or demo data of its own.
 */
export const auditModule = defineModule({ name: 'audit' });
