import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Everyone the portal knows: patients, guardians, children and people who identified themselves
 * but are not customers yet (registered = false).
 */
export const people = pgTable('people', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  identityCode: text('identity_code').notNull().unique(),
  givenName: text('given_name').notNull().default(''),
  familyName: text('family_name').notNull().default(''),
  registered: boolean('registered').notNull().default(false),
  occupationalHealthcare: boolean('occupational_healthcare').notNull().default(false),
  /** patient data consent status (spec enumeration: ok, missing, invalid) */
  patientDataConsent: text('patient_data_consent', { enum: ['ok', 'missing', 'invalid'] }).notNull().default('missing'),
  creditWorthy: boolean('credit_worthy').notNull().default(true),
  /** per-user feature flags, e.g. is-finnair-sickness-fund-member */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  phoneNumber: text('phone_number'),
  /** SMS login (MFA) on; when off and a phone number is known the front page offers onboarding */
  mfaEnabled: boolean('mfa_enabled').notNull().default(false),
  email: text('email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * `people.id` qualified in full, for the subqueries of a statement that reads several people at
 * once and correlates on each one's row (the front page's summaries). Drizzle writes a column of a
 * single-table select without its table, and inside a subquery a bare `id` would name the
 * subquery's own table's column.
 */
export const peopleRowId = sql.raw('"people"."id"');

/** A guardian may act for the child (spec: child 11 and younger; max 2 guardians). */
export const guardianships = pgTable(
  'guardianships',
  {
    guardianPersonId: uuid('guardian_person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    childPersonId: uuid('child_person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    guardianType: text('guardian_type', { enum: ['parent', 'trustee', 'nextOfKin', 'other'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.guardianPersonId, t.childPersonId] })],
);
