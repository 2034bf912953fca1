import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnLoader } from '../../db/per-turn-loader';
import { apiRateLimits } from './schema';

export interface WindowCount {
  /** calls counted in the key's current window, this one included */
  current: number;
  /** milliseconds until the window ends */
  ttl: number;
}

/** How often (1 in N batches) windows that have ended are swept away. */
const SWEEP_ONE_IN = 200;

interface Hit {
  key: string;
  windowMs: number;
}

/**
 * Counts calls per key in fixed windows in the database, so every instance sees one count. The
 * calls that reach an instance in the same turn of its event loop share one upsert (every API call
 * passes here, so a statement each would double the round trips). Calls of one key in one batch
 * all see the batch's total: a burst is counted in full at once, never under.
 */
export function createWindowCounter(db: Database): (key: string, windowMs: number) => Promise<WindowCount> {
  const loader = createPerTurnLoader<Hit, WindowCount>(async (hits) => {
    const now = Date.now();
    const windows = new Map<string, { key: string; windowStart: number; windowMs: number; count: number }>();
    for (const hit of hits) {
      const windowStart = Math.floor(now / hit.windowMs) * hit.windowMs;
      const id = `${hit.key}\u0001${windowStart}`;
      const entry = windows.get(id);
      if (entry) entry.count += 1;
      else windows.set(id, { key: hit.key, windowStart, windowMs: hit.windowMs, count: 1 });
    }
    const entries = [...windows.values()];
    const counted = db.$with('counted').as(
      db
        .insert(apiRateLimits)
        .values(entries.map((e) => ({ key: e.key, windowStart: new Date(e.windowStart), count: e.count })))
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
        asyncCommit: sql<string>`set_config('synchronous_commit', 'off', true)`,
      })
      .from(counted);
    const totals = new Map(rows.map((row) => [`${row.key}\u0001${row.windowStart.getTime()}`, row.count]));
    if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) {
      const longest = Math.max(...entries.map((e) => e.windowMs));
      await db.delete(apiRateLimits).where(lt(apiRateLimits.windowStart, new Date(now - 2 * longest)));
    }
    return hits.map((hit) => {
      const windowStart = Math.floor(now / hit.windowMs) * hit.windowMs;
      const current = totals.get(`${hit.key}\u0001${windowStart}`);
      if (current === undefined) return new Error('rate limit counter returned no row');
      return { current, ttl: Math.max(1, windowStart + hit.windowMs - now) };
    });
  });
  return (key, windowMs) => loader.load({ key, windowMs });
}
