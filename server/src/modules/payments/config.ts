import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const envSchema = z.object({
  /**
   * `test`: the built-in test provider (pages under /test-payment-provider/, on by default in the
   * demo); `paytrail`: a Paytrail-compatible API at PAYMENT_PROVIDER_API_URL.
   */
  PAYMENT_PROVIDER: z.enum(['test', 'paytrail']).default('test'),
  PAYMENT_PROVIDER_API_URL: z.url().optional(),
  /** the merchant account id and the shared secret of the HMAC-SHA256 signatures */
  PAYMENT_PROVIDER_ACCOUNT: z.string().regex(/^[0-9A-Za-z-]{1,40}$/).default('375917'),
  PAYMENT_PROVIDER_SECRET: z.string().min(16).default('demo-secret-not-for-production-use'),
  APP_ENV: z.string().optional(),
  NODE_ENV: z.string().optional(),
});

/** The payments module's settings (each feature folder reads its part). */
export interface PaymentsConfig {
  provider: 'test' | 'paytrail';
  providerApiUrl: string | null;
  account: string;
  secret: string;
}

export class PaymentsConfigError extends ConfigError {}

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
  };
}
