import { randomUUID } from 'node:crypto';
import type DataLoader from 'dataloader';
import type { Database } from '../../db/index';
import { createPerTurnLoader } from '../../db/per-turn-loader';
import { auditLog } from './schema';

/**
 * The actor of a row written by no person of the people table: a healthcare professional working
 * through the staff messaging API or its command (messaging/staff.ts). The nil UUID: people's ids
 * are random (version 4) UUIDs, never this one, and actorPersonId has no foreign key, so no
 * migration is needed. Such a row's details say how: `{ actorRole: 'professional', staffChannel:
 * 'api' | 'cli' }` (see StaffAuditDetails). The access log names it "a healthcare professional".
 */
export const STAFF_PROFESSIONAL_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

/** The details every row of STAFF_PROFESSIONAL_ACTOR_ID carries (plus the ids of what was touched). */
export interface StaffAuditDetails {
  actorRole: 'professional';
  /** the staff HTTP API or the server command */
  staffChannel: 'api' | 'cli';
  /**
   * The professional's role, when the command names the professional who acts (a reply's
   * professionalUserId, a deletion's deletedByUserId): messaging's user role (Doctor, Nurse).
   * The access log shows "A doctor" / "A nurse"; without it, "A healthcare professional".
   */
  professionalRole?: 'doctor' | 'nurse';
}

/** The pages whose reads the access log names (the page column); other rows have none. */
export const AUDITED_PAGES = ['front-page'] as const;
export type AuditedPage = (typeof AUDITED_PAGES)[number];

const correlationIds = new WeakMap<object, string>();

/**
 * The correlation id of one HTTP request (a random UUID, the same for every call with the same
 * request): every audit row the request writes carries it, so the access log shows the reads of one
 * page view as one entry.
 */
export function correlationIdOf(request: object): string {
  let id = correlationIds.get(request);
  if (!id) {
    id = randomUUID();
    correlationIds.set(request, id);
  }
  return id;
}

/**
 * The request's part of an audit row: its id (for the logs) and its correlation id (for the access
 * log's grouping). Every row a request writes carries both, also the rows written outside
 * auditedRead (the anonymous appointment link, the anonymous reservation).
 */
export function requestOfAudit(request: { id: string }): { requestId: string; correlationId: string } {
  return { requestId: request.id, correlationId: correlationIdOf(request) };
}

export interface AuditEntry {
  /** the session's person, or STAFF_PROFESSIONAL_ACTOR_ID */
  actorPersonId: string;
  subjectPersonId: string;
  /** what was read or done, e.g. 'records.summary' */
  action: string;
  details?: Record<string, unknown>;
  requestId?: string;
  /** correlationIdOf(the request): groups one page view's rows */
  correlationId?: string;
  /** the page whose loader read, when the access log names it */
  page?: AuditedPage;
}

const toRow = (entry: AuditEntry): typeof auditLog.$inferInsert => ({
  actorPersonId: entry.actorPersonId,
  subjectPersonId: entry.subjectPersonId,
  action: entry.action,
  details: entry.details ?? null,
  requestId: entry.requestId ?? null,
  correlationId: entry.correlationId ?? null,
  page: entry.page ?? null,
});

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

async function insertAll(db: Database, entries: readonly AuditEntry[]): Promise<(true | Error)[]> {
  try {
    await db.insert(auditLog).values(entries.map(toRow));
    return entries.map(() => true as const);
  } catch (error) {
    if (entries.length === 1) return [asError(error)];
    // One row the database refuses must not fail the other requests' reads: each on its own.
    return Promise.all(entries.map((entry) => db.insert(auditLog).values(toRow(entry)).then(() => true as const, asError)));
  }
}

/** Per database handle (a transaction has its own, so its rows stay inside it). */
const writers = new WeakMap<Database, DataLoader<AuditEntry, true>>();

/**
 * Stores one audit row; resolves once it is stored, so a read is answered only after its row is.
 * Rows written in the same turn of the event loop go to the database in one statement.
 */
export async function writeAudit(db: Database, entry: AuditEntry): Promise<void> {
  let writer = writers.get(db);
  if (!writer) {
    writer = createPerTurnLoader((entries) => insertAll(db, entries));
    writers.set(db, writer);
  }
  await writer.load(entry);
}
