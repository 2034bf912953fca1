import { z } from 'zod';
import { anonymousAppointmentSchema } from '../anonymous-appointment';

export const pageStateSchema = z.discriminatedUnion('status', [
  /** HTTP 404: try again, make a new appointment or log in */
  z.object({ status: z.literal('appointment-not-found') }),
  /** the appointment is cancelled: offers a new booking */
  z.object({ status: z.literal('appointment-cancelled') }),
  z.object({ status: z.literal('ok'), appointment: anonymousAppointmentSchema }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
