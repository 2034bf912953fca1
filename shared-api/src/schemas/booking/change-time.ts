import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { textSchema } from '../text';
import { clinicSchema, numericIdSchema, practitionerSchema, specialtySchema } from './appointment';

/**
 * booking.change-time (/{lang}/varaus/{id}/vaihda-aika; beyond the spec, issue 13 "Change time"):
 * the same practitioner's free slots for the next four weeks, 20 at a time, and the swap: the new
 * appointment is held and the old one cancelled in one transaction (the old slot is released only
 * when the new one is held); refused inside the cancellation window like cancel.
 */

export const CHANGE_TIME_WEEKS = 4;
export const changeTimePath = (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/change-time`;
export const changeTimeSlotsPath = (appointmentId: string) => `/api/appointments/${encodeURIComponent(appointmentId)}/change-time/slots`;

/** A free time of the same practitioner. */
export const changeTimeSlotSchema = z.object({
  id: z.string(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  clinic: clinicSchema,
  isRemote: z.boolean(),
  isVideo: z.boolean(),
});
export type ChangeTimeSlot = z.infer<typeof changeTimeSlotSchema>;

/** The appointment being moved, as the change-time and earlier-time pages show it. */
export const movableAppointmentSchema = z.object({
  id: z.string(),
  startDate: isoDateTimeSchema,
  durationMinutes: z.number().int().positive(),
  kind: z.string(),
  practitioner: practitionerSchema,
  specialty: specialtySchema,
  clinic: clinicSchema,
  isRemote: z.boolean(),
});
export type MovableAppointment = z.infer<typeof movableAppointmentSchema>;

export const changeTimeSlotPageSchema = z.object({
  slots: z.array(changeTimeSlotSchema),
  /** 20 came back: "show more" asks the next offset */
  hasMore: z.boolean(),
});
export type ChangeTimeSlotPage = z.infer<typeof changeTimeSlotPageSchema>;

/** GET …/change-time/slots?offset= */
export const changeTimeSlotsQuerySchema = z.object({ offset: z.coerce.number().int().min(0).max(10_000).default(0) });

export const changeTimeQuerySchema = z.object({ csrfToken: textSchema.optional() });
export const changeTimeParamsSchema = z.object({ id: numericIdSchema });
export const changeTimeRequestSchema = z.strictObject({ slotId: numericIdSchema });
export type ChangeTimeRequest = z.infer<typeof changeTimeRequestSchema>;

/** The swap's outcome (also the earlier-time offer's, which adds its own refusals). */
export const changeTimeResponseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('success'), appointmentId: z.string() }),
  /** someone else holds the slot (or it was withdrawn) */
  z.object({ type: z.literal('appointmentNotAvailable') }),
  /** the current appointment starts inside the cancellation window */
  z.object({ type: z.literal('deadlineExceeded') }),
]);
export type ChangeTimeResponse = z.infer<typeof changeTimeResponseSchema>;
