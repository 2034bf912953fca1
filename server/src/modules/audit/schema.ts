import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every access to patient data: who (session person) read whose data, what, and when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign keys: the log outlives the people and sessions it names.
    actorPersonId: uuid('actor_person_id').notNull(),
    subjectPersonId: uuid('subject_person_id').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectPersonId, t.at)],
);
