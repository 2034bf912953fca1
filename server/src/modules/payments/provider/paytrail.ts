import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paymentFailureReasonSchema, paymentStatusSchema, type PaymentRequest } from '@portal/shared-api';
import { PaymentProviderError, type CreatedPayment, type PaymentProviderAdapter, type PaymentReturnUrls, type ProviderPayment } from './adapter';
import { calculateSignature, signatureMatches } from './signature';

/**
 * Paytrail's payment API v2 ("Create payment", POST /payments; "Get", GET /payments/{transactionId}):
 * the request signed over its `checkout-*` headers and JSON body, the answer's signature checked the
 * same way before anything in it is used. Amounts are integer cents on both sides.
 */
export interface PaytrailOptions {
  apiUrl: string;
  account: string;
  secret: string;
  /** the global fetch by default; tests pass their own */
  fetch?: typeof fetch;
  /** give up on an unanswered request after this long */
  timeoutMs?: number;
}

const providerSchema = z.object({
  url: z.url(),
  name: z.string(),
  id: z.string(),
  svg: z.string(),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })),
});

const createPaymentAnswerSchema = z.object({
  transactionId: z.string().min(1),
  terms: z.string(),
  providers: z.array(providerSchema),
});

/** The body of Paytrail's create-payment call: our payment request (spec §3) plus the stamp and the return URLs. */
export function paytrailPaymentBody(request: PaymentRequest, stamp: string, urls: PaymentReturnUrls) {
  return {
    stamp,
    reference: request.reference,
    amount: request.amount,
    currency: 'EUR',
    language: request.language,
    items: request.items.map((item) => ({
      unitPrice: item.unitPrice,
      units: item.units,
      vatPercentage: item.vatPercentage,
      productCode: item.productCode,
    })),
    customer: {
      email: request.customer.email,
      firstName: request.customer.firstName,
      lastName: request.customer.lastName,
      ...(request.customer.phone ? { phone: request.customer.phone } : {}),
    },
    redirectUrls: urls.redirect,
    callbackUrls: urls.callback,
  };
}

/** Paytrail's "Get" answer (GET /payments/{transactionId}); other fields it sends are not read. */
const getPaymentAnswerSchema = z.object({
  transactionId: z.string().min(1),
  status: paymentStatusSchema,
  amount: z.number().int().nonnegative(),
  stamp: z.string().min(1),
  reference: z.string().min(1),
  provider: z.string().nullish(),
  /** the built-in test provider's addition (as `checkout-failure-reason` in its returns) */
  failureReason: paymentFailureReasonSchema.nullish(),
});

export function createPaytrailAdapter(options: PaytrailOptions): PaymentProviderAdapter {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');

  /**
   * One signed call (Paytrail "Authentication"): the `checkout-*` headers and the body signed with
   * the merchant's secret; the answer's `checkout-*` headers and body verified the same way before
   * anything in it is used. Answers the parsed JSON of a 200/201.
   */
  async function call(method: 'GET' | 'POST', path: string, what: string, body: string | null, extraHeaders: Record<string, string> = {}): Promise<unknown> {
    const headers: Record<string, string> = {
      'checkout-account': options.account,
      'checkout-algorithm': 'sha256',
      'checkout-method': method,
      'checkout-nonce': randomUUID(),
      'checkout-timestamp': new Date().toISOString(),
      ...extraHeaders,
    };
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          ...headers,
          ...(body === null ? {} : { 'content-type': 'application/json; charset=utf-8' }),
          signature: calculateSignature(options.secret, headers, body ?? ''),
        },
        ...(body === null ? {} : { body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`The payment provider did not answer: ${error instanceof Error ? error.name : 'error'}`);
    }
    const text = await response.text();
    if (response.status !== 201 && response.status !== 200) {
      throw new PaymentProviderError(`The payment provider refused ${what} (HTTP ${response.status})`, response.status);
    }
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name.toLowerCase()] = value;
    });
    if (!signatureMatches(options.secret, answerHeaders, answerHeaders.signature, text)) {
      throw new PaymentProviderError('The payment provider’s answer is not signed with our secret', response.status);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new PaymentProviderError('The payment provider’s answer is not JSON', response.status);
    }
  }

  return {
    kind: 'paytrail',
    async createPayment(request, stamp, urls): Promise<CreatedPayment> {
      const json = await call('POST', '/payments', 'the payment', JSON.stringify(paytrailPaymentBody(request, stamp, urls)));
      const parsed = createPaymentAnswerSchema.safeParse(json);
      if (!parsed.success) throw new PaymentProviderError('The payment provider’s answer lacks the transaction id, terms or providers');
      return parsed.data;
    },

    // Paytrail "Get": the transaction id in the path and in the signed `checkout-transaction-id` header.
    async getPayment(transactionId): Promise<ProviderPayment> {
      const json = await call('GET', `/payments/${encodeURIComponent(transactionId)}`, 'the status query', null, { 'checkout-transaction-id': transactionId });
      const parsed = getPaymentAnswerSchema.safeParse(json);
      if (!parsed.success) throw new PaymentProviderError('The payment provider’s answer lacks the status, amount, stamp or reference');
      if (parsed.data.transactionId !== transactionId) throw new PaymentProviderError('The payment provider answered for another transaction');
      const { provider, failureReason, ...payment } = parsed.data;
      return { ...payment, provider: provider ?? null, failureReason: failureReason ?? null };
    },
  };
}
