import type { FastifyInstance } from 'fastify';
import type { PaymentsConfig } from '../config';
import type { PaymentProviderAdapter } from './adapter';
import { createPaytrailAdapter } from './paytrail';

export { PaymentProviderError, returnParamsSchema, type PaymentProviderAdapter, type PaymentReturnUrls, type ProviderPayment, type ReturnParams, type ReturnStatus } from './adapter';
export { signatureMatches } from './signature';

/**
 * The built-in test payment provider's port (server/src/demo/payment-provider/), run with
 * PAYMENT_PROVIDER=test: `adapter` is what the checkout and the reconciliation call, `install`
 * registers the provider's own pages, API and callback job in this app.
 */
export interface TestPaymentProvider {
  adapter(app: FastifyInstance, config: PaymentsConfig): PaymentProviderAdapter;
  install(app: FastifyInstance, config: PaymentsConfig): void;
}

/** The test provider this app was given; PAYMENT_PROVIDER=test without one is a wiring mistake. */
export function testPaymentProvider(app: FastifyInstance): TestPaymentProvider {
  const provider = app.testDoubles.paymentProvider;
  if (!provider) throw new Error('PAYMENT_PROVIDER=test and no test payment provider is wired (server/src/demo/)');
  return provider;
}

/** The configured provider: Paytrail's API, or the built-in test provider (PAYMENT_PROVIDER). */
export function createPaymentProviderAdapter(app: FastifyInstance, config: PaymentsConfig): PaymentProviderAdapter {
  if (config.provider === 'paytrail' && config.providerApiUrl) {
    return createPaytrailAdapter({ apiUrl: config.providerApiUrl, account: config.account, secret: config.secret });
  }
  return testPaymentProvider(app).adapter(app, config);
}
