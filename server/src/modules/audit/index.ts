import { defineModule } from '../module';

export { writeAudit, type AuditEntry } from './audit';

/**
 * The audit log of every access to patient data (its table and writeAudit). Modules write to it
 * through the patients module's auditedRead; it has no routes, settings or demo data of its own.
 */
export const auditModule = defineModule({ name: 'audit' });
