import { msUntilUnder, slidingEstimate, type SlidingCount } from '../util/sliding-window';
import { CountersUnavailableError, type CounterStore, type UnavailableOutcome } from './index';

/**
 * The portal's one rate limiter (issue 32): fair use and every attempt limit (identification, SMS
 * codes, reservations, MFA, check-in, accessibility feedback) count with it, each over the counter
 * store that suits it (counters/index.ts), and judge the count on a sliding window
 * (util/sliding-window.ts).
 */

export interface RateLimitRule {
  /** calls allowed per window */
  max: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** the sliding-window estimate, rounded up, this call included (0 when the store did not answer) */
  count: number;
  /**
   * Refused: milliseconds until the estimate is back under the limit. Allowed: until the current
   * fixed window ends. 0 when the store did not answer and the call went through uncounted.
   */
  retryAfterMs: number;
  /** retryAfterMs in whole seconds, at least 1 when counted (for Retry-After) */
  retryAfterSeconds: number;
}

export interface Limiter {
  /** where it counts (the metrics read its unavailable counts) */
  readonly store: CounterStore;
  /** counts one call under `key`; throws CountersUnavailableError (503) when the store does not answer and the limiter fails closed */
  count(key: string, rule: RateLimitRule, now?: Date): Promise<RateLimitVerdict>;
  /** without counting: when the next call would be allowed, or null when now (or when the store does not answer) */
  nextAllowed(key: string, rule: RateLimitRule, now?: Date): Promise<Date | null>;
}

export interface LimiterOptions {
  /** names this limiter's keys, so limiters sharing one store (Redis) never count each other's calls */
  keyPrefix: string;
  /** the store did not answer: let the call through (fail-open) or refuse it with 503 (fail-closed) */
  whenUnavailable: UnavailableOutcome;
  /** a refused call, with its key as the caller gave it (the metrics count refusals per limit) */
  onRefused?: (key: string) => void;
}

/** API calls per person or client address: refusing every call while Redis is away would take the portal down with it. */
export const FAIR_USE_LIMITER = { keyPrefix: 'fair-use:', whenUnavailable: 'fail-open' } as const satisfies LimiterOptions;
/** Attempts: these limits are what stops a guesser, so none goes through uncounted. */
export const ATTEMPT_LIMITER = { keyPrefix: 'attempt:', whenUnavailable: 'fail-closed' } as const satisfies LimiterOptions;

function verdictOf(window: SlidingCount, max: number): RateLimitVerdict {
  const estimate = slidingEstimate(window);
  const allowed = estimate <= max;
  const retryAfterMs = allowed ? Math.max(1, window.windowMs - window.elapsedMs) : msUntilUnder(window, max);
  return { allowed, count: Math.ceil(estimate), retryAfterMs, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

export function createLimiter(store: CounterStore, options: LimiterOptions): Limiter {
  const keyOf = (key: string) => `${options.keyPrefix}${key}`;
  return {
    store,
    async count(key, rule, now = new Date()) {
      let window: SlidingCount;
      try {
        window = await store.hit(keyOf(key), rule.windowSeconds * 1000, now.getTime());
      } catch (error) {
        store.reportUnavailable(options.whenUnavailable, error);
        if (options.whenUnavailable === 'fail-closed') throw new CountersUnavailableError();
        return { allowed: true, count: 0, retryAfterMs: 0, retryAfterSeconds: 0 };
      }
      const verdict = verdictOf(window, rule.max);
      if (!verdict.allowed) options.onRefused?.(key);
      return verdict;
    },
    async nextAllowed(key, rule, now = new Date()) {
      let window: SlidingCount;
      try {
        window = await store.peek(keyOf(key), rule.windowSeconds * 1000, now.getTime());
      } catch (error) {
        // only shows a waiting time (the MFA status); the call that follows is counted
        store.reportUnavailable('fail-open', error);
        return null;
      }
      // the next call counts itself
      const waitMs = msUntilUnder({ ...window, current: window.current + 1 }, rule.max);
      return waitMs === 0 ? null : new Date(now.getTime() + waitMs);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The attempt limits (identification, SMS codes, reservations, MFA, check-in, accessibility
     * feedback): `app.attemptLimiter.count(key, rule)`. Redis with REDIS_URL, else the database;
     * decorated by the fair-use module.
     */
    attemptLimiter: Limiter;
  }
}
