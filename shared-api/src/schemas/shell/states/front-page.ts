import { z } from 'zod';
import { bookingSummarySchema } from '../../booking/summary';
import { messagingSummarySchema } from '../../messaging/pages';
import { chatPromotionSchema } from '../../pages/front-page';
import { paymentsSummarySchema } from '../../payments/summary';
import { recordsSummarySchema } from '../../records/summary';

/**
 * State of the front page (route id 'front-page'), from its server loader.
 * `summaries` is keyed by remote id; a remote that is not deployed has no key.
 */
export const pageStateSchema = z.object({
  firstName: z.string(),
  /**
   * The page this visitor belongs on instead (docs/product-decisions.md, "Paths"): registration for someone who
   * is not a customer yet, the first-time welcome page for a customer with no appointments or
   * events. A full page load is already redirected by the server; client-side navigation replaces
   * the address with it.
   */
  landing: z.enum(['account.registration', 'account.welcome']).optional(),
  /** absent: no promotion (no such product in the contract, no contract, the children's brand) */
  chatPromotion: chatPromotionSchema.optional(),
  // stays the last member: `npm run new:remote -- --summary` adds a key before its closing line
  summaries: z.object({
    'mf-messaging': messagingSummarySchema.optional(),
    'mf-records': recordsSummarySchema.optional(),
    'mf-booking': bookingSummarySchema.optional(),
    'mf-payments': paymentsSummarySchema.optional(),
  }),
});
export type PageState = z.infer<typeof pageStateSchema>;
