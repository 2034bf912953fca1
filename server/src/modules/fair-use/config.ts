import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';

/**
 * Fair use of the API by one session or one client (issue 10 §5): calls per minute, counted over
 * every instance, and calls in flight at once, per instance. The defaults leave a person using the
 * portal far below both (a page makes a handful of calls, the conversation list polls every 2 min)
 * while one runaway tab or script cannot take the server's time from everyone else.
 */
const envSchema = z.object({
  /** calls per minute by one signed-in session */
  API_RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(300),
  /** calls per minute from one client address without a session (sign-in pages, anonymous pages) */
  API_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(600),
  /** calls one session may have in flight at once (a browser opens at most 6 connections per host) */
  API_CONCURRENT_PER_SESSION: z.coerce.number().int().min(1).default(6),
  /** calls one client address may have in flight at once without a session */
  API_CONCURRENT_PER_CLIENT: z.coerce.number().int().min(1).default(24),
});

export interface FairUseConfig {
  perSessionPerMinute: number;
  perClientPerMinute: number;
  concurrentPerSession: number;
  concurrentPerClient: number;
}

export class FairUseConfigError extends ConfigError {}

export function loadFairUseConfig(env: Env = process.env): FairUseConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new FairUseConfigError(`Invalid fair-use configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  return {
    perSessionPerMinute: e.API_RATE_LIMIT_PER_SESSION,
    perClientPerMinute: e.API_RATE_LIMIT_PER_CLIENT,
    concurrentPerSession: e.API_CONCURRENT_PER_SESSION,
    concurrentPerClient: e.API_CONCURRENT_PER_CLIENT,
  };
}
