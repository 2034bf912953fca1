import { useCallback, useEffect, useState } from 'react';
import type { PageState } from '@portal/shared-api';
import { useShell } from '../shell-context';

/** What the page needs of a shared-api zod schema (kept structural: this package does not depend on zod). */
export interface StateSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export type PageData<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * A page's loader state (ARCHITECTURE "Page state"): the server-embedded state on the first page,
 * otherwise the same loader over the API, parsed with the page's shared-api schema and aborted when
 * the page is left. `retry` asks again.
 */
export function usePageState<T>(
  routeId: string,
  schema: StateSchema<T>,
  params: Record<string, string> = {},
): { page: PageData<T>; retry(): void } {
  const shell = useShell();
  const paramsKey = JSON.stringify(params);
  const parse = useCallback(
    (pageState: PageState | null): PageData<T> | null => {
      if (!pageState || pageState.routeId !== routeId) return null;
      const parsed = schema.safeParse(pageState.state);
      return parsed.success ? { status: 'ready', data: parsed.data } : { status: 'error' };
    },
    [routeId, schema],
  );
  // Taken once per mount: the embedded state belongs to the first page only.
  const [initial] = useState(() => parse(shell.takeInitialPageState(routeId)));
  const [page, setPage] = useState<PageData<T>>(initial ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // The embedded state answers the first render; fetch only when there was none (or on retry).
    if (attempt === 0 && initial) return;
    const controller = new AbortController();
    shell
      .loadPage(routeId, JSON.parse(paramsKey) as Record<string, string>, controller.signal)
      .then((pageState) => {
        if (!controller.signal.aborted) setPage(parse(pageState) ?? { status: 'error' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        shell.errors.report(error, `page:${routeId}`);
        setPage({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt, initial, routeId, paramsKey, parse, shell]);

  const retry = useCallback(() => {
    setPage({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { page, retry };
}
