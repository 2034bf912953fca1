import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';

/**
 * A person's account details beyond their name and contact numbers (which stay on `people`, where
 * messaging and SMS login read them): postal address, language and the five consents of spec part 2
 * §3. No row means nothing was given yet.
 */
export const accountProfiles = pgTable('account_profiles', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  streetAddress: text('street_address'),
  postalCode: text('postal_code'),
  postOffice: text('post_office'),
  /** spec §3: fi, sv or en, where en means "other" */
  language: text('language', { enum: ['fi', 'sv', 'en'] }),
  allowsCommonRegistry: boolean('allows_common_registry').notNull().default(false),
  allowsViewingOccupationalInformation: boolean('allows_viewing_occupational_information').notNull().default(false),
  allowsMarketingMail: boolean('allows_marketing_mail').notNull().default(false),
  allowsTreatmentInstructionsMail: boolean('allows_treatment_instructions_mail').notNull().default(false),
  allowsBookingSms: boolean('allows_booking_sms').notNull().default(false),
  /** when the consent form was last saved (spec §3 patientDataConsentFormUpdated); null: never */
  consentFormUpdatedAt: timestamp('consent_form_updated_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The guardians given when a child was registered (spec §3 Guardian, at most 2 per child, §9).
 * These are contact details typed into the form, not identified people: the signed-in guardian's
 * own right to act for the child is `guardianships`.
 */
export const registrationGuardians = pgTable(
  'registration_guardians',
  {
    childPersonId: uuid('child_person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** 1 or 2 */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    emailAddress: text('email_address').notNull(),
    sameAddressAsChild: boolean('same_address_as_child').notNull(),
    streetAddress: text('street_address'),
    zipCode: text('zip_code'),
    postOffice: text('post_office'),
  },
  (t) => [primaryKey({ columns: [t.childPersonId, t.position] })],
);

/** The saved Kela card: object keys of both sides in the attachments storage (local disk or S3). */
export const kelaCards = pgTable('kela_cards', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  frontKey: text('front_key').notNull(),
  frontMimeType: text('front_mime_type').notNull(),
  backKey: text('back_key').notNull(),
  backMimeType: text('back_mime_type').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An upload begun by POST /api/kela-card/init-upload: the token finish-upload names, and where the
 * two presigned PUTs write. It becomes the person's card only when finish-upload has checked both
 * objects' bytes.
 */
export const kelaUploads = pgTable(
  'kela_uploads',
  {
    token: text('token').primaryKey(),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    frontKey: text('front_key').notNull(),
    frontMimeType: text('front_mime_type').notNull(),
    backKey: text('back_key').notNull(),
    backMimeType: text('back_mime_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('kela_uploads_person_idx').on(t.personId)],
);

/**
 * SMS code login after an expired session (spec §2.2, POST /api/pin): one open code per person,
 * stored only as a salted hash, single-use, with its wrong answers counted.
 */
export const smsLoginCodes = pgTable('sms_login_codes', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  salt: text('salt').notNull(),
  /** wrong answers so far in this expired session, across every code sent for it (issue 27) */
  attempts: integer('attempts').notNull().default(0),
  /** the expired session the code was sent for: a new code for the same session keeps its attempts */
  sessionId: text('session_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The occupational health team (spec §3 Occupational info): the employer of an occupational customer. */
export const occupationalTeams = pgTable('occupational_teams', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  employerName: text('employer_name').notNull(),
});

/** A responsible doctor or nurse of a person's team; a substitute stands in for a period. */
export const occupationalTeamMembers = pgTable(
  'occupational_team_members',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['doctor', 'nurse'] }).notNull(),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    substituteName: text('substitute_name'),
    substituteFrom: date('substitute_from'),
    substituteTo: date('substitute_to'),
  },
  (t) => [index('occupational_team_members_person_idx').on(t.personId, t.role, t.position)],
);
