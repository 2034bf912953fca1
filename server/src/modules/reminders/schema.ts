import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';

/**
 * A person's choice of appointment reminders (My information): off, 24 hours before, or 24 and 2
 * hours before. No row: the default, 24 hours (reminders.ts DEFAULT_REMINDER_SETTING).
 */
export const reminderPreferences = pgTable(
  'reminder_preferences',
  {
    personId: uuid('person_id')
      .primaryKey()
      .references(() => people.id, { onDelete: 'cascade' }),
    setting: text('setting', { enum: ['off', '24h', '24h+2h'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reminder_preferences_setting_check', sql`${t.setting} in ('off', '24h', '24h+2h')`)],
);

/**
 * One reminder of one appointment: the unique (appointment, kind) index is the "exactly once"
 * guarantee across instances and restarts (a second instance planning it inserts nothing), and the
 * row's status and lease (claimed_until) let one instance at a time send it (job.ts).
 *
 * `appointment_id` is booking's appointment id, deliberately without a foreign key: this module
 * reads appointments only through booking's public entry, never its tables.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: integer('appointment_id').notNull(),
    kind: text('kind', { enum: ['24h', '2h'] }).notNull(),
    /** the patient (their preference decides; cascades when the person is removed) */
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** the appointment's start less the reminder's lead */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** pending until sent, or skipped (cancelled, past, stale, turned off, no phone, the gateway kept failing) */
    status: text('status', { enum: ['pending', 'sent', 'skipped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** an instance is sending it until then (its lease; after a crash another takes it over) */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    skipReason: text('skip_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_reminders_appointment_kind_idx').on(t.appointmentId, t.kind),
    index('appointment_reminders_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} = 'pending'`),
    check('appointment_reminders_kind_check', sql`${t.kind} in ('24h', '2h')`),
    check('appointment_reminders_status_check', sql`${t.status} in ('pending', 'sent', 'skipped')`),
  ],
);
