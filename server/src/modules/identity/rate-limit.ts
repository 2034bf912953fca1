import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { msUntilUnder, slidingEstimate } from '../../util/sliding-window';
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
 * Counts one attempt under `key` and judges it on a sliding window (util/sliding-window.ts): the
 * current fixed window's count plus the previous one's share. The counters live in the database,
 * so every server instance sees the same count; the upsert is atomic, so concurrent attempts never
 * slip under the limit, and the previous window is read in the same statement.
 */
export async function countAttempt(db: Database, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitVerdict> {
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
  const allowed = slidingEstimate(window) <= rule.max;
  // Allowed: Retry-After is not sent; refused: when the estimate is back under the limit.
  const retryAfterSeconds = Math.max(1, Math.ceil((allowed ? windowStart.getTime() + windowMs - now.getTime() : msUntilUnder(window, rule.max)) / 1000));
  return { allowed, retryAfterSeconds };
}

/**
 * Without counting: when the next attempt under `key` would be allowed, or null when it would be
 * now (the MFA status shows the time before the person asks again).
 */
export async function nextAllowedAttempt(db: Database, key: string, rule: RateLimitRule, now = new Date()): Promise<Date | null> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const previousStart = new Date(windowStart.getTime() - windowMs);
  const rows = await db
    .select({ windowStart: identityRateLimits.windowStart, count: identityRateLimits.count })
    .from(identityRateLimits)
    .where(and(eq(identityRateLimits.key, key), inArray(identityRateLimits.windowStart, [windowStart, previousStart])));
  const countAt = (start: Date) => rows.find((row) => row.windowStart.getTime() === start.getTime())?.count ?? 0;
  // the next attempt counts itself
  const window = { current: countAt(windowStart) + 1, previous: countAt(previousStart), elapsedMs: now.getTime() - windowStart.getTime(), windowMs };
  const waitMs = msUntilUnder(window, rule.max);
  return waitMs === 0 ? null : new Date(now.getTime() + waitMs);
}
