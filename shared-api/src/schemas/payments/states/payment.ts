import { z } from 'zod';
import { isoDateSchema } from '../../common';
import { invoiceNumberSchema, paymentFailureReasonSchema } from '../invoice';

/** The results of a payment attempt the payment page shows. */
export const paymentResultStatuses = ['ok', 'fail', 'delayed', 'pending', 'duplicate'] as const;

/**
 * payments.payment (payment/{invoice number}): the result of the payment attempt that moved last, as
 * the server recorded it from the provider's signed redirect or callback, or from asking the
 * provider (never from the URL). `duplicate`: the bank took this payment after the invoice was
 * already paid; `refund` says its amount and whether it has been refunded yet.
 */
export const pageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('invoice-not-found') }),
  z.object({
    status: z.literal('ok'),
    result: z.enum(paymentResultStatuses),
    failureReason: paymentFailureReasonSchema.nullable(),
    /** with result `duplicate`: the amount owed back to the payer, and whether it has been refunded */
    refund: z.object({ amountCents: z.number().int(), refunded: z.boolean() }).nullable(),
    invoice: z.object({
      invoiceNumber: invoiceNumberSchema,
      sumCents: z.number().int(),
      paid: z.boolean(),
      paidDate: isoDateSchema.nullable(),
      /** still open for payment: an unpaid open invoice with result fail is highlighted */
      open: z.boolean(),
    }),
  }),
]);
export type PageState = z.infer<typeof pageStateSchema>;
