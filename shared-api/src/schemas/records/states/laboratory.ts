import { z } from 'zod';
import { laboratoryListDateSchema } from '../laboratory';
import { referralListItemSchema } from '../referrals';

/** records.laboratory: the patient's laboratory results by date, and referrals. */
export const pageStateSchema = z.object({
  dates: z.array(laboratoryListDateSchema),
  referrals: z.array(referralListItemSchema),
});
export type PageState = z.infer<typeof pageStateSchema>;
