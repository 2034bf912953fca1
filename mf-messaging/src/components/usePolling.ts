import { useEffect, useRef } from 'react';

export interface PollingOptions {
  /** ms between the end of one poll and the start of the next (spec part 1 §9: 120000) */
  intervalMs: number;
  /** false stops polling (e.g. before the first load, or after an error) */
  enabled: boolean;
}

/**
 * Calls `poll` every `intervalMs` while enabled and the tab is visible (spec part 1 §2: lists and
 * the thread refresh every 120 s). A hidden tab polls nothing; when it becomes visible again and a
 * poll is overdue, one runs at once. A poll is aborted when the component unmounts or polling is
 * disabled. `poll` reports its own errors (and disables polling through its state when the spec
 * says errors stop it).
 */
export function usePolling(poll: (signal: AbortSignal) => Promise<void>, { intervalMs, enabled }: PollingOptions): void {
  // The latest callback, without restarting the timer on every render.
  const pollRef = useRef(poll);
  useEffect(() => {
    pollRef.current = poll;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let dueAt = Date.now() + intervalMs;
    let running = false;

    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (controller.signal.aborted || document.visibilityState === 'hidden') return;
      timer = setTimeout(run, Math.max(0, dueAt - Date.now()));
    };
    const run = () => {
      timer = null;
      if (running || controller.signal.aborted) return;
      running = true;
      pollRef
        .current(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          running = false;
          dueAt = Date.now() + intervalMs;
          schedule();
        });
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') {
        if (timer) clearTimeout(timer);
        timer = null;
      } else if (!running) {
        schedule();
      }
    };

    document.addEventListener('visibilitychange', onVisibilityChange);
    schedule();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [enabled, intervalMs]);
}
