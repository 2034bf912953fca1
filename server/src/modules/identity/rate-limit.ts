import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { CountersUnavailableError, type CounterStore } from '../../counters/index';
import { msUntilUnder, slidingEstimate, type SlidingCount } from '../../util/sliding-window';
import { identityRateLimits } from './schema';

export interface RateLimitRule {
  /** attempts allowed per window */
  max: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** refused: seconds until an attempt would be allowed again (for Retry-After) */
  retryAfterSeconds: number;
}

/** How often (1 in N hits) old windows are swept away. */
const SWEEP_ONE_IN = 50;
/**
 * How old a window must be before any sweep removes it. The sweep removes every key's rows, so it
 * must not go by its own rule's window: a minute's rule would wipe the hourly counters (issue 27:
 * the anonymous check-in's and the identity code's). Longer than two of the longest window in use (an hour).
 */
const SWEEP_AFTER_MS = 24 * 3600 * 1000;

/**
 * Where the attempt limits count: identification, SMS codes, reservations, MFA (every caller of
 * countAttempt). Chosen once at start (app.attemptCounter): Redis when REDIS_URL is set, else the
 * database. Without Redis the counters stay in the database, not in memory: they are rare writes
 * (an attempt, not every API call), and several instances on one PostgreSQL must still share one
 * count, or a guesser would get a full allowance on each instance.
 */
export interface AttemptCounter {
  readonly kind: 'database' | 'redis';
  /** counts one attempt; throws CountersUnavailableError (503) when the counter does not answer */
  count(key: string, rule: RateLimitRule, now: Date): Promise<RateLimitVerdict>;
  /** without counting: when the next attempt would be allowed, or null when now */
  nextAllowed(key: string, rule: RateLimitRule, now: Date): Promise<Date | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the attempt limits' counter (identity/rate-limit.ts) */
    attemptCounter: AttemptCounter;
  }
}

function verdictOf(window: SlidingCount, rule: RateLimitRule, now: Date): RateLimitVerdict {
  const allowed = slidingEstimate(window) <= rule.max;
  const windowEnd = now.getTime() - window.elapsedMs + window.windowMs;
  // Allowed: Retry-After is not sent; refused: when the estimate is back under the limit.
  const retryAfterSeconds = Math.max(1, Math.ceil((allowed ? windowEnd - now.getTime() : msUntilUnder(window, rule.max)) / 1000));
  return { allowed, retryAfterSeconds };
}

function nextAllowedOf(window: SlidingCount, rule: RateLimitRule, now: Date): Date | null {
  // the next attempt counts itself
  const waitMs = msUntilUnder({ ...window, current: window.current + 1 }, rule.max);
  return waitMs === 0 ? null : new Date(now.getTime() + waitMs);
}

/**
 * Counts in the database (util/sliding-window.ts): the current fixed window's count plus the
 * previous one's share. Every server instance sees the same count; the upsert is atomic, so
 * concurrent attempts never slip under the limit, and the previous window is read in the same
 * statement.
 */
export function databaseAttemptCounter(db: Database): AttemptCounter {
  return {
    kind: 'database',
    async count(key, rule, now) {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const previousStart = new Date(windowStart.getTime() - windowMs);
      const counted = db.$with('counted').as(
        db
          .insert(identityRateLimits)
          .values({ key, windowStart, count: 1 })
          .onConflictDoUpdate({
            target: [identityRateLimits.key, identityRateLimits.windowStart],
            set: { count: sql`${identityRateLimits.count} + 1` },
          })
          .returning({ count: identityRateLimits.count }),
      );
      const [row] = await db
        .with(counted)
        .select({
          count: counted.count,
          previous: sql<number>`coalesce((select ${identityRateLimits.count} from ${identityRateLimits} where ${identityRateLimits.key} = ${key} and ${identityRateLimits.windowStart} = ${previousStart.toISOString()}::timestamptz), 0)::int`,
        })
        .from(counted);
      if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) {
        await db.delete(identityRateLimits).where(lt(identityRateLimits.windowStart, new Date(now.getTime() - Math.max(2 * windowMs, SWEEP_AFTER_MS))));
      }
      const window = { current: row?.count ?? 1, previous: Number(row?.previous ?? 0), elapsedMs: now.getTime() - windowStart.getTime(), windowMs };
      return verdictOf(window, rule, now);
    },
    async nextAllowed(key, rule, now) {
      const windowMs = rule.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
      const previousStart = new Date(windowStart.getTime() - windowMs);
      const rows = await db
        .select({ windowStart: identityRateLimits.windowStart, count: identityRateLimits.count })
        .from(identityRateLimits)
        .where(and(eq(identityRateLimits.key, key), inArray(identityRateLimits.windowStart, [windowStart, previousStart])));
      const countAt = (start: Date) => rows.find((row) => row.windowStart.getTime() === start.getTime())?.count ?? 0;
      return nextAllowedOf({ current: countAt(windowStart), previous: countAt(previousStart), elapsedMs: now.getTime() - windowStart.getTime(), windowMs }, rule, now);
    },
  };
}

/**
 * Counts on the shared counter store (Redis). Redis away: the attempt is refused (fail closed, 503
 * with Retry-After), never let through, since these limits are what stops a guesser; the MFA
 * status's read goes on without it (it only shows a waiting time; the request that follows is counted).
 */
export function storeAttemptCounter(store: CounterStore): AttemptCounter {
  const keyOf = (key: string) => `attempt:${key}`;
  return {
    kind: 'redis',
    async count(key, rule, now) {
      let window: SlidingCount;
      try {
        window = await store.hit(keyOf(key), rule.windowSeconds * 1000, now.getTime());
      } catch (error) {
        store.reportUnavailable('fail-closed', error);
        throw new CountersUnavailableError();
      }
      return verdictOf(window, rule, now);
    },
    async nextAllowed(key, rule, now) {
      try {
        return nextAllowedOf(await store.peek(keyOf(key), rule.windowSeconds * 1000, now.getTime()), rule, now);
      } catch (error) {
        store.reportUnavailable('fail-open', error);
        return null;
      }
    },
  };
}

/** Counts one attempt under `key` and judges it on a sliding window (util/sliding-window.ts). */
export function countAttempt(counter: AttemptCounter, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitVerdict> {
  return counter.count(key, rule, now);
}

/**
 * Without counting: when the next attempt under `key` would be allowed, or null when it would be
 * now (the MFA status shows the time before the person asks again).
 */
export function nextAllowedAttempt(counter: AttemptCounter, key: string, rule: RateLimitRule, now = new Date()): Promise<Date | null> {
  return counter.nextAllowed(key, rule, now);
}
