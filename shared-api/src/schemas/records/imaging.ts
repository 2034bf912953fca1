import { z } from 'zod';
import { isoDateSchema } from '../common';
import { referralListItemSchema } from './referrals';

/**
 * records.imaging (spec part 1 §2 "Imaging list", "Imaging and laboratory referral pages"): imaging
 * results newest first (examinationName null shows 'no title') and the patient's imaging referrals.
 */
export const imagingListItemSchema = z.object({
  id: z.string(),
  imagingDate: isoDateSchema,
  examinationName: z.string().nullable(),
});
export const imagingPageStateSchema = z.object({
  results: z.array(imagingListItemSchema),
  referrals: z.array(referralListItemSchema),
});
export type ImagingListItem = z.infer<typeof imagingListItemSchema>;
export type ImagingPageState = z.infer<typeof imagingPageStateSchema>;

/** Imaging result (spec §3): statementText null shows "no doctor's statement". */
export const imagingResultSchema = imagingListItemSchema.extend({
  statementText: z.string().nullable(),
});
export type ImagingResult = z.infer<typeof imagingResultSchema>;

/**
 * records.imaging-result (path imaging/:date, spec §2 "Imaging result"): every result of that date;
 * not-found (HTTP 404) when the patient has none; temporary-api-error when the imaging service is
 * unavailable ('This section is temporarily unavailable.', spec §8).
 */
export const imagingResultPageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('not-found') }),
  z.object({ status: z.literal('temporary-api-error') }),
  z.object({ status: z.literal('ok'), imagingDate: isoDateSchema, results: z.array(imagingResultSchema) }),
]);
export type ImagingResultPageState = z.infer<typeof imagingResultPageStateSchema>;
