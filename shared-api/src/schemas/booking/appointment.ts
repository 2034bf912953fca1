import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common';

/**
 * The booking vocabulary every booking contract shares (spec part 2 §3 "Appointment", §9): the
 * search's slots, the reservation page's appointment and the appointment page's card are views of
 * these. Feature contracts (search.ts, reservation.ts, insurance.ts, appointments.ts,
 * anonymous-appointment.ts, waitlist.ts) build on them; the server module is
 * server/src/modules/booking/, the pages mf-booking/src/pages/.
 */

/** The three healthcare types of the booking paths (spec part 2 §2.1). */
export const healthcareTypes = ['private', 'insurance', 'occupational'] as const;
export const healthcareTypeSchema = z.enum(healthcareTypes);
export type HealthcareType = z.infer<typeof healthcareTypeSchema>;

/** Spec part 2 §9 and docs/product-decisions.md, "Values". */
export const BOOKING_PAGE_SIZE = 20;
export const MAX_DAY_SUGGESTIONS = 5;
export const CHECK_IN_OPENS_MINUTES = 30;
export const ARRIVAL_REASON_MAX = 300;
export const ARRIVAL_REASON_TOAST_MS = 5000;
export const APPOINTMENT_CANCELLED_TOAST_MS = 15000;
export const APPOINTMENT_CANCELLED_FRAGMENT = 'appointment-cancelled';
export const MOBILE_CALENDAR_BREAKPOINT_PX = 800;
export const MAX_FUTURE_RESERVATIONS = 5;
export const ANONYMOUS_END_PART_ATTEMPTS_PER_HOUR = 5;
export const WAITLIST_OFFER_HOURS = 2;
/** The Finnish phrase the arrival reason is stored behind (spec part 2 §5: "written by the customer"). */
export const ARRIVAL_REASON_PREFIX = 'Asiakkaan kirjoittama: ';

/** Spec part 2 §9 time-of-day windows, in Europe/Helsinki hours [from, to). */
export const timesOfDay = ['all', 'morning', 'afternoon', 'evening'] as const;
export const timeOfDaySchema = z.enum(timesOfDay);
export type TimeOfDay = z.infer<typeof timeOfDaySchema>;
export const TIME_OF_DAY_HOURS: Readonly<Record<Exclude<TimeOfDay, 'all'>, readonly [number, number]>> = {
  morning: [7, 12],
  afternoon: [12, 16],
  evening: [16, 21],
};

/** Spec part 2 §9 "Neighbour municipalities (search suggestions)", keyed by lower-case municipality. */
export const NEIGHBOUR_MUNICIPALITIES: Readonly<Record<string, readonly string[]>> = {
  espoo: ['helsinki', 'vantaa'],
  helsinki: ['espoo', 'vantaa'],
  hyvinkää: ['järvenpää', 'tuusula'],
  järvenpää: ['kerava', 'tuusula'],
  kerava: ['järvenpää', 'tuusula'],
  tuusula: ['järvenpää', 'kerava'],
  vantaa: ['espoo', 'helsinki', 'kerava'],
};
/** Spec part 2 §9: choosing clinic KA also searches HP. */
export const CLINIC_INCLUDES: Readonly<Record<string, readonly string[]>> = { KA: ['HP'] };
export const REMOTE_CLINIC_IDS = ['RMT', 'CHA', 'OS', 'NRMT'] as const;
export const VIDEO_KIND_ID = 'VETA';
/** docs/product-decisions.md, "Values": vaccination specialties. */
export const VACCINATION_SPECIALTY_IDS = ['ROKT', 'KORR', 'INFL'] as const;
export const INFLUENZA_SPECIALTY_ID = 'INFL';
/** Spec part 2 §5: picking one of these specialties turns includeRemote on. */
export const REMOTE_SPECIALTY_IDS = ['PSY', 'ENDO', 'GYN', 'NNA', 'GRG'] as const;

/** Ids of path parameters and query values: digits for slots and appointments. */
export const numericIdSchema = z.string().regex(/^[0-9]{1,10}$/, 'Use digits only');
/** Clinic, specialty and kind codes. */
export const codeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'Use letters, digits, - or _');

export const locationTypes = ['RemoteAppointment', 'PhoneAppointment', 'MeetingAppointment', 'PhysicalLocation'] as const;
export const locationTypeSchema = z.enum(locationTypes);
export type LocationType = z.infer<typeof locationTypeSchema>;

/** A price line (spec part 2 §3 "Price line"): euros as a decimal string ("45.00"), never a float. */
export const priceLineSchema = z.object({
  code: z.string(),
  description: z.string(),
  priceEuros: z.string().regex(/^[0-9]+\.[0-9]{2}$/),
});
export type PriceLine = z.infer<typeof priceLineSchema>;

/** Markdown from the CMS, already rendered to sanitised HTML by the server (never raw markdown). */
export const sanitizedHtmlSchema = z.string();

export const practitionerSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  isResource: z.boolean(),
  /** null: the page shows initials */
  profilePictureUrl: z.string().nullable(),
});
export type Practitioner = z.infer<typeof practitionerSchema>;

export const specialtySchema = z.object({ id: z.string(), title: z.string() });
export type Specialty = z.infer<typeof specialtySchema>;

export const clinicSchema = z.object({
  id: z.string(),
  name: z.string(),
  municipality: z.string(),
  isRemote: z.boolean(),
});
export type Clinic = z.infer<typeof clinicSchema>;

export const clinicAddressSchema = z.object({ street: z.string(), postalCode: z.string(), postOffice: z.string() });

/** A free slot in the search's results (spec part 2 §3 "Appointment (slot lists)"). */
export const slotSchema = z.object({
  id: z.string(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  practitioner: practitionerSchema,
  specialty: specialtySchema,
  clinic: clinicSchema,
  kindId: z.string(),
  isRemote: z.boolean(),
  /** VETA */
  isVideo: z.boolean(),
  requiresAuthToReserve: z.boolean(),
  /** the private type's 'from' price: the rate plus the additional fees; null for other types */
  price: z
    .object({
      fromEuros: z.string().regex(/^[0-9]+\.[0-9]{2}$/),
      /** the breakdown, only with the price-details feature */
      lines: z.array(priceLineSchema).nullable(),
    })
    .nullable(),
});
export type Slot = z.infer<typeof slotSchema>;

/** A reserved appointment as the appointment page shows it (spec part 2 §3 "Appointment (detail)"). */
export const appointmentDetailSchema = z.object({
  id: z.string(),
  kindId: z.string(),
  kind: z.string(),
  isSpecificTime: z.boolean(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  isRemote: z.boolean(),
  isVideo: z.boolean(),
  locationType: locationTypeSchema,
  healthcareType: healthcareTypeSchema,
  clinic: clinicSchema.extend({ address: clinicAddressSchema.nullable(), arrivalInfoHtml: sanitizedHtmlSchema.nullable() }),
  practitioner: practitionerSchema,
  specialty: specialtySchema,
  /** the private estimate: rate plus additional fees; null for insurance and occupational */
  price: z.object({ fromEuros: z.string(), lines: z.array(priceLineSchema).nullable() }).nullable(),
  selfCheckInStatus: z.enum(['Allowed', 'TooEarly', 'CheckedIn', 'NotAvailable']),
  /** the provider cancelled it */
  hasAppointeeCanceled: z.boolean(),
  /** cancelled by the patient */
  isCancelled: z.boolean(),
  mayCancel: z.boolean(),
  /** starts within the cancellation window (the cancel failure text adds "less than N hours") */
  withinCancellationWindow: z.boolean(),
  cancellationHours: z.number().int().positive(),
  /** after check-in: the room; null: see reception */
  roomLocation: z.string().nullable(),
  /** the arrival reason without its stored Finnish prefix; null when none */
  arrivalReason: z.string().nullable(),
  reservedDate: isoDateSchema,
});
export type AppointmentDetail = z.infer<typeof appointmentDetailSchema>;
