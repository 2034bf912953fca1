import { z } from 'zod';
import { isoDateTimeSchema } from '../common';

/** The front page shows at most this many upcoming appointments. */
export const BOOKING_SUMMARY_MAX_ITEMS = 3;

/** One upcoming appointment in the front page's block. */
export const bookingSummaryItemSchema = z.object({
  id: z.string(),
  startDate: isoDateTimeSchema,
  practitionerName: z.string(),
  specialty: z.string(),
  clinicName: z.string(),
  isRemote: z.boolean(),
});

/**
 * The mf-booking remote's front-page summary (FrontPageState.summaries['mf-booking']): the patient's
 * upcoming appointments, soonest first (server/src/modules/booking/appointments/summary.ts), shown
 * by its `./summary` parcel with a footer button to the appointments list (spec part 1 §2 front page).
 */
export const bookingSummarySchema = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(bookingSummaryItemSchema).max(BOOKING_SUMMARY_MAX_ITEMS),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;
export type BookingSummaryItem = z.infer<typeof bookingSummaryItemSchema>;
