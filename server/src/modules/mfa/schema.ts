import { integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { people } from '../patients/schema';

/**
 * SMS login onboarding (spec part 1 §4): the one open challenge of a person. Only a salted hash of
 * the code is kept; a new request replaces the old challenge.
 */
export const mfaChallenges = pgTable('mfa_challenges', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  /** the number the code was sent to, spaces removed */
  phoneNumber: text('phone_number').notNull(),
  /** hex sha256 of salt + code */
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  /** wrong answers so far */
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in SMS gateway test double writes every message here instead of sending it, so a tester
 * can read it (GET /api/dev/sms-outbox in development).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** spaces removed */
    phoneNumber: text('phone_number').notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phoneNumber, t.sentAt)],
);
