import { z } from 'zod';
import { textSchema, trimmedMultilineTextSchema } from '../text';
import { ARRIVAL_REASON_MAX, numericIdSchema } from './appointment';

/**
 * The signed-in appointment pages and calls (spec part 2 §2.1 "Appointments", "Appointment page",
 * §4 "Appointment page actions", §5 arrival reason, §7, §8 "Check-in and cancel"); the server is
 * server/src/modules/booking/appointments/, the pages mf-booking/src/pages/appointments/ and appointment/.
 */

/** Paths of the calls (fastify's `:id`); the client fills the id with appointmentCallPath. */
export const APPOINTMENT_CHECK_IN_PATH = '/api/appointments/check-in/:id';
export const APPOINTMENT_PATH = '/api/appointments/:id';
export const APPOINTMENT_ARRIVAL_REASON_PATH = '/api/appointments/:id/arrival-reason';

/** A call's path for one appointment id. */
export function appointmentCallPath(path: typeof APPOINTMENT_CHECK_IN_PATH | typeof APPOINTMENT_PATH | typeof APPOINTMENT_ARRIVAL_REASON_PATH, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

export const appointmentIdParamsSchema = z.object({ id: numericIdSchema });
/** Every call is signed in and CSRF-protected (the shell's client adds csrfToken). */
export const appointmentCallQuerySchema = z.object({ csrfToken: textSchema.optional() });

/** POST /api/appointments/check-in/{id}: spec part 2 §7, §8 (the provider's check-in results). */
export const checkInResults = [
  'Success',
  'AlreadyCheckedIn',
  'TooEarly',
  'ConfidentialityFormNotFilled',
  'ConfidentialityFormNotFilledAsAdult',
  'CheckInOnlyAtReception',
  'UnknownError',
] as const;
export const checkInResultSchema = z.enum(checkInResults);
export type CheckInResult = z.infer<typeof checkInResultSchema>;
export const checkInResponseSchema = z.object({
  type: checkInResultSchema,
  /** with Success: the room to go to; null: see reception */
  roomLocation: z.string().nullable(),
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

/** DELETE /api/appointments/{id}: 200 on success. */
export const cancelAppointmentResponseSchema = z.object({ type: z.literal('Success') });
export type CancelAppointmentResponse = z.infer<typeof cancelAppointmentResponseSchema>;
/**
 * 409: the provider's cancel codes (spec part 2 §8): deadlineExceeded inside the cancellation
 * window (the page adds "in less than N hours"), unknownError when it is no longer reserved.
 */
export const cancelAppointmentRefusalSchema = z.object({
  type: z.enum(['deadlineExceeded', 'unknownError']),
  cancellationHours: z.number().int().positive(),
});
export type CancelAppointmentRefusal = z.infer<typeof cancelAppointmentRefusalSchema>;

/** POST /api/appointments/{id}/arrival-reason: at most 300 characters (spec part 2 §5); empty clears it. */
export const arrivalReasonRequestSchema = z
  .object({ arrivalReason: trimmedMultilineTextSchema.max(ARRIVAL_REASON_MAX, `At most ${ARRIVAL_REASON_MAX} characters`) })
  .strict();
export type ArrivalReasonRequest = z.infer<typeof arrivalReasonRequestSchema>;
export const arrivalReasonResponseSchema = z.object({ type: z.literal('Success') });
/** 409 (the provider's update code, spec part 2 §8): a remote, cancelled or past appointment takes no arrival reason. */
export const arrivalReasonRefusalSchema = z.object({ type: z.literal('unknownError') });
export type ArrivalReasonResponse = z.infer<typeof arrivalReasonResponseSchema>;
