import { z } from 'zod';
import { imagingListItemSchema } from '../imaging';
import { referralListItemSchema } from '../referrals';

/** records.imaging: the patient's imaging examinations and referrals. */
export const pageStateSchema = z.object({
  results: z.array(imagingListItemSchema),
  referrals: z.array(referralListItemSchema),
});
export type PageState = z.infer<typeof pageStateSchema>;
