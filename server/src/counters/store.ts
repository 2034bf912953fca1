import type { SlidingCount } from '../util/sliding-window';

/**
 * Fixed-window counters judged on a sliding window (util/sliding-window.ts): each hit counts in the
 * window that holds `now` and reads the previous window's count with it, in one step, so concurrent
 * hits never slip under a limit.
 */
export interface CounterBackend {
  readonly kind: 'redis' | 'memory' | 'database';
  /** counts one hit under `key`; the answer includes it */
  hit(key: string, windowMs: number, now: number): Promise<SlidingCount>;
  /** the counts as they stand, without counting */
  peek(key: string, windowMs: number, now: number): Promise<SlidingCount>;
  /** resolves when the store answers (readiness check); rejects otherwise */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const windowStartOf = (now: number, windowMs: number) => Math.floor(now / windowMs) * windowMs;

/**
 * How long a window's count must be kept: while it is the current window and while it is the
 * previous one, plus a second for clocks of instances that differ a little.
 */
export const keepMsOf = (now: number, windowMs: number) => windowStartOf(now, windowMs) + 2 * windowMs - now + 1_000;
