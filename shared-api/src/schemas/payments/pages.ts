import { z } from 'zod';
import { isoDateSchema } from '../common';
import {
  invoiceDetailSchema,
  invoiceListItemSchema,
  invoiceNumberSchema,
  paymentFailureReasonSchema,
} from './invoice';

/**
 * The mf-payments pages' states: what each page's server loader answers (server/src/modules/payments/)
 * and the page reads with usePageState (mf-payments/src/pages/). Spec part 2 §2.3.
 */

/** payments.invoices (invoices, laskut, fakturor): every invoice, newest first; the page shows 10 at a time. */
export const invoicesPageStateSchema = z.object({
  invoices: z.array(invoiceListItemSchema),
  /** §4: notAvailable shows the provider's billing contact */
  billingEmail: z.string(),
  billingPhone: z.string(),
});
export type InvoicesPageState = z.infer<typeof invoicesPageStateSchema>;

/** payments.summary (invoices/summary/{id}): the summary, or not found (HTTP 404). */
export const invoiceSummaryPageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('invoice-not-found') }),
  z.object({ status: z.literal('ok'), invoice: invoiceDetailSchema }),
]);
export type InvoiceSummaryPageState = z.infer<typeof invoiceSummaryPageStateSchema>;

/**
 * payments.pay (pay/{invoice number}): the invoice and whether the patient's e-mail is valid (§2.3:
 * the providers show only then; otherwise the e-mail-required notice links to contact details with a
 * saveAction back here).
 */
export const payInvoicePageStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('invoice-not-found') }),
  z.object({
    status: z.literal('ok'),
    invoice: invoiceDetailSchema,
    emailValid: z.boolean(),
    /** the payment request's customer (§3): the patient's own contact details */
    customer: z.object({ email: z.string(), phone: z.string(), firstName: z.string(), lastName: z.string() }),
  }),
]);
export type PayInvoicePageState = z.infer<typeof payInvoicePageStateSchema>;

/**
 * payments.payment (payment/{invoice number}): the result of the payment attempt that moved last, as
 * the server recorded it from the provider's signed redirect or callback, or from asking the
 * provider (never from the URL). `duplicate`: the bank took this payment after the invoice was
 * already paid; `refund` says its amount and whether it has been refunded yet.
 */
export const paymentResultStatuses = ['ok', 'fail', 'delayed', 'pending', 'duplicate'] as const;
export const paymentResultPageStateSchema = z.discriminatedUnion('status', [
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
export type PaymentResultPageState = z.infer<typeof paymentResultPageStateSchema>;

/**
 * payments.pay-visit (pay-visit, maksa-kaynti, betala-besok; the invoice notification landing,
 * anonymous, no menu): whose visit to pay. Own visit: sign in at either brand; a child under 18:
 * the guardian's strong identification (guardianship checked), then the child's invoices.
 */
export const payVisitPageStateSchema = z.object({
  ownVisitLinks: z.array(z.object({ brand: z.enum(['adult', 'children']), url: z.string() })).min(1),
  childVisitUrl: z.string(),
});
export type PayVisitPageState = z.infer<typeof payVisitPageStateSchema>;
