import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { identityRateLimits } from './schema';

export interface RateLimitRule {
  /** attempts allowed per window */
  max: number;
  windowSeconds: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** seconds until the current window ends (for Retry-After) */
  retryAfterSeconds: number;
}

/** How often (1 in N hits) old windows are swept away. */
const SWEEP_ONE_IN = 50;

/**
 * Counts one attempt under `key` in the current fixed window. The counter lives in the database, so
 * every server instance sees the same count; the upsert is atomic, so concurrent attempts never
 * slip under the limit.
 */
export async function countAttempt(db: Database, key: string, rule: RateLimitRule, now = new Date()): Promise<RateLimitVerdict> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(identityRateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [identityRateLimits.key, identityRateLimits.windowStart],
      set: { count: sql`${identityRateLimits.count} + 1` },
    })
    .returning({ count: identityRateLimits.count });
  if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) {
    await db.delete(identityRateLimits).where(lt(identityRateLimits.windowStart, new Date(now.getTime() - 2 * windowMs)));
  }
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: (row?.count ?? 1) <= rule.max, retryAfterSeconds };
}
