import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/index';
import { windowStartOf, type CounterBackend } from './store';
import { counterWindows } from './schema';

/** How often (1 in N hits) old windows are swept away. */
const SWEEP_ONE_IN = 50;
/**
 * How old a window must be before any sweep removes it. The sweep removes every key's rows, so it
 * must not go by its own hit's window: a minute's limit would wipe the hourly counters (issue 27:
 * the anonymous check-in's and the identity code's). Longer than two of the longest window in use (an hour).
 */
const SWEEP_AFTER_MS = 24 * 3600 * 1000;

/**
 * Counters in the database, shared by every instance on it: for the attempt limits without Redis
 * (counters/index.ts), which must not give a guesser a full allowance on each instance. Never for
 * fair use: that would write the database on every API call. The upsert is atomic, so concurrent
 * hits never slip under a limit, and it reads the previous window in the same statement.
 */
export function createDatabaseCounters(db: Database): CounterBackend {
  const startsOf = (now: number, windowMs: number) => {
    const start = windowStartOf(now, windowMs);
    return { windowStart: new Date(start), previousStart: new Date(start - windowMs), elapsedMs: now - start };
  };

  return {
    kind: 'database',
    async hit(key, windowMs, now) {
      const { windowStart, previousStart, elapsedMs } = startsOf(now, windowMs);
      const counted = db.$with('counted').as(
        db
          .insert(counterWindows)
          .values({ key, windowStart, count: 1 })
          .onConflictDoUpdate({ target: [counterWindows.key, counterWindows.windowStart], set: { count: sql`${counterWindows.count} + 1` } })
          .returning({ count: counterWindows.count }),
      );
      const [row] = await db
        .with(counted)
        .select({
          count: counted.count,
          previous: sql<number>`coalesce((select ${counterWindows.count} from ${counterWindows} where ${counterWindows.key} = ${key} and ${counterWindows.windowStart} = ${previousStart.toISOString()}::timestamptz), 0)::int`,
        })
        .from(counted);
      if (Math.floor(Math.random() * SWEEP_ONE_IN) === 0) {
        await db.delete(counterWindows).where(lt(counterWindows.windowStart, new Date(now - Math.max(2 * windowMs, SWEEP_AFTER_MS))));
      }
      return { current: row?.count ?? 1, previous: Number(row?.previous ?? 0), elapsedMs, windowMs };
    },
    async peek(key, windowMs, now) {
      const { windowStart, previousStart, elapsedMs } = startsOf(now, windowMs);
      const rows = await db
        .select({ windowStart: counterWindows.windowStart, count: counterWindows.count })
        .from(counterWindows)
        .where(and(eq(counterWindows.key, key), inArray(counterWindows.windowStart, [windowStart, previousStart])));
      const countAt = (start: Date) => rows.find((row) => row.windowStart.getTime() === start.getTime())?.count ?? 0;
      return { current: countAt(windowStart), previous: countAt(previousStart), elapsedMs, windowMs };
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    // the database is the app's: it closes it
    close: async () => undefined,
  };
}
