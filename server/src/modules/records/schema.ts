import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';
import { clinics, practitioners, specialties } from '../clinics/schema';

const owner = () =>
  uuid('person_id')
    .notNull()
    .references(() => people.id, { onDelete: 'cascade' });

/** Visits and their medical reports (spec part 1 §3 "Visit or medical report"). */
export const visits = pgTable(
  'visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull(),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    clinicId: text('clinic_id').references(() => clinics.id),
    visitType: text('visit_type', { enum: ['private', 'occupationalHealth'] }).notNull(),
    visitKind: text('visit_kind', { enum: ['healthCare', 'nursing', 'physiotherapy', 'other'] }).notNull(),
  },
  (t) => [index('visits_person_idx').on(t.personId, t.dateTime)],
);

export const visitDiagnoses = pgTable('visit_diagnoses', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  visitId: integer('visit_id')
    .notNull()
    .references(() => visits.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  description: text('description').notNull(),
});

export const visitTexts = pgTable('visit_texts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  visitId: integer('visit_id')
    .notNull()
    .references(() => visits.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
});

export const prescriptions = pgTable(
  'prescriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    medicineName: text('medicine_name').notNull(),
    strength: text('strength').notNull(),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    isRenewable: boolean('is_renewable').notNull(),
    medicineType: text('medicine_type').notNull(),
    packageUnit: text('package_unit').notNull(),
    packageSize: integer('package_size').notNull(),
    packageCount: integer('package_count').notNull(),
    treatmentLength: integer('treatment_length'),
    treatmentLengthUnit: text('treatment_length_unit', { enum: ['day', 'week', 'month', 'year'] }),
    totalAmount: text('total_amount').notNull(),
    dosageGuide: text('dosage_guide').notNull(),
    usageGuide: text('usage_guide').notNull(),
  },
  (t) => [index('prescriptions_person_idx').on(t.personId, t.issuedDate)],
);

/**
 * Laboratory tests: single tests and packages; a package's items point at it through packageId.
 * A result is textual (resultText) or numeric (prefix, resultNumber, isWithinReferenceRange).
 */
export const laboratoryResults = pgTable(
  'laboratory_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    sampleDate: date('sample_date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['single', 'package', 'item'] }).notNull(),
    packageId: integer('package_id').references((): AnyPgColumn => laboratoryResults.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    code: text('code').notNull(),
    displayName: text('display_name').notNull(),
    isReady: boolean('is_ready').notNull(),
    resultType: text('result_type', { enum: ['textual', 'numeric'] }),
    resultText: text('result_text'),
    prefix: text('prefix', { enum: ['greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'] }),
    resultNumber: doublePrecision('result_number'),
    isWithinReferenceRange: boolean('is_within_reference_range'),
    unit: text('unit'),
    referenceMin: doublePrecision('reference_min'),
    referenceMax: doublePrecision('reference_max'),
    description: text('description'),
    additionalResult: text('additional_result'),
  },
  (t) => [index('laboratory_results_person_idx').on(t.personId, t.sampleDate)],
);

export const imagingResults = pgTable(
  'imaging_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    imagingDate: date('imaging_date', { mode: 'string' }).notNull(),
    examinationName: text('examination_name'),
    statementText: text('statement_text'),
  },
  (t) => [index('imaging_results_person_idx').on(t.personId, t.imagingDate)],
);

export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    type: text('type', { enum: ['laboratory', 'imaging'] }).notNull(),
    title: text('title').notNull(),
    /** shown in Finnish only (spec part 1 §3) */
    description: text('description').notNull(),
    creationDate: date('creation_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    patientInstructionsUrl: text('patient_instructions_url'),
  },
  (t) => [index('referrals_person_idx').on(t.personId, t.type)],
);

/** A questionnaire sent to the patient; `form` is the questionnaire form JSON, `answers` the submitted JSON. */
export const questionnaireInvitations = pgTable(
  'questionnaire_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    formId: text('form_id').notNull(),
    title: text('title').notNull(),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answers: jsonb('answers').$type<unknown>(),
  },
  (t) => [index('questionnaire_invitations_person_idx').on(t.personId, t.sentAt)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    type: text('type', { enum: ['medicalCertificateA', 'nurse'] }).notNull(),
    title: text('title').notNull(),
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    practitionerId: integer('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
  },
  (t) => [index('certificates_person_idx').on(t.personId, t.issuedDate)],
);

export const vaccinations = pgTable(
  'vaccinations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: owner(),
    vaccinationDate: date('vaccination_date', { mode: 'string' }).notNull(),
    vaccineName: text('vaccine_name').notNull(),
    dose: text('dose'),
    specialtyId: text('specialty_id').references(() => specialties.id),
    clinicId: text('clinic_id').references(() => clinics.id),
    practitionerId: integer('practitioner_id').references(() => practitioners.id),
    nextDoseDate: date('next_dose_date', { mode: 'string' }),
  },
  (t) => [index('vaccinations_person_idx').on(t.personId, t.vaccinationDate)],
);
