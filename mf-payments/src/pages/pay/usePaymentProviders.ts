import { useCallback, useEffect, useState } from 'react';
import { PAYMENTS_PATH, paymentResponseSchema, type PaymentRequest, type PaymentResponse } from '@portal/shared-api';
import { useApiClient, useShell } from '@portal/shared-ui';

export type ProvidersState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; payment: PaymentResponse };

/**
 * Spec part 2 §7 POST /api/payments/: creates the payment for `request` and answers the provider's
 * terms and payment methods. Created once per page visit (and again on `retry`), aborted when the
 * page is left. §8: a creation failure "is only reported": it goes to the error reporter, and the
 * page offers a retry (the invoice stays on screen).
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
        shell.errors.report(error, 'payments-create-payment');
        setProviders({ status: 'error' });
      });
    return () => controller.abort();
  }, [api, shell, requestKey, attempt]);

  const retry = useCallback(() => {
    setProviders({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { providers, retry };
}
