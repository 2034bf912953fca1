import { z } from 'zod';
import { messagingSummarySchema } from '../messaging/pages';
import { recordsSummarySchema } from '../records/summary';
import { bookingSummarySchema } from '../booking/summary';
import { paymentsSummarySchema } from '../payments/summary';

/** Opening hours of one day type, whole hours of Helsinki time (opens before it closes). */
const openingHoursSchema = z.object({ opens: z.number().int().min(0).max(24), closes: z.number().int().min(0).max(24) });

/**
 * The occupational chat promotion (spec part 2 §2.4): the one service of the patient's contract that
 * the server chose by product id. A chat opens at its address; the phone service is a number with
 * its opening hours.
 */
export const chatPromotionSchema = z.discriminatedUnion('kind', [
  // https only: the browser links whatever this says (the server's configuration allows no other)
  z.object({ kind: z.enum(['doctor-chat', 'nurse-chat']), url: z.string().startsWith('https://') }),
  z.object({
    kind: z.literal('phone-service'),
    phone: z.string(),
    hours: z.object({ weekdays: openingHoursSchema, weekendsAndHolidays: openingHoursSchema }),
  }),
]);
export type ChatPromotion = z.infer<typeof chatPromotionSchema>;

/**
 * State of the front page (route id 'front-page'), from its server loader.
 * `summaries` is keyed by remote id; a remote that is not deployed has no key.
 */
export const frontPageStateSchema = z.object({
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
export type FrontPageState = z.infer<typeof frontPageStateSchema>;
