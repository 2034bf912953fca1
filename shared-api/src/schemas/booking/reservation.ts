import { z } from 'zod';
import { isoDateTimeSchema, langSchema } from '../common';
import { textSchema, trimmedMultilineTextSchema, trimmedTextSchema } from '../text';
import { createIdentityCodeSchema } from '../../validators/identity-code';
import { emailAddressSchema, profilePhoneNumberSchema } from '../account/contact';
import {
  clinicAddressSchema,
  clinicSchema,
  healthcareTypeSchema,
  locationTypeSchema,
  numericIdSchema,
  practitionerSchema,
  priceLineSchema,
  sanitizedHtmlSchema,
  specialtySchema,
} from './appointment';
import { insuranceConceptCodeSchema, pickerInsuranceCompanies, reimbursementChoiceSchema } from './insurance';
import type { PageState as ReservationPageState } from './states/reservation';
import type { PageState as AnonymousReservationPageState } from './states/anonymous-reservation';

/**
 * The reservation pages and both reserve calls (spec part 2 §2.1 "Reserve appointment", §3
 * "Appointment (reservation page)", "Page state for reservation", both reservation payloads, §4
 * "Anonymous reservation", "Logged-in reservation", §5, §7, §8 "Reservation"; docs/product-decisions.md, "Reservations and cancellation").
 * Server: server/src/modules/booking/reservation/; pages: mf-booking/src/pages/reservation/ and
 * mf-booking/src/pages/anonymous-reservation/.
 */

export const RESERVE_APPOINTMENT_PATH = '/api/reserve-appointment';
export const ANONYMOUS_RESERVE_APPOINTMENT_PATH = '/api/anon/reserve-appointment';

/** The three logged-in reservation routes and the healthcare type each one books. */
export const RESERVATION_ROUTE_TYPES = {
  'booking.reservation': 'private',
  'booking.reservation-insurance': 'insurance',
  'booking.reservation-occupational': 'occupational',
} as const;
/** The three anonymous reservation routes and the healthcare type each one books. */
export const ANONYMOUS_RESERVATION_ROUTE_TYPES = {
  'booking.anonymous-reservation': 'private',
  'booking.anonymous-reservation-insurance': 'insurance',
  'booking.anonymous-reservation-occupational': 'occupational',
} as const;

/** internalOrganization of the children's brand (the adult brand sends its configured product name). */
export const CHILDREN_INTERNAL_ORGANIZATION = 'pikkujatti';

/**
 * Which confirmation the occupational reservation asks for (spec §5 "Occupational confirmation
 * text by specialty", docs/product-decisions.md, "Occupational confirmation groups"): TPSG a referral only;
 * psychology and physiotherapy a contract and a referral; specialist doctors a contract and a
 * doctor's referral; general practice none; anything else the contract confirmation. 'none' also
 * for the private and insurance types.
 */
export const occupationalConfirmations = ['contract', 'contract-and-referral', 'contract-and-doctors-referral', 'referral', 'none'] as const;
export const occupationalConfirmationSchema = z.enum(occupationalConfirmations);
export type OccupationalConfirmation = z.infer<typeof occupationalConfirmationSchema>;

/** `people.registered` and the patient data consent (the account module's rule): what the page shows before the form. */
export const reservationRegistrations = ['unregistered', 'consent-needed', 'ok'] as const;
export const reservationRegistrationSchema = z.enum(reservationRegistrations);
export type ReservationRegistration = z.infer<typeof reservationRegistrationSchema>;

/** Why an occupational reservation cannot go on (the occupational list's statuses, spec §2.1). */
export const occupationalUnavailableReasons = ['no-occupational-healthcare', 'no-web-reservation'] as const;
export const occupationalUnavailableReasonSchema = z.enum(occupationalUnavailableReasons);

const eurosSchema = z.string().regex(/^[0-9]+\.[0-9]{2}$/);

/** The CMS's appointmentReservationInfo of the kind, the practitioner or the specialty, as sanitised HTML (null: none). */
const reservationInfoSchema = sanitizedHtmlSchema.nullable();

/** spec §3 "Appointment (reservation page)". */
export const reservationAppointmentSchema = z.object({
  id: z.string(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  isRemote: z.boolean(),
  /** kind VETA */
  isVideo: z.boolean(),
  requiresAuthToReserve: z.boolean(),
  locationType: locationTypeSchema,
  clinic: clinicSchema.extend({ address: clinicAddressSchema.nullable() }),
  kind: z.object({ id: z.string(), title: z.string(), reservationInfoHtml: reservationInfoSchema }),
  practitioner: practitionerSchema.extend({ reservationInfoHtml: reservationInfoSchema }),
  specialty: specialtySchema.extend({ reservationInfoHtml: reservationInfoSchema }),
  /** specialtyData.specialties[].id: the slot's specialty first, then the practitioner's others */
  specialtyIds: z.array(z.string()),
});
export type ReservationAppointment = z.infer<typeof reservationAppointmentSchema>;

/** The private type's estimate (spec §3 priceInfo): the rate plus the additional fees, 'from'; the lines only with the price-details feature. */
export const reservationPriceInfoSchema = z.object({
  fromEuros: eurosSchema,
  lines: z.array(priceLineSchema).nullable(),
});
export type ReservationPriceInfo = z.infer<typeof reservationPriceInfoSchema>;

/** What both pages' `ok` states share. */
export const reservationOkBase = {
  status: z.literal('ok'),
  appointment: reservationAppointmentSchema,
  /** null for the insurance and occupational types */
  priceInfo: reservationPriceInfoSchema.nullable(),
  /** the start is within the cancellation window: the binding checkbox is required (spec §5) */
  bindingRequired: z.boolean(),
  cancellationHours: z.number().int().positive(),
  healthcareType: healthcareTypeSchema,
  /** the payload's internalOrganization (docs/product-decisions.md, "Values") */
  internalOrganization: z.string(),
  occupationalConfirmation: occupationalConfirmationSchema,
  /** the page's query string (spec §3 "query"), e.g. the LähiTapiola return `status` */
  query: z.record(z.string(), z.string()),
};

export const notFoundStateSchema = z.object({ status: z.literal('not-found') });
/** the slot has an active appointment, has started or was withdrawn */
export const alreadyReservedStateSchema = z.object({ status: z.literal('already-reserved'), healthcareType: healthcareTypeSchema });

export type ReservationOkState = Extract<ReservationPageState, { status: 'ok' }>;

export type AnonymousReservationOkState = Extract<AnonymousReservationPageState, { status: 'ok' }>;

// ---------------------------------------------------------------------------------------------
// Calls

/** The free text of the logged-in reservation form. */
export const RESERVATION_DESCRIPTION_MAX_LENGTH = 1000;
/** A first or last name on the anonymous form. */
export const RESERVATION_NAME_MAX_LENGTH = 100;
export const RESERVATION_NAME_MESSAGES = { firstName: 'Please enter your first name', lastName: 'Please enter your last name' } as const;

/** Query of both calls: the page's language (the confirmation SMS is written in it); csrfToken on the logged-in call. */
export const reserveQuerySchema = z.object({ csrfToken: textSchema.optional(), lang: langSchema.optional() });
export const anonymousReserveQuerySchema = z.object({ lang: langSchema.optional() });

function nameSchema(message: string) {
  return trimmedTextSchema.min(1, { message }).max(RESERVATION_NAME_MAX_LENGTH, { message });
}

/**
 * POST /api/reserve-appointment?csrfToken (spec §3 "Logged-in reservation payload"). Added beyond
 * the spec's fields: `healthcareType` (the route's type: the server stores it and checks the rules
 * of the type), `insuranceCompany` and `reimbursement` (the insurance selection, stored with the
 * appointment). insuranceConceptCode is required for If and OP, and must be among the patient's
 * concepts (the page inserts it first: POST /api/concepts).
 */
export const reserveAppointmentRequestSchema = z.strictObject({
  internalOrganization: textSchema.min(1).max(40),
  appointmentId: numericIdSchema,
  healthcareType: healthcareTypeSchema,
  description: trimmedMultilineTextSchema.max(RESERVATION_DESCRIPTION_MAX_LENGTH).nullish(),
  emailAddress: emailAddressSchema,
  phone: profilePhoneNumberSchema,
  insuranceCompany: z.enum(pickerInsuranceCompanies).nullish(),
  reimbursement: reimbursementChoiceSchema.nullish(),
  insuranceConceptCode: insuranceConceptCodeSchema.nullish(),
  /** the LähiTapiola direct-compensation permit's contentHash */
  dcpContentHash: trimmedTextSchema.min(1).max(200).nullish(),
});
export type ReserveAppointmentRequest = z.input<typeof reserveAppointmentRequestSchema>;

/**
 * POST /api/anon/reserve-appointment (spec §3 "Anonymous reservation payload", §5 "Anonymous
 * reservation form"). Added beyond the spec's fields: `healthcareType` (optional, the route's type;
 * anything but private is refused with 403 strongLoginRequired, spec §6).
 */
export const anonymousReserveAppointmentRequestSchema = z.strictObject({
  internalOrganization: textSchema.min(1).max(40),
  appointmentId: numericIdSchema,
  healthcareType: healthcareTypeSchema.optional(),
  emailAddress: emailAddressSchema,
  firstName: nameSchema(RESERVATION_NAME_MESSAGES.firstName),
  lastName: nameSchema(RESERVATION_NAME_MESSAGES.lastName),
  phone: profilePhoneNumberSchema,
  /** trimmed and upper-cased, at most 11 characters, a valid Finnish identity code */
  ssn: createIdentityCodeSchema(),
});
export type AnonymousReserveAppointmentRequest = z.input<typeof anonymousReserveAppointmentRequestSchema>;

/** The answer of both calls (spec: data.reservationDetails). */
export const reservationDetailsSchema = z.object({
  appointmentId: z.string(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  healthcareType: healthcareTypeSchema,
  clinicName: z.string(),
  practitionerName: z.string(),
  specialty: z.string(),
  isRemote: z.boolean(),
  isVideo: z.boolean(),
  /** where the confirmation SMS went (as normalised: +358…) */
  phone: z.string(),
});
export type ReservationDetails = z.infer<typeof reservationDetailsSchema>;
export const reserveAppointmentResponseSchema = z.object({ reservationDetails: reservationDetailsSchema });
export type ReserveAppointmentResponse = z.infer<typeof reserveAppointmentResponseSchema>;

/**
 * The refusals of both calls (spec §8 "Reservation" and the provider's codes), each with its HTTP
 * status. Bad input is not here: it answers the house's 400 ValidationError with `details[].path`
 * (the spec's `validation` code; the client reports it as `{ kind: 'validation', details }`).
 * Every other refusal answers `{ type }` with the status below (the client: `{ kind: 'http', status, type }`;
 * 401 and the CSRF 403 keep the house's shapes).
 */
export const RESERVATION_ERROR_STATUS = {
  /** the slot is taken (or started, or withdrawn): 'The appointment has already been reserved.' */
  appointmentNotAvailable: 409,
  /** at most 5 future reservations per person (docs/product-decisions.md, "Reservations and cancellation") */
  tooManyReservations: 409,
  /** no person with that identity code (the anonymous call answers patientInfoConflict instead: issue 27) */
  noPatient: 422,
  /**
   * anonymous: the details cannot be used without identification (warning plus login). The one
   * answer for every refusal about the person the identity code names: unknown or unregistered,
   * other names, no patient data consent, a payment block (issue 27: no oracle on identity codes).
   */
  patientInfoConflict: 422,
  /** the person has not given the patient data consent (the anonymous call answers patientInfoConflict instead) */
  patientDataConsentRequired: 422,
  /** logged in: the patient data consent is missing (reopens the consent form) */
  consentRequired: 422,
  /** logged in: the person is not a customer yet (the registration form) */
  registrationRequired: 422,
  /** the insurance concept code is not among the patient's concepts (insert it first); shows the unknown error */
  conceptMissing: 422,
  /** If with direct reimbursement: the insurer refused the treatment chain */
  treatmentChainCreationFailed: 422,
  /** anonymous: the slot requires strong authentication, or the type is insurance or occupational */
  strongLoginRequired: 403,
  /** not credit-worthy and not the occupational type */
  paymentBlocked: 403,
  /** occupational: no contract, or no web reservation in it */
  occupationalNotAllowed: 403,
  unknownError: 500,
} as const;
export type ReservationErrorType = keyof typeof RESERVATION_ERROR_STATUS;
export const reservationErrorTypes = Object.keys(RESERVATION_ERROR_STATUS) as [ReservationErrorType, ...ReservationErrorType[]];
export const reservationErrorSchema = z.object({ type: z.enum(reservationErrorTypes) });
export type ReservationErrorBody = z.infer<typeof reservationErrorSchema>;

/** Whether a failure's `type` (from the client's `{ kind: 'http', type }`) is one of the reservation refusals. */
export function isReservationErrorType(type: unknown): type is ReservationErrorType {
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(RESERVATION_ERROR_STATUS, type);
}
