import { z } from 'zod';
import { isoDateSchema } from '../common';

/**
 * records.imaging (spec part 1 §2 "Imaging list", "Imaging and laboratory referral pages"): imaging
 * results newest first (examinationName null shows 'no title') and the patient's imaging referrals.
 */
export const imagingListItemSchema = z.object({
  id: z.string(),
  imagingDate: isoDateSchema,
  examinationName: z.string().nullable(),
});
export type ImagingListItem = z.infer<typeof imagingListItemSchema>;

/** Imaging result (spec §3): statementText null shows "no doctor's statement". */
export const imagingResultSchema = imagingListItemSchema.extend({
  statementText: z.string().nullable(),
});
export type ImagingResult = z.infer<typeof imagingResultSchema>;

