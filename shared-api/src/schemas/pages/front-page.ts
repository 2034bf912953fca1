import { z } from 'zod';
import { messagingSummarySchema } from '../messaging/pages';
import { recordsSummarySchema } from '../records/summary';

/**
 * State of the front page (route id 'front-page'), from its server loader.
 * `summaries` is keyed by remote id; a remote that is not deployed has no key.
 */
export const frontPageStateSchema = z.object({
  firstName: z.string(),
  summaries: z.object({
    'mf-messaging': messagingSummarySchema.optional(),
    'mf-records': recordsSummarySchema.optional(),
  }),
});
export type FrontPageState = z.infer<typeof frontPageStateSchema>;
