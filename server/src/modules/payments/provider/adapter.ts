import { z } from 'zod';
import { paymentFailureReasonSchema, paymentStatusSchema, type PaymentFailureReason, type PaymentProvider, type PaymentRequest, type PaymentStatus } from '@portal/shared-api';

/**
 * The payment provider adapter (Paytrail-style; docs/product-decisions.md, "Payments"). The portal creates a
 * payment with its own `stamp`; the provider answers its transaction id, its terms and the payment
 * methods (each a form the browser posts, spec part 2 §7). The outcome comes back to the portal
 * twice, both signed with the merchant's secret: the browser's redirect and the provider's
 * server-to-server callback (checkout/return.ts).
 */

/** Where the provider sends the browser (redirect) and calls the portal (callback), per outcome. */
export interface PaymentReturnUrls {
  redirect: { success: string; cancel: string };
  callback: { success: string; cancel: string };
}

export interface CreatedPayment {
  transactionId: string;
  /** the provider's terms, HTML */
  terms: string;
  providers: PaymentProvider[];
}

/**
 * A payment as the provider knows it (Paytrail "Get", GET /payments/{transactionId}): asked for an
 * attempt whose redirect and callback have not settled it (reconcile/).
 */
export interface ProviderPayment {
  transactionId: string;
  /** `new`: created, nothing more (the patient never finished at the bank, or has not yet) */
  status: PaymentStatus;
  /** integer cents */
  amount: number;
  stamp: string;
  reference: string;
  /** the payment method the payer used, once processed */
  provider: string | null;
  /** the built-in test provider names its reason, as in its returns; Paytrail says only `fail` */
  failureReason: PaymentFailureReason | null;
}

export interface PaymentProviderAdapter {
  readonly kind: 'test' | 'paytrail';
  createPayment(request: PaymentRequest, stamp: string, urls: PaymentReturnUrls): Promise<CreatedPayment>;
  /** The provider's record of one payment, its answer's signature verified. */
  getPayment(transactionId: string): Promise<ProviderPayment>;
}

/**
 * The provider could not create the payment or answer for it (unreachable, refused, or an answer
 * that does not verify). `status` is the provider's HTTP status when it answered.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The query a provider appends to our redirect and callback URLs (Paytrail "Redirect and callback
 * URL parameters"). `checkout-failure-reason` is the built-in test provider's addition, inside the
 * signed set like every `checkout-*` parameter; Paytrail itself sends no reason.
 */
export const RETURN_PARAMETER_NAMES = [
  'checkout-account',
  'checkout-algorithm',
  'checkout-amount',
  'checkout-stamp',
  'checkout-reference',
  'checkout-transaction-id',
  'checkout-status',
  'checkout-provider',
  'checkout-failure-reason',
  'signature',
] as const;

/** The statuses a provider may report back (Paytrail never reports `new` on a return). */
export const returnStatusSchema = paymentStatusSchema.exclude(['new']);
export type ReturnStatus = z.infer<typeof returnStatusSchema>;

export const returnParamsSchema = z.object({
  'checkout-account': z.string().min(1).max(40),
  'checkout-algorithm': z.string().min(1).max(20),
  'checkout-amount': z.string().regex(/^[0-9]{1,12}$/, 'integer cents'),
  'checkout-stamp': z.uuid(),
  'checkout-reference': z.string().min(1).max(40),
  'checkout-transaction-id': z.string().min(1).max(100),
  'checkout-status': returnStatusSchema,
  'checkout-provider': z.string().max(60).optional(),
  'checkout-failure-reason': paymentFailureReasonSchema.optional(),
  signature: z.string().regex(/^[0-9a-fA-F]{64,128}$/, 'a hex HMAC'),
});
export type ReturnParams = z.infer<typeof returnParamsSchema>;
