import { z } from 'zod';
import { ConfigError, presentVariables, type Env } from '../../config/env';
import { loadCountersConfig, type CountersConfig } from '../../counters/index';

/**
 * Fair use of the API by one signed-in person or one client address (issue 10 §5, issue 30): calls
 * per minute, counted over every instance with REDIS_URL (else per instance), and calls in flight
 * at once, per instance. The defaults leave a person using the
 * portal far below both (a page makes a handful of calls, the conversation list polls every 2 min)
 * while one runaway tab or script cannot take the server's time from everyone else.
 */
const envSchema = z.object({
  /** calls per minute by one signed-in person, all their sessions (tabs, devices) together; the name predates issue 30 */
  API_RATE_LIMIT_PER_SESSION: z.coerce.number().int().min(1).default(300),
  /** calls per minute from one client address without a session (sign-in pages, anonymous pages) */
  API_RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(600),
  /** calls one signed-in person may have in flight at once (a browser opens at most 6 connections per host) */
  API_CONCURRENT_PER_SESSION: z.coerce.number().int().min(1).default(6),
  /** calls one client address may have in flight at once without a session */
  API_CONCURRENT_PER_CLIENT: z.coerce.number().int().min(1).default(24),
});

export interface FairUseConfig {
  perSessionPerMinute: number;
  perClientPerMinute: number;
  concurrentPerSession: number;
  concurrentPerClient: number;
  /** where the counters live (REDIS_URL …): the fair-use module installs them for every limit */
  counters: CountersConfig;
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
    counters: loadCountersConfig(env),
  };
}
