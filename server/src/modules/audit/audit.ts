import type { Database } from '../../db/index';
import { auditLog } from './schema';

export interface AuditEntry {
  actorPersonId: string;
  subjectPersonId: string;
  /** what was read or done, e.g. 'records.summary' */
  action: string;
  details?: Record<string, unknown>;
  requestId?: string;
}

export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorPersonId: entry.actorPersonId,
    subjectPersonId: entry.subjectPersonId,
    action: entry.action,
    details: entry.details ?? null,
    requestId: entry.requestId ?? null,
  });
}
