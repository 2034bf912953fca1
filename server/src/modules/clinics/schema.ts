import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';

export const clinics = pgTable('clinics', {
  /** clinic code; remote clinics use RMT, CHA, OS and NRMT */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  municipality: text('municipality').notNull(),
  street: text('street'),
  postalCode: text('postal_code'),
  postOffice: text('post_office'),
  isRemote: boolean('is_remote').notNull().default(false),
});

export const specialties = pgTable('specialties', {
  /** specialty code, e.g. PSY, ENDO, ROKT */
  id: text('id').primaryKey(),
  nameFi: text('name_fi').notNull(),
  nameSv: text('name_sv').notNull(),
  nameEn: text('name_en').notNull(),
  isVaccination: boolean('is_vaccination').notNull().default(false),
});

export const practitioners = pgTable('practitioners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  /** professional title shown under the name (cmsContent.title) */
  title: text('title').notNull(),
  profession: text('profession', { enum: ['Doctor', 'Nurse', 'Physiotherapist', 'Psychologist'] }).notNull(),
  profilePictureUrl: text('profile_picture_url'),
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

/** Free and reserved appointment times; booking reserves a slot by setting reservedByPersonId. */
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
    reservedByPersonId: uuid('reserved_by_person_id').references(() => people.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('appointment_slots_search_idx').on(t.specialtyId, t.startsAt),
    index('appointment_slots_clinic_idx').on(t.clinicId, t.startsAt),
  ],
);
