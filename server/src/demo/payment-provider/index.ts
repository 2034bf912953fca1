import type { TestPaymentProvider } from '../../modules/payments/index';
import { createTestProviderAdapter, installTestProvider } from './test-provider';

/** The built-in test payment provider: Paytrail's API and three demo banks, in the portal's own server. */
export const testPaymentProvider: TestPaymentProvider = {
  adapter: createTestProviderAdapter,
  install: installTestProvider,
};
