import { z } from 'zod';
import { changeTimeSlotPageSchema, movableAppointmentSchema } from '../change-time';

export const pageStateSchema = z.discriminatedUnion('status', [
  /** HTTP 404: not the patient's (or the ward's) upcoming reserved appointment */
  z.object({ status: z.literal('appointment-not-found') }),
  /** inside the cancellation window: no longer movable online */
  z.object({ status: z.literal('deadline-exceeded'), appointment: movableAppointmentSchema, cancellationHours: z.number().int().positive() }),
  z.object({ status: z.literal('ok'), appointment: movableAppointmentSchema }).extend(changeTimeSlotPageSchema.shape),
]);
export type PageState = z.infer<typeof pageStateSchema>;
