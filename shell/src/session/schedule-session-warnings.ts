/** Seconds before expiry at which a warning toast appears (spec part 2 §4 Session, §9). */
export const SESSION_WARNING_SECONDS = [90, 30] as const;

export interface SessionWarningHandlers {
  warn(secondsLeft: number): void;
  expire(): void;
}

/**
 * Schedules the warnings and the expiry action for one expiry instant; returns a cancel function.
 * Warnings whose moment has passed are skipped; when the session has already ended nothing is scheduled
 * (the server answers the next request as signed out).
 */
/** Browsers fire a setTimeout longer than 2^31-1 ms at once; longer waits are chained. */
const MAX_TIMEOUT_MS = 2_147_483_647;

function setLongTimeout(callback: () => void, delayMs: number, timers: Set<ReturnType<typeof setTimeout>>): void {
  const step = Math.min(delayMs, MAX_TIMEOUT_MS);
  const timer = setTimeout(() => {
    timers.delete(timer);
    if (delayMs > MAX_TIMEOUT_MS) setLongTimeout(callback, delayMs - MAX_TIMEOUT_MS, timers);
    else callback();
  }, step);
  timers.add(timer);
}

export function scheduleSessionWarnings(
  expiresAt: string | number | Date,
  now: number,
  handlers: SessionWarningHandlers,
): () => void {
  const expiry = new Date(expiresAt).getTime();
  if (Number.isNaN(expiry) || expiry <= now) return () => undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  for (const seconds of SESSION_WARNING_SECONDS) {
    const delay = expiry - seconds * 1000 - now;
    if (delay >= 0) setLongTimeout(() => handlers.warn(seconds), delay, timers);
  }
  setLongTimeout(() => handlers.expire(), expiry - now, timers);
  return () => {
    timers.forEach((timer) => clearTimeout(timer));
    timers.clear();
  };
}
