import type { Config } from '../config';
import type { TestDoubles } from '../modules/module';
import { testIdentityBroker } from './identity-broker/index';
import { testInsurers } from './insurers/index';
import { testPaymentProvider } from './payment-provider/index';
import { testSmsGateway } from './sms-outbox/index';

export { seedDemoWorld } from './seed/index';

/**
 * The test doubles this configuration runs (modules/module.ts `TestDoubles`), decided by the same
 * variables as before the doubles had a room of their own: the identity broker without OIDC_ISSUER,
 * the payment provider with PAYMENT_PROVIDER=test; the insurers and the SMS outbox always, as no
 * real integration of theirs exists. Each module's `demoParts` names the ones it runs, so the
 * server refuses them without DEMO=true (config.ts).
 */
export function testDoublesFor(config: Pick<Config, 'modules'>): TestDoubles {
  return {
    ...(config.modules.identity.oidcIssuer === null ? { identityBroker: testIdentityBroker } : {}),
    insurers: testInsurers,
    ...(config.modules.payments.provider === 'test' ? { paymentProvider: testPaymentProvider } : {}),
    smsGateway: testSmsGateway,
  };
}
