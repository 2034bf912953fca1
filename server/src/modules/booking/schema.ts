import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appointmentSlots } from '../clinics/schema';
import { people } from '../patients/schema';

/**
 * A reservation of one slot (spec part 2 §3 Appointment). The partial unique index is the booking
 * guarantee: at most one active (reserved or checked-in) appointment per slot, whatever the number
 * of server instances; a second INSERT for the slot fails with a unique violation, which the
 * reservation answers as appointmentNotAvailable. A cancelled row keeps the history and frees the slot.
 */
export const appointments = pgTable(
  'appointments',
  {
    /** the numeric id of signed-in URLs (/fi/varaus/{ids}) */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => appointmentSlots.id),
    /** the patient (the child when a guardian booked for one) */
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** who made the reservation when it was not the patient (a guardian); null when anonymous or themself */
    reservedByPersonId: uuid('reserved_by_person_id').references(() => people.id, { onDelete: 'set null' }),
    healthcareType: text('healthcare_type', { enum: ['private', 'insurance', 'occupational'] }).notNull(),
    status: text('status', { enum: ['reserved', 'checked-in', 'cancelled'] }).notNull().default('reserved'),
    /** set with status cancelled: the patient cancelled, or the provider did (hasAppointeeCanceled) */
    cancelledBy: text('cancelled_by', { enum: ['patient', 'provider'] }),
    /** reserved through the anonymous form (identity code, no strong identification) */
    anonymous: boolean('anonymous').notNull().default(false),
    /**
     * The opaque token of the anonymous appointment link (/fi/varaus/{token}) sent in the confirmation
     * SMS: letters and digits, always with a letter (docs/product-decisions.md, "Paths"), unguessable.
     */
    linkToken: text('link_token').notNull().unique(),
    /** the reservation form's free text (logged-in payload `description`) */
    description: text('description'),
    /** the arrival reason, stored with its Finnish prefix (spec part 2 §5) */
    arrivalReason: text('arrival_reason'),
    /** contact details given at reservation (confirmation messages go here) */
    email: text('email'),
    phone: text('phone'),
    insuranceCompany: text('insurance_company'),
    reimbursement: text('reimbursement', { enum: ['PAY_AND_REIMBURSE', 'COMPANY_REIMBURSEMENT', 'USE_REIMBURSEMENT'] }),
    insuranceConceptCode: text('insurance_concept_code'),
    /** the LähiTapiola direct-compensation permit the booking uses (its contentHash) */
    dcpContentHash: text('dcp_content_hash'),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull().defaultNow(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** "change time": the appointment this one was moved to (its slot released in the same transaction) */
    movedToAppointmentId: integer('moved_to_appointment_id'),
    /**
     * The language the reservation was made in (the page's): its confirmation and reminders are in it.
     * Null for reservations made before it was kept (their texts fall back to the profile's language).
     */
    lang: text('lang', { enum: ['fi', 'sv', 'en'] }),
  },
  (t) => [
    uniqueIndex('appointments_active_slot_idx')
      .on(t.slotId)
      .where(sql`status <> 'cancelled'`),
    index('appointments_person_idx').on(t.personId, t.status),
  ],
);

/**
 * Concept codes the concept service knows for a patient (spec part 2 §3 patientConcepts): the
 * reservation inserts the insurance concept code when the patient lacks it (POST /api/concepts).
 */
export const patientConcepts = pgTable(
  'patient_concepts',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    directReimbursementAllowed: boolean('direct_reimbursement_allowed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.code] })],
);

/**
 * An occupational health contract (spec part 2 §2.1 occupational list statuses, §2.4 vaccination
 * page): no row means no-occupational-healthcare; webReservation false means no-web-reservation.
 */
export const occupationalContracts = pgTable('occupational_contracts', {
  personId: uuid('person_id')
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  employerName: text('employer_name').notNull(),
  webReservation: boolean('web_reservation').notNull().default(true),
  /** contractProductIds: decide the chat promotion, the phone-booking content and the included vaccinations */
  contractProductIds: jsonb('contract_product_ids').$type<string[]>().notNull().default([]),
});

/**
 * "Tell me of an earlier time" (beyond the spec; docs/product-decisions.md, "Values"): a patient waits for an
 * earlier slot than their appointment's, with the same practitioner, or the same specialty in the
 * same municipality.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: integer('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    scope: text('scope', { enum: ['practitioner', 'specialty-municipality'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waitlist_entries_person_idx').on(t.personId)],
);

/** A freed slot offered by SMS to a waiting patient: first to take it gets it; expires after 2 hours. */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => appointmentSlots.id, { onDelete: 'cascade' }),
    /** the link's token (/fi/aiempi-aika/{token}) */
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('waitlist_offers_entry_slot_idx').on(t.entryId, t.slotId)],
);
