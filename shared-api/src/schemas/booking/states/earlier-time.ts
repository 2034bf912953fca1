import { z } from 'zod';
import { isoDateTimeSchema } from '../../common';
import { changeTimeSlotSchema, movableAppointmentSchema } from '../change-time';

/** booking.earlier-time: the offer (the new time against the current one). */
export const pageStateSchema = z.discriminatedUnion('status', [
  /** HTTP 404: no such offer for this patient */
  z.object({ status: z.literal('offer-not-found') }),
  z.object({ status: z.literal('offer-expired') }),
  /** taken already (by this patient or someone else), or the slot is held by another */
  z.object({ status: z.literal('offer-taken') }),
  z.object({
    status: z.literal('ok'),
    offer: changeTimeSlotSchema.extend({ practitionerName: z.string() }),
    current: movableAppointmentSchema,
    expiresAt: isoDateTimeSchema,
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
