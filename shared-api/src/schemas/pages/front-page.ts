import { z } from 'zod';
import { messagingSummarySchema } from '../messaging/pages';
import { recordsSummarySchema } from '../records/summary';
import { bookingSummarySchema } from '../booking/summary';
import { paymentsSummarySchema } from '../payments/summary';

/**
 * State of the front page (route id 'front-page'), from its server loader.
 * `summaries` is keyed by remote id; a remote that is not deployed has no key.
 */
export const frontPageStateSchema = z.object({
  firstName: z.string(),
  /**
   * The page this visitor belongs on instead (SPEC-DECISIONS "Paths"): registration for someone who
   * is not a customer yet, the first-time welcome page for a customer with no appointments or
   * events. A full page load is already redirected by the server; client-side navigation replaces
   * the address with it.
   */
  landing: z.enum(['account.registration', 'account.welcome']).optional(),
  summaries: z.object({
    'mf-messaging': messagingSummarySchema.optional(),
    'mf-records': recordsSummarySchema.optional(),
    'mf-booking': bookingSummarySchema.optional(),
    'mf-payments': paymentsSummarySchema.optional(),
  }),
});
export type FrontPageState = z.infer<typeof frontPageStateSchema>;
