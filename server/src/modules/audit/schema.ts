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
    /**
     * One page view's reads (all rows one HTTP request wrote share it: a random UUID per request,
     * unlike Fastify's request ids, which restart at req-1 with every process). The access log
     * shows them as one entry. Null: a row of its own (server commands, rows from before issue 33).
     */
    correlationId: uuid('correlation_id'),
    /** the page whose loader read (e.g. 'front-page'), when it is one the access log names */
    page: text('page'),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectPersonId, t.at)],
);
