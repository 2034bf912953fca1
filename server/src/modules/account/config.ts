import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

const envSchema = z.object({
  /** SMS login code lifetime (issue 12: 5 minutes) */
  SMS_LOGIN_CODE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** wrong PINs before the person is logged out (spec §4 "too many PIN retries log the user out") */
  SMS_LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** how long an init-upload token of the Kela card stays usable */
  KELA_UPLOAD_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(600),
  /** the brand's privacy policy, linked from the consent form (a deployment is one brand) */
  PRIVACY_POLICY_URL: z.url({ protocol: /^https?$/ }).default('https://www.example.fi/tietosuojaseloste'),
  /**
   * The occupational health API behind the team and sickness fund pages: 'temporary-error' makes both
   * answer their temporary-api-error state (spec part 2 §8), as when that API is down.
   */
  OCCUPATIONAL_API_STATUS: z.enum(['ok', 'temporary-error']).default('ok'),
});

/** The account module's settings (each feature folder reads its part). */
export interface AccountConfig {
  smsLoginCodeTtlSeconds: number;
  smsLoginMaxAttempts: number;
  kelaUploadTtlSeconds: number;
  /** PRIVACY_POLICY_URL (the consent form's link) */
  privacyPolicyUrl: string;
  /** OCCUPATIONAL_API_STATUS (team and sickness fund pages) */
  occupationalApiStatus: 'ok' | 'temporary-error';
}

export class AccountConfigError extends ConfigError {}

/** Reads the account environment variables; throws AccountConfigError listing every problem. */
export function loadAccountConfig(env: Env = process.env): AccountConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new AccountConfigError(`Invalid account configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    smsLoginCodeTtlSeconds: e.SMS_LOGIN_CODE_TTL_SECONDS,
    smsLoginMaxAttempts: e.SMS_LOGIN_MAX_ATTEMPTS,
    kelaUploadTtlSeconds: e.KELA_UPLOAD_TTL_SECONDS,
    privacyPolicyUrl: e.PRIVACY_POLICY_URL,
    occupationalApiStatus: e.OCCUPATIONAL_API_STATUS,
  };
}
