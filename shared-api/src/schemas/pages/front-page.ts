import { z } from 'zod';

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

