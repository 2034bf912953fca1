import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnLoader } from '../../db/per-turn-loader';
import { msUntilUnder, slidingEstimate } from '../../util/sliding-window';
import { apiRateLimits } from './schema';

export interface WindowCount {
  /** calls counted over the sliding window that ends now, this one included (util/sliding-window.ts) */
  current: number;
  /** milliseconds until a call is allowed again when over `max`, else until the fixed window ends */
  ttl: number;
}

/** How often (1 in N batches) windows that have ended are swept away. */
const SWEEP_ONE_IN = 200;

interface Hit {
  key: string;
  windowMs: number;
  max: number;
}

interface Counted {
  current: number;
  previous: number;
}

const idOf = (key: string, windowStart: number) => `${key}\u0001${windowStart}`;

/**
 * Counts calls per key in fixed windows in the database, so every instance sees one count, and
 * judges them on a sliding window: the previous fixed window's count, weighted by how much of it
 * the last `windowMs` still covers, is read in the same statement, so a flood gets no double share
 * across a window's edge (issue 27). The calls that reach an instance in the same turn of its
 * event loop share one upsert (every API call passes here, so a statement each would double the
 * round trips). Calls of one key in one batch all see the batch's total: a burst is counted in
 * full at once, never under.
 */
export function createWindowCounter(db: Database, clock: () => number = Date.now): (key: string, windowMs: number, max: number) => Promise<WindowCount> {
  /** One statement for the hits of one window length (fair use has one: a minute). */
  async function countWindows(windowMs: number, hits: Hit[], now: number): Promise<Map<string, Counted>> {
    const windows = new Map<string, { key: string; windowStart: number; count: number }>();
    for (const hit of hits) {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const entry = windows.get(idOf(hit.key, windowStart));
      if (entry) entry.count += 1;
      else windows.set(idOf(hit.key, windowStart), { key: hit.key, windowStart, count: 1 });
    }
    const counted = db.$with('counted').as(
      db
        .insert(apiRateLimits)
        .values([...windows.values()].map((e) => ({ key: e.key, windowStart: new Date(e.windowStart), count: e.count })))
        .onConflictDoUpdate({
          target: [apiRateLimits.key, apiRateLimits.windowStart],
          set: { count: sql`${apiRateLimits.count} + excluded.count` },
        })
        .returning({ key: apiRateLimits.key, windowStart: apiRateLimits.windowStart, count: apiRateLimits.count }),
    );
    // Every API call waits for this statement, and its commit waited for the WAL to reach the disk:
    // about 30% of the database's busy time under the search benchmark. The counter's commit does not
    // wait (synchronous_commit off for this transaction only: set_config(…, true) lasts until its
    // commit, which is when PostgreSQL reads it). A crash can lose the last fraction of a second of
    // increments; for a fair-use limit that only lets a caller make a few more calls in that minute,
    // and it never loses or corrupts data (the WAL stays in order; other transactions keep their
    // synchronous commits). The setting is a column so that it runs with every returned row.
    const rows = await db
      .with(counted)
      .select({
        key: counted.key,
        windowStart: counted.windowStart,
        count: counted.count,
        // spelled out: drizzle would render the CTE's columns unqualified, which inside the
        // subquery would name p's own
        previous: sql<number>`coalesce((select p.count from api_rate_limits p where p.key = counted.key and p.window_start = counted.window_start - ${windowMs}::float8 * interval '1 millisecond'), 0)::int`,
        asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
      })
      .from(counted);
    return new Map(rows.map((row) => [idOf(row.key, row.windowStart.getTime()), { current: row.count, previous: Number(row.previous) }]));
  }

  const loader = createPerTurnLoader<Hit, WindowCount>(async (hits) => {
    const now = clock();
    const lengths = [...new Set(hits.map((hit) => hit.windowMs))];
    const counts = await Promise.all(lengths.map((windowMs) => countWindows(windowMs, hits.filter((hit) => hit.windowMs === windowMs), now)));
    const totals = new Map(lengths.map((windowMs, i) => [windowMs, counts[i]!]));
    if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) {
      await db.delete(apiRateLimits).where(lt(apiRateLimits.windowStart, new Date(now - 2 * Math.max(...lengths))));
    }
    return hits.map((hit) => {
      const windowStart = Math.floor(now / hit.windowMs) * hit.windowMs;
      const total = totals.get(hit.windowMs)?.get(idOf(hit.key, windowStart));
      if (total === undefined) return new Error('rate limit counter returned no row');
      const window = { ...total, elapsedMs: now - windowStart, windowMs: hit.windowMs };
      const current = Math.ceil(slidingEstimate(window));
      const ttl = current > hit.max ? msUntilUnder(window, hit.max) : Math.max(1, windowStart + hit.windowMs - now);
      return { current, ttl };
    });
  });
  return (key, windowMs, max) => loader.load({ key, windowMs, max });
}
