import { z } from 'zod';
import { appointmentDetailSchema } from '../appointment';

/** booking.appointment (ids: one or several numeric ids): the cards, or not found (HTTP 404; spec part 1 §2). */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('appointment-not-found') }),
  z.object({ status: z.literal('ok'), appointments: z.array(appointmentDetailSchema).min(1) }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
