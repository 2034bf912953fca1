import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/index';
import { unauthorized } from '../../http/errors';
import { correlationIdOf, writeAudit, type AuditedPage, type AuditEntry } from '../audit/index';
import type { SessionInfo } from '../sessions/index';

/**
 * Whose data a session reads: the child's when a guardian acts for them, else the user's own.
 * The only place that decides it; ids from the client never name the subject.
 */
export function subjectPersonId(session: Pick<SessionInfo, 'personId' | 'actingForPersonId'>): string {
  return session.actingForPersonId ?? session.personId;
}

/** A signed-in reader of one patient's data; every read through it is audited. */
export interface PatientAccess {
  actorPersonId: string;
  subjectPersonId: string;
  requestId: string | undefined;
  /** the request's correlationIdOf: the reads of one request (one page view) share it */
  correlationId?: string | undefined;
  /** the page whose loader reads, when the access log names it (the front page) */
  page?: AuditedPage | undefined;
}

export function patientAccess(request: Pick<FastifyRequest, 'session' | 'id'>): PatientAccess {
  const session = request.session;
  if (!session) throw unauthorized();
  return { actorPersonId: session.personId, subjectPersonId: subjectPersonId(session), requestId: request.id, correlationId: correlationIdOf(request) };
}

const auditEntry = (access: PatientAccess, action: string, details?: Record<string, unknown>): AuditEntry => ({
  actorPersonId: access.actorPersonId,
  subjectPersonId: access.subjectPersonId,
  action,
  ...(details ? { details } : {}),
  ...(access.requestId ? { requestId: access.requestId } : {}),
  ...(access.correlationId ? { correlationId: access.correlationId } : {}),
  ...(access.page ? { page: access.page } : {}),
});

/** Writes the audit row, then reads. A read whose audit cannot be written does not happen. */
export async function auditedRead<T>(
  db: Database,
  access: PatientAccess,
  action: string,
  read: (subjectPersonId: string) => Promise<T>,
  details?: Record<string, unknown>,
): Promise<T> {
  await writeAudit(db, auditEntry(access, action, details));
  return read(access.subjectPersonId);
}

/**
 * auditedRead for a `read` that only reads: the audit row and the read go to the database side by
 * side, and the answer still waits for both, so it never leaves without its row. The polled
 * conversation list answers sooner by one round trip to the database.
 */
export async function auditedConcurrentRead<T>(
  db: Database,
  access: PatientAccess,
  action: string,
  read: (subjectPersonId: string) => Promise<T>,
  details?: Record<string, unknown>,
): Promise<T> {
  const [, result] = await Promise.all([writeAudit(db, auditEntry(access, action, details)), read(access.subjectPersonId)]);
  return result;
}
