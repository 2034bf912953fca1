import { z } from 'zod';
import { isoDateSchema } from '../../common';
import { imagingResultSchema } from '../imaging';

/**
 * records.imaging-result (path imaging/:date, spec §2 "Imaging result"): every result of that date;
 * not-found (HTTP 404) when the patient has none; temporary-api-error when the imaging service is
 * unavailable ('This section is temporarily unavailable.', spec §8).
 */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('not-found') }),
  z.object({ status: z.literal('temporary-api-error') }),
  z.object({ status: z.literal('ok'), imagingDate: isoDateSchema, results: z.array(imagingResultSchema) }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
