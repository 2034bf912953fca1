import { z } from 'zod';
import { isoDateSchema } from '../common';
import { invoiceIdSchema, invoiceNumberSchema } from './invoice';

/** The front page lists at most this many unpaid invoices. */
export const PAYMENTS_SUMMARY_MAX_ITEMS = 3;

/**
 * The mf-payments remote's front-page summary (FrontPageState.summaries['mf-payments']): the
 * patient's unpaid invoices (open, overdue, paper), soonest due first, what its server summary
 * answers (server/src/modules/payments/summary.ts) and its `./summary` parcel shows
 * (mf-payments/src/parcels/summary/PaymentsSummary.tsx).
 */
export const paymentsSummarySchema = z.object({
  unpaidCount: z.number().int().nonnegative(),
  unpaidTotalCents: z.number().int(),
  invoices: z
    .array(
      z.object({
        id: invoiceIdSchema,
        invoiceNumber: invoiceNumberSchema,
        dueDate: isoDateSchema,
        sumCents: z.number().int(),
        overdue: z.boolean(),
        canBePaidOnline: z.boolean(),
      }),
    )
    .max(PAYMENTS_SUMMARY_MAX_ITEMS),
});
export type PaymentsSummary = z.infer<typeof paymentsSummarySchema>;
