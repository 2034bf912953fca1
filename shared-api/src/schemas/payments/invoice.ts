import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, langSchema } from '../common';
import { textSchema } from '../text';

/**
 * The payments vocabulary every payments contract shares (spec part 2 §2.3, §3 "Invoice", "Payment
 * request", §4 "Invoice presentation by status", §7, §8 "Payments", §9; part 1 §3 invoice source and
 * listable status; docs/product-decisions.md, "Invoice status moves"). The server module is
 * server/src/modules/payments/, the pages mf-payments/src/pages/.
 *
 * Money is integer cents everywhere (sumCents, unitPriceCents, amount): a float never carries a euro.
 */

/** Spec part 2 §9. */
export const INVOICE_PAGE_SIZE = 10;
/** An online invoice can be paid online this many days after the visit; then it is mailed (status paper). */
export const ONLINE_PAYABLE_DAYS = 4;
/** Spec part 2 §9: online payment of remote appointments was disabled 16–30 Nov 2023 (a notice is shown). */
export const REMOTE_PAYMENT_BLACKOUT = { from: '2023-11-16', to: '2023-11-30' } as const;
/** Spec part 2 §1: the brands merged on this day (the invoice notification landing's notice). */
export const BRAND_MERGER_DATE = '2025-06-01';

/** Part 1 §3 "listable invoice status". */
export const invoiceStatuses = ['open', 'overdue', 'paper', 'paid', 'refunded', 'refundInProgress', 'notAvailable'] as const;
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Part 1 §3 "invoice source". */
export const invoiceSources = ['CustomerInvoice', 'GoodSignInvoice', 'NetsuiteInvoice'] as const;
export const invoiceSourceSchema = z.enum(invoiceSources);
export type InvoiceSource = z.infer<typeof invoiceSourceSchema>;

/**
 * docs/product-decisions.md, "Invoice status moves", enforced by the server (a move not listed is refused):
 * open → paid (a payment) or overdue (due date passed) or paper (not paid online within
 * ONLINE_PAYABLE_DAYS of the visit); paper → overdue or paid; overdue → paid;
 * paid → refundInProgress → refunded.
 */
export const INVOICE_STATUS_MOVES: Readonly<Record<InvoiceStatus, readonly InvoiceStatus[]>> = {
  open: ['paid', 'overdue', 'paper'],
  paper: ['paid', 'overdue'],
  overdue: ['paid'],
  paid: ['refundInProgress'],
  refundInProgress: ['refunded'],
  refunded: [],
  notAvailable: [],
};

export const invoiceIdSchema = z.string().regex(/^[0-9]{1,12}$/, 'invalid_invoice_id');
export const invoiceNumberSchema = z.string().regex(/^[0-9]{1,20}$/, 'invalid_invoice_number');
export const centsSchema = z.number().int().nonnegative().max(100_000_000);

/** Spec part 2 §3 "Invoice (list)". creditedInvoiceNumber: comma-separated numbers, or null. */
export const invoiceListItemSchema = z.object({
  id: invoiceIdSchema,
  invoiceNumber: invoiceNumberSchema,
  creditedInvoiceNumber: z.string().nullable(),
  status: invoiceStatusSchema,
  source: invoiceSourceSchema,
  creationDate: isoDateSchema,
  dueDate: isoDateSchema,
  sumCents: z.number().int(),
  hasPdf: z.boolean(),
  canBePaidOnline: z.boolean(),
  /** the invoice is for a remote appointment in REMOTE_PAYMENT_BLACKOUT: the notice replaces the pay link */
  remotePaymentBlackout: z.boolean(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

export const invoiceRowSchema = z.object({
  description: z.string(),
  date: isoDateSchema,
  count: z.number().int().positive(),
  unitPriceCents: z.number().int(),
  vatPercentage: z.number().nonnegative().max(100),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

/**
 * Spec part 2 §3 "Invoice (payment/summary)": status is Open or Paid as the spec says: Open is every
 * unpaid invoice (open, overdue, paper), Paid a paid one (refunds follow a payment); whether it can be
 * paid online now is canBePaidOnline, never the status. invoiceStatus is the list's status (§4 label).
 * Both come from the server's one derivation (server/src/modules/payments/invoices/standing.ts).
 */
export const invoiceDetailSchema = z.object({
  id: invoiceIdSchema,
  invoiceNumber: invoiceNumberSchema,
  sumCents: z.number().int(),
  status: z.enum(['Open', 'Paid']),
  invoiceStatus: invoiceStatusSchema,
  paidDate: isoDateSchema.nullable(),
  creationDate: isoDateSchema,
  payableOnlineUntil: isoDateSchema.nullable(),
  dueDate: isoDateSchema,
  buyerName: z.string(),
  buyerAddress: z.object({ street: z.string(), postalCode: z.string(), postOffice: z.string() }),
  /** the payment number (viitenumero) the patient pays with by bank transfer */
  paymentNumber: z.string(),
  canBePaidOnline: z.boolean(),
  rows: z.array(invoiceRowSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

// ---- calls (spec part 2 §7) ------------------------------------------------------------------

export const INVOICES_LIST_PATH = '/api/payments/invoices-list';
export const INVOICE_PDF_PATH = '/api/invoices/:id/pdf';
export const GOOD_SIGN_INVOICE_PATH = '/api/payments/good-sign-invoice';
export const INVOICE_SUMMARY_PATH = '/api/invoices/invoice-summary';
export const PAYMENTS_PATH = '/api/payments/';

/** GET /api/payments/invoices-list?csrfToken&lang → { invoices } (every invoice, newest first; the page pages by 10). */
export const invoicesListQuerySchema = z.object({ csrfToken: textSchema.optional(), lang: langSchema.default('fi') });
export const invoicesListResponseSchema = z.object({ invoices: z.array(invoiceListItemSchema) });
export type InvoicesListResponse = z.infer<typeof invoicesListResponseSchema>;

/** GET /api/invoices/{id}/pdf?filename&lang → application/pdf, Content-Disposition attachment; filename. */
export const invoicePdfParamsSchema = z.object({ id: invoiceIdSchema });
export const invoicePdfQuerySchema = z.object({
  filename: z.string().regex(/^[\w.-]{1,80}\.pdf$/, 'invalid_filename').optional(),
  lang: langSchema.default('fi'),
});
export function invoicePdfPath(id: string, filename: string, lang: string): string {
  return `${INVOICE_PDF_PATH.replace(':id', encodeURIComponent(id))}?${new URLSearchParams({ filename, lang }).toString()}`;
}

/** GET /api/payments/good-sign-invoice?invoiceNumber → { data: { invoice? } } (absent: not found). */
export const goodSignInvoiceQuerySchema = z.object({ invoiceNumber: invoiceNumberSchema, csrfToken: textSchema.optional() });
export const goodSignInvoiceResponseSchema = z.object({ data: z.object({ invoice: invoiceDetailSchema.optional() }) });
export type GoodSignInvoiceResponse = z.infer<typeof goodSignInvoiceResponseSchema>;

/** GET /api/invoices/invoice-summary?invoiceId&lang → { data: { invoice? } }. */
export const invoiceSummaryQuerySchema = z.object({ invoiceId: invoiceIdSchema, lang: langSchema.default('fi'), csrfToken: textSchema.optional() });
export const invoiceSummaryResponseSchema = goodSignInvoiceResponseSchema;

/** Spec part 2 §3 "Payment request" and §9: one item, VAT 0, one unit, unit price = the sum in cents. */
export const paymentLanguages = ['EN', 'FI', 'SV'] as const;
export const paymentLanguageSchema = z.enum(paymentLanguages);
export const PAYMENT_LANGUAGE_BY_LANG = { en: 'EN', fi: 'FI', sv: 'SV' } as const;
export const paymentRequestSchema = z.object({
  amount: centsSchema.min(1),
  customer: z.object({
    email: z.email().max(200),
    phone: textSchema.max(40).optional(),
    firstName: textSchema.max(100),
    lastName: textSchema.max(100),
  }),
  items: z
    .array(
      z.object({
        productCode: textSchema.min(1).max(100),
        unitPrice: centsSchema,
        units: z.literal(1),
        vatPercentage: z.literal(0),
      }),
    )
    .length(1),
  language: paymentLanguageSchema,
  /** the invoice number */
  reference: invoiceNumberSchema,
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export const paymentsQuerySchema = z.object({ csrfToken: textSchema.optional() });
export const paymentProviderSchema = z.object({
  name: z.string(),
  id: z.string(),
  /** where the browser posts the provider's form */
  url: z.string(),
  /** the provider's logo (an image URL, served by the provider) */
  svg: z.string(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;
export const paymentResponseSchema = z.object({
  /** the provider's terms, sanitised HTML */
  terms: z.string(),
  providers: z.array(paymentProviderSchema),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;
/**
 * POST /api/payments/ with an invoice of the patient that cannot be paid online now (already paid,
 * mailed, overdue, outside its online window, or a payment of it still awaiting the bank): 409.
 * An unknown invoice, or another patient's, is 404 NotFound; a request that does not match the
 * invoice (amount, unit price) is 400 ValidationError with the field's path.
 */
export const paymentRefusalSchema = z.object({ type: z.literal('InvoiceNotPayable'), message: z.string() });
export type PaymentRefusal = z.infer<typeof paymentRefusalSchema>;
/** The provider's signed return: the browser's redirect and the provider's server-to-server callback. */
export const PAYMENT_REDIRECT_PATH = '/api/payments/return';
export const PAYMENT_CALLBACK_PATH = '/api/payments/callback';

/**
 * The provider's statuses (Paytrail's checkout-status) and the failure reasons its test provider and
 * the spec's §8 texts share one to one (docs/product-decisions.md, "Payment provider statuses").
 */
export const paymentStatuses = ['new', 'ok', 'fail', 'pending', 'delayed'] as const;
export const paymentStatusSchema = z.enum(paymentStatuses);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const paymentFailureReasons = [
  'cardDeclined',
  'cardExpired',
  'incorrectCvc',
  'insufficientFunds',
  'cancelled',
  'paymentFailed',
  'unableToProcess',
] as const;
export const paymentFailureReasonSchema = z.enum(paymentFailureReasons);
export type PaymentFailureReason = z.infer<typeof paymentFailureReasonSchema>;

/** A payment attempt as the pages see it (never the provider's secrets). */
export const paymentAttemptSchema = z.object({
  status: paymentStatusSchema,
  failureReason: paymentFailureReasonSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;
