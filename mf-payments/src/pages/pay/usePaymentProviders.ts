import { useCallback, useEffect, useState } from 'react';
import { isApiError, PAYMENTS_PATH, paymentResponseSchema, type PaymentRequest, type PaymentResponse } from '@portal/shared-api';
import { useApiClient, useShell } from '@portal/shared-ui';

/**
 * `refused`: the server will not take a payment of this invoice now (409 InvoiceNotPayable: paid
 * meanwhile, past its online window, or an earlier payment still awaiting the bank) or no longer
 * finds it (404); `failed`: anything else (the provider or the network).
 */
export type ProvidersState = { status: 'loading' } | { status: 'failed' } | { status: 'refused' } | { status: 'ready'; payment: PaymentResponse };

function isRefusal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const { failure } = error;
  return failure.kind === 'not-found' || (failure.kind === 'http' && failure.status === 409);
}

/**
 * Spec part 2 §7 POST /api/payments/: creates the payment for `request` and answers the provider's
 * terms and payment methods. Created once per page visit (and again on `retry`), aborted when the
 * page is left. §8: a creation failure "is only reported": it goes to the error reporter, and the
 * page offers a retry (the invoice stays on screen). A refusal is the invoice's state, not a fault:
 * said, not reported.
 */
export function usePaymentProviders(request: PaymentRequest): { providers: ProvidersState; retry(): void } {
  const api = useApiClient();
  const shell = useShell();
  const [providers, setProviders] = useState<ProvidersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // the request is rebuilt on every render of the page; one payment per distinct request
  const requestKey = JSON.stringify(request);

  useEffect(() => {
    const controller = new AbortController();
    api
      .post(PAYMENTS_PATH, paymentResponseSchema, { json: JSON.parse(requestKey) as PaymentRequest, signal: controller.signal })
      .then((payment) => {
        if (!controller.signal.aborted) setProviders({ status: 'ready', payment });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (isRefusal(error)) {
          setProviders({ status: 'refused' });
          return;
        }
        shell.errors.report(error, 'payments-create-payment');
        setProviders({ status: 'failed' });
      });
    return () => controller.abort();
  }, [api, shell, requestKey, attempt]);

  const retry = useCallback(() => {
    setProviders({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { providers, retry };
}
