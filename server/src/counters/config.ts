import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../config/env';

/**
 * Where the limits' counters live (issue 30). With REDIS_URL every instance counts on one Redis
 * and the database sees no write per API call; without it fair use counts in each instance's memory
 * and the rarer attempt limits (sign-in, SMS codes, reservations, MFA) stay in the database.
 */
const envSchema = z.object({
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// or rediss:// URL' })
    .optional(),
  /** every key this portal writes starts with it, so several deployments may share one Redis */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('portal:'),
  /**
   * How long one Redis command may take before the limit gives up on it (fair use lets the call
   * through, an attempt is refused with 503). Short: every API call waits for it.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(300),
});

export interface CountersConfig {
  redisUrl: string | null;
  redisKeyPrefix: string;
  redisCommandTimeoutMs: number;
}

export function loadCountersConfig(env: Env): CountersConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new ConfigError(`Invalid counters configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return { redisUrl: e.REDIS_URL ?? null, redisKeyPrefix: e.REDIS_KEY_PREFIX, redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS };
}
