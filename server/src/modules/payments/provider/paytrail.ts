import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PaymentRequest } from '@portal/shared-api';
import { PaymentProviderError, type CreatedPayment, type PaymentProviderAdapter, type PaymentReturnUrls } from './adapter';
import { calculateSignature, signatureMatches } from './signature';

/**
 * Paytrail's payment API v2 ("Create payment", POST /payments): the request signed over its
 * `checkout-*` headers and JSON body, the answer's signature checked the same way before anything
 * in it is used. Amounts are integer cents on both sides.
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

export function createPaytrailAdapter(options: PaytrailOptions): PaymentProviderAdapter {
  const doFetch = options.fetch ?? fetch;
  const endpoint = `${options.apiUrl.replace(/\/+$/, '')}/payments`;
  return {
    kind: 'paytrail',
    async createPayment(request, stamp, urls): Promise<CreatedPayment> {
      const body = JSON.stringify(paytrailPaymentBody(request, stamp, urls));
      const headers: Record<string, string> = {
        'checkout-account': options.account,
        'checkout-algorithm': 'sha256',
        'checkout-method': 'POST',
        'checkout-nonce': randomUUID(),
        'checkout-timestamp': new Date().toISOString(),
      };
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json; charset=utf-8', signature: calculateSignature(options.secret, headers, body) },
          body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new PaymentProviderError(`The payment provider did not answer: ${error instanceof Error ? error.name : 'error'}`);
      }
      const text = await response.text();
      if (response.status !== 201 && response.status !== 200) {
        throw new PaymentProviderError(`The payment provider refused the payment (HTTP ${response.status})`);
      }
      const answerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        answerHeaders[name.toLowerCase()] = value;
      });
      if (!signatureMatches(options.secret, answerHeaders, answerHeaders.signature, text)) {
        throw new PaymentProviderError('The payment provider’s answer is not signed with our secret');
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new PaymentProviderError('The payment provider’s answer is not JSON');
      }
      const parsed = createPaymentAnswerSchema.safeParse(json);
      if (!parsed.success) throw new PaymentProviderError('The payment provider’s answer lacks the transaction id, terms or providers');
      return parsed.data;
    },
  };
}
