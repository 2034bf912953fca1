import { z } from 'zod';
import { prescriptionSchema } from '../prescriptions';
import { renewalUserSchema } from '../renewal';

/**
 * - maintenance-mode: messaging is moving to a new service; renewals are offline (spec §8).
 * - not-renewable (HTTP 404): some id is not one of the patient's renewable prescriptions; the state
 *   names none of them, so nothing of anybody else's is ever shown.
 * - ok: the chosen prescriptions in the order asked, the patient (`user`, the child when a guardian
 *   acts for one) and their customer messaging user, who sends the request (null: they have none
 *   and cannot send).
 */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('maintenance-mode') }),
  z.object({ status: z.literal('not-renewable') }),
  z.object({
    status: z.literal('ok'),
    prescriptions: z.array(prescriptionSchema).min(1),
    user: renewalUserSchema,
    customerMessagingUserId: z.string().nullable(),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
