import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

/**
 * Values published in this repository: the built-in test provider's signing secret and Paytrail's
 * public test merchant. Anyone can sign with them, so they serve the demo only (paymentsDemoParts).
 */
export const TEST_PROVIDER_SECRET = 'demo-secret-not-for-production-use';
export const PAYTRAIL_TEST_ACCOUNT = '375917';

const envSchema = z.object({
  /**
   * `test`: the built-in test provider (pages under /test-payment-provider/, on by default in the
   * demo); `paytrail`: a Paytrail-compatible API at PAYMENT_PROVIDER_API_URL.
   */
  PAYMENT_PROVIDER: z.enum(['test', 'paytrail']).default('test'),
  PAYMENT_PROVIDER_API_URL: z.url().optional(),
  /** the merchant account id and the shared secret of the HMAC-SHA256 signatures */
  PAYMENT_PROVIDER_ACCOUNT: z.string().regex(/^[0-9A-Za-z-]{1,40}$/).default(PAYTRAIL_TEST_ACCOUNT),
  PAYMENT_PROVIDER_SECRET: z.string().min(16).default(TEST_PROVIDER_SECRET),
  /**
   * The built-in test provider calls the portal back like a real provider: right away, late, or
   * both (twice). "Late" is this long after the tester's choice.
   */
  PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  /**
   * Reconciliation (reconcile/): an attempt the provider has not settled this long after it was
   * created (a callback lost while the server was down) is asked about from the provider, then
   * again after twice as long, and so on; every instance looks this often.
   */
  PAYMENT_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /**
   * The brands' public addresses, for the invoice notification landing's "pay your own visit at
   * either brand" links (spec part 2 §2.3). This server's own brand is always its PUBLIC_URL; the
   * other brand's is this, or, unset (the demo: one server), this server's address too.
   */
  PAYMENT_ADULT_BRAND_URL: z.url().optional(),
  PAYMENT_CHILDREN_BRAND_URL: z.url().optional(),
  APP_ENV: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

/** The payments module's settings (each feature folder reads its part). */
export interface PaymentsConfig {
  provider: 'test' | 'paytrail';
  providerApiUrl: string | null;
  account: string;
  secret: string;
  testProviderCallbackDelayMs: number;
  /** ask the provider about an attempt unsettled this long (and how often every instance looks) */
  reconcileAfterMs: number;
  reconcileIntervalMs: number;
  /** the brands' public addresses as configured (null: this server's, see pay-visit/) */
  brandUrls: { adult: string | null; children: string | null };
}

export class PaymentsConfigError extends ConfigError {}

/** What of this configuration is demo only (module.ts `demoParts`): the test provider, published credentials. */
export function paymentsDemoParts(config: PaymentsConfig): string[] {
  const parts: string[] = [];
  if (config.provider === 'test') parts.push('payments: the built-in test payment provider (PAYMENT_PROVIDER=test, the default; set PAYMENT_PROVIDER=paytrail with PAYMENT_PROVIDER_API_URL, PAYMENT_PROVIDER_ACCOUNT and PAYMENT_PROVIDER_SECRET)');
  if (config.secret === TEST_PROVIDER_SECRET) parts.push('payments: PAYMENT_PROVIDER_SECRET is unset or the value published in this repository');
  if (config.account === PAYTRAIL_TEST_ACCOUNT) parts.push(`payments: PAYMENT_PROVIDER_ACCOUNT is unset or Paytrail's public test merchant (${PAYTRAIL_TEST_ACCOUNT})`);
  return parts;
}

/** Reads the payments environment variables; throws PaymentsConfigError listing every problem. */
export function loadPaymentsConfig(env: Env = process.env): PaymentsConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new PaymentsConfigError(`Invalid payments configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  const production = e.APP_ENV === 'production';
  const problems: string[] = [];
  if (e.PAYMENT_PROVIDER === 'paytrail' && !e.PAYMENT_PROVIDER_API_URL) problems.push('PAYMENT_PROVIDER=paytrail needs PAYMENT_PROVIDER_API_URL');
  if (production && e.PAYMENT_PROVIDER === 'paytrail' && !env.PAYMENT_PROVIDER_SECRET) problems.push('PAYMENT_PROVIDER_SECRET must be set with APP_ENV=production');
  if (problems.length > 0) throw new PaymentsConfigError(`Invalid payments configuration:\n${problems.join('\n')}`);
  return {
    provider: e.PAYMENT_PROVIDER,
    providerApiUrl: e.PAYMENT_PROVIDER_API_URL ?? null,
    account: e.PAYMENT_PROVIDER_ACCOUNT,
    secret: e.PAYMENT_PROVIDER_SECRET,
    testProviderCallbackDelayMs: e.PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS,
    reconcileAfterMs: e.PAYMENT_RECONCILE_AFTER_MS,
    reconcileIntervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
    brandUrls: {
      adult: e.PAYMENT_ADULT_BRAND_URL?.replace(/\/+$/, '') ?? null,
      children: e.PAYMENT_CHILDREN_BRAND_URL?.replace(/\/+$/, '') ?? null,
    },
  };
}
