import type { SlidingCount } from '../util/sliding-window';
import { keepMsOf, windowStartOf, type CounterBackend } from './store';

interface Entry {
  count: number;
  expiresAt: number;
}

/** Counts kept at most; beyond it the oldest go first (a flood of fresh addresses cannot fill the memory). */
const MAX_ENTRIES = 200_000;

/**
 * Counters in this instance's memory: only for fair use without Redis, where a caller spread over
 * several instances meets each instance's limit (the price of not writing the database per call).
 */
export function createMemoryCounters(options: { maxEntries?: number } = {}): CounterBackend {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, Entry>();
  let lastSweep = 0;

  const countOf = (id: string, now: number) => {
    const entry = entries.get(id);
    return entry && entry.expiresAt > now ? entry.count : 0;
  };
  const sweep = (now: number) => {
    if (now - lastSweep < 10_000 && entries.size < maxEntries) return;
    lastSweep = now;
    for (const [id, entry] of entries) if (entry.expiresAt <= now) entries.delete(id);
    // Map keeps insertion order: the first keys are the oldest windows
    for (const id of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(id);
    }
  };
  const read = (key: string, windowMs: number, now: number, add: number): SlidingCount => {
    const start = windowStartOf(now, windowMs);
    const id = `${key}\u0001${start}`;
    const current = countOf(id, now) + add;
    if (add > 0) {
      sweep(now);
      const entry = entries.get(id);
      if (entry && entry.expiresAt > now) entry.count = current;
      else entries.set(id, { count: current, expiresAt: now + keepMsOf(now, windowMs) });
    }
    return { current, previous: countOf(`${key}\u0001${start - windowMs}`, now), elapsedMs: now - start, windowMs };
  };

  return {
    kind: 'memory',
    hit: async (key, windowMs, now) => read(key, windowMs, now, 1),
    peek: async (key, windowMs, now) => read(key, windowMs, now, 0),
    ping: async () => undefined,
    close: async () => entries.clear(),
  };
}
