import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Content in the three languages (the CMS's texts); markdown where the column says so. */
export interface LocalizedContent {
  fi: string;
  sv: string;
  en: string;
}

/** A practitioner's price line (spec part 2 §3 practitionerRate and its additionalFees), in cents. */
export interface RateLine {
  code: string;
  name: LocalizedContent;
  cents: number;
}

export const clinics = pgTable('clinics', {
  /** clinic code; remote clinics use RMT, CHA, OS and NRMT */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  municipality: text('municipality').notNull(),
  street: text('street'),
  postalCode: text('postal_code'),
  postOffice: text('post_office'),
  isRemote: boolean('is_remote').notNull().default(false),
  /** cmsContent.arrivalInfo: how to find the clinic and where to go on arrival (markdown) */
  arrivalInfo: jsonb('arrival_info').$type<LocalizedContent>(),
});

export const specialties = pgTable('specialties', {
  /** specialty code, e.g. PSY, ENDO, ROKT */
  id: text('id').primaryKey(),
  nameFi: text('name_fi').notNull(),
  nameSv: text('name_sv').notNull(),
  nameEn: text('name_en').notNull(),
  isVaccination: boolean('is_vaccination').notNull().default(false),
  /** cmsContent.appointmentReservationInfo (markdown), shown on the reservation page */
  reservationInfo: jsonb('reservation_info').$type<LocalizedContent>(),
});

export const practitioners = pgTable('practitioners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** professional title shown under the name (cmsContent.title) */
  title: text('title').notNull(),
  profession: text('profession', { enum: ['Doctor', 'Nurse', 'Physiotherapist', 'Psychologist'] }).notNull(),
  profilePictureUrl: text('profile_picture_url'),
  /** a bookable resource (a vaccination point, a laboratory) rather than a person */
  isResource: boolean('is_resource').notNull().default(false),
  /** practitionerRate: the base price; null when the practitioner is not bookable privately */
  rate: jsonb('rate').$type<RateLine>(),
  /** practitionerRate.additionalFees */
  additionalFees: jsonb('additional_fees').$type<RateLine[]>().notNull().default([]),
  /** cmsContent.appointmentReservationInfo (markdown) */
  reservationInfo: jsonb('reservation_info').$type<LocalizedContent>(),
});

/** Appointment kinds (spec part 2 §3 kindId / kind): VETA is a video visit. */
export const appointmentKinds = pgTable('appointment_kinds', {
  id: text('id').primaryKey(),
  description: jsonb('description').$type<LocalizedContent>().notNull(),
  locationType: text('location_type', { enum: ['RemoteAppointment', 'PhoneAppointment', 'MeetingAppointment', 'PhysicalLocation'] }).notNull(),
  /** cmsContent.appointmentReservationInfo (markdown) */
  reservationInfo: jsonb('reservation_info').$type<LocalizedContent>(),
});

export const practitionerSpecialties = pgTable(
  'practitioner_specialties',
  {
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
  },
  (t) => [primaryKey({ columns: [t.practitionerId, t.specialtyId] })],
);

/**
 * The practitioners' appointment times. A slot is free while it has no active row in the booking
 * module's `appointments` (whose partial unique index lets at most one hold it) and is not withdrawn.
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clinicId: text('clinic_id')
      .notNull()
      .references(() => clinics.id),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    isRemote: boolean('is_remote').notNull().default(false),
    kindId: text('kind_id')
      .notNull()
      .default('VAST')
      .references(() => appointmentKinds.id),
    /** only a strongly identified patient may reserve it (spec part 2 §3 requiresAuthToReserve) */
    requiresStrongAuth: boolean('requires_strong_auth').notNull().default(false),
    /** the time is fixed (false: "during the morning", e.g. a laboratory queue) */
    isSpecificTime: boolean('is_specific_time').notNull().default(true),
    /** where the patient goes after checking in (room.location); null: see reception */
    roomLocation: text('room_location'),
    /** taken off the calendar by the provider (a cancelled shift): never offered */
    withdrawn: boolean('withdrawn').notNull().default(false),
  },
  (t) => [
    index('appointment_slots_search_idx').on(t.specialtyId, t.startsAt),
    index('appointment_slots_clinic_idx').on(t.clinicId, t.startsAt),
    index('appointment_slots_practitioner_idx').on(t.practitionerId, t.startsAt),
    index('appointment_slots_starts_idx').on(t.startsAt),
    // a clinic and a specialty together (and the empty search's neighbour-clinic counts): read in
    // start order without passing over the clinic's other specialties (issue 13 search budget)
    index('appointment_slots_clinic_specialty_idx').on(t.clinicId, t.specialtyId, t.startsAt),
  ],
);
