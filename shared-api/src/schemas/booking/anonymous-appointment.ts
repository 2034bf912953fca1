import { z } from 'zod';
import { isoDateTimeSchema, langSchema } from '../common';
import { textSchema } from '../text';
import { IDENTITY_CODE_CHECK_CHARACTERS } from '../../validators/identity-code';
import { clinicAddressSchema, clinicSchema, practitionerSchema, specialtySchema } from './appointment';

/**
 * booking.anonymous-appointment (/{lang}/{varaus|bokning|appointment}/{token}; spec part 2 §2.1
 * "Anonymous appointment link", §3 "Anonymous appointment", §4 "Anonymous appointment flow", §5
 * identity-code end part, §7 POST /api/anon/check-in, §8 anonymous flow messages). The token is the
 * appointment's opaque link token (letters and digits, always with a letter: docs/product-decisions.md, "Paths").
 * The state never carries the patient's identity code or name.
 */

export const ANONYMOUS_CHECK_IN_PATH = '/api/anon/check-in';
/** The anonymous link's calendar file (beyond the spec: "Add to calendar"). */
export const anonymousCalendarPath = (token: string) => `/api/anon/appointments/${encodeURIComponent(token)}/calendar.ics`;

/** Spec part 2 §9: the identity code's end part has 4 characters. */
export const SSN_END_PART_LENGTH = 4;
/** The letters a check character may be (the fourth box accepts one of these, or a digit). */
export const SSN_END_PART_LETTERS = IDENTITY_CODE_CHECK_CHARACTERS.replace(/[0-9]/g, '');

/** Spec part 2 §5: three digits, then a digit or a valid check letter; uppercased. */
export const ssnEndPartSchema = z
  .string()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(new RegExp(`^[0-9]{3}[0-9${SSN_END_PART_LETTERS}]$`), 'Three digits and a digit or a check letter'));

/** The link's token (docs/product-decisions.md, "Paths"). */
export const anonymousAppointmentTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*$/, 'Letters and digits, with at least one letter')
  .max(64);

/** Spec §3 "Anonymous appointment": selfCheckInStatus allowed, too early, or other. */
export const anonymousCheckInStatuses = ['allowed', 'too-early', 'other'] as const;
export const anonymousCheckInStatusSchema = z.enum(anonymousCheckInStatuses);
export type AnonymousCheckInStatus = z.infer<typeof anonymousCheckInStatusSchema>;

export const anonymousAppointmentSchema = z.object({
  /** the link token */
  id: z.string(),
  /** the signed-in appointment page's numeric id: cancelling leads to strong login, then that page */
  signedInId: z.string(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  kind: z.string(),
  isRemote: z.boolean(),
  isVideo: z.boolean(),
  practitioner: practitionerSchema,
  specialty: specialtySchema,
  clinic: clinicSchema.extend({ address: clinicAddressSchema.nullable() }),
  selfCheckInStatus: anonymousCheckInStatusSchema,
  /** already checked in: the page opens on the checked-in screen */
  isCheckedIn: z.boolean(),
  /** after check-in: the room; null: see reception */
  roomLocation: z.string().nullable(),
  mayCancel: z.boolean(),
});
export type AnonymousAppointment = z.infer<typeof anonymousAppointmentSchema>;

/** POST /api/anon/check-in: no csrfToken (an Origin check and a per-appointment attempt limit instead). */
export const anonymousCheckInQuerySchema = z.object({ csrfToken: textSchema.optional(), lang: langSchema.optional() });
export const anonymousCheckInRequestSchema = z.strictObject({
  appointmentId: anonymousAppointmentTokenSchema,
  ssnEndPart: ssnEndPartSchema,
});
export type AnonymousCheckInRequest = z.input<typeof anonymousCheckInRequestSchema>;

export const anonymousCheckInResultTypes = [
  'success',
  'ssnEndPartMismatch',
  'confidentialityFormNotFilled',
  'confidentialityFormNotFilledAsAdult',
  'tooEarly',
  'alreadyCheckedIn',
] as const;
export const anonymousCheckInResponseSchema = z.discriminatedUnion('type', [
  /** roomLocation: where to go; null: see reception */
  z.object({ type: z.literal('success'), roomLocation: z.string().nullable() }),
  z.object({ type: z.literal('ssnEndPartMismatch') }),
  z.object({ type: z.literal('confidentialityFormNotFilled') }),
  z.object({ type: z.literal('confidentialityFormNotFilledAsAdult') }),
  z.object({ type: z.literal('tooEarly') }),
  z.object({ type: z.literal('alreadyCheckedIn') }),
  /** cancelled, or past the check-in time: check in at reception */
  z.object({ type: z.literal('unknownError') }),
]);
export type AnonymousCheckInResponse = z.infer<typeof anonymousCheckInResponseSchema>;
