import { z } from 'zod';
import { recordsSummarySchema } from '../records/summary';

/**
 * State of the front page (route id 'front-page'), from its server loader.
 * `summaries` is keyed by remote id; a remote that is not deployed has no key.
 */
export const frontPageStateSchema = z.object({
  firstName: z.string(),
  summaries: z.object({
    'mf-records': recordsSummarySchema.optional(),
  }),
});
export type FrontPageState = z.infer<typeof frontPageStateSchema>;
