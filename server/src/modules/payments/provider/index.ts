import type { FastifyInstance } from 'fastify';
import type { PaymentsConfig } from '../config';
import type { PaymentProviderAdapter } from './adapter';
import { createPaytrailAdapter } from './paytrail';
import { createTestProviderAdapter } from './test-provider';

export { PaymentProviderError, returnParamsSchema, type PaymentProviderAdapter, type PaymentReturnUrls, type ProviderPayment, type ReturnParams, type ReturnStatus } from './adapter';
export { signatureMatches } from './signature';

/** The configured provider: Paytrail's API, or the built-in test provider (PAYMENT_PROVIDER). */
export function createPaymentProviderAdapter(app: FastifyInstance, config: PaymentsConfig): PaymentProviderAdapter {
  if (config.provider === 'paytrail' && config.providerApiUrl) {
    return createPaytrailAdapter({ apiUrl: config.providerApiUrl, account: config.account, secret: config.secret });
  }
  return createTestProviderAdapter(app, config);
}
