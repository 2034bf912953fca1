import { z } from 'zod';
import { referralSchema } from '../referrals';

/**
 * records.laboratory-referral and records.imaging-referral (path …/:id): the referral, or not-found
 * (HTTP 404) when the id is not one of the patient's referrals of that type.
 */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('not-found') }),
  z.object({ status: z.literal('ok'), referral: referralSchema }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
