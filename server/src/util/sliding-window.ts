/**
 * The sliding-window estimate of the calls in the last `windowMs` (issue 27: fixed windows let a
 * flood make twice the limit across a window's edge): the current fixed window's count plus the
 * previous window's, weighted by how much of it the sliding window still covers. Two counters per
 * key, and never more than the limit over any window of that length by more than the estimate's
 * evenness assumption.
 */
export interface SlidingCount {
  /** calls in the current fixed window, this one included */
  current: number;
  /** calls in the fixed window before it */
  previous: number;
  /** milliseconds since the current fixed window began */
  elapsedMs: number;
  windowMs: number;
}

export function slidingEstimate(count: SlidingCount): number {
  const previousWeight = Math.max(0, 1 - count.elapsedMs / count.windowMs);
  return count.current + count.previous * previousWeight;
}

/**
 * How long, without further calls, until the estimate is back at `max` (for Retry-After): within
 * this window while only the previous window's share is too much, else into the next one.
 */
export function msUntilUnder(count: SlidingCount, max: number): number {
  const { current, previous, elapsedMs, windowMs } = count;
  if (slidingEstimate(count) <= max) return 0;
  if (current <= max) {
    // previous * (1 - t / W) <= max - current
    const at = windowMs * (1 - (max - current) / previous);
    return Math.max(1, Math.ceil(at - elapsedMs));
  }
  // from the next window on, this window is the previous one: current * (1 - u / W) <= max
  const into = windowMs * (1 - max / current);
  return Math.max(1, Math.ceil(windowMs - elapsedMs + into));
}
