import { z } from 'zod';
import { appointmentDetailSchema } from '../appointment';

/** booking.appointments: the future appointments, soonest first (provider-cancelled ones with their notice). */
export const pageStateSchema = z.object({
  appointments: z.array(appointmentDetailSchema),
  /** the intro's N: online cancellation is possible while at least N hours remain */
  cancellationHours: z.number().int().positive(),
});
export type PageState = z.infer<typeof pageStateSchema>;
