import { useCallback, useEffect, useState } from 'react';
import type { AnyPageStateSchema, PageState, PageStateOf, RouteWithState } from '@portal/shared-api';
import { useShell } from '../shell-context';
import { usePageStateSchema } from './page-states';

export type PageData<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/** A page's state: parsed with the route's schema from the part's map, typed by its route id. */
function parsePageState<R extends RouteWithState>(routeId: R, schema: AnyPageStateSchema, pageState: PageState | null): PageData<PageStateOf<R>> | null {
  if (!pageState || pageState.routeId !== routeId) return null;
  const parsed = schema.safeParse(pageState.state);
  // The map's entry for R parses to PageStateOf<R>; indexed by a generic key, TypeScript only sees
  // the union of every entry's result.
  return parsed.success ? { status: 'ready', data: parsed.data as PageStateOf<R> } : { status: 'error' };
}

/**
 * A page's loader state (docs/architecture.md, "How a page is served"): the server-embedded state on the first page,
 * otherwise the same loader over the API, parsed with the route's schema (from the part's
 * `pageStates`, entries of shared-api's `pageStateSchemas`, the map that also types the server's loader) and aborted when the page is
 * left. `retry` asks again. Used by every remote page and the shell's front page.
 */
export function usePageState<R extends RouteWithState>(
  routeId: R,
  params: Record<string, string> = {},
): { page: PageData<PageStateOf<R>>; retry(): void } {
  const shell = useShell();
  const schema: AnyPageStateSchema = usePageStateSchema(routeId);
  const paramsKey = JSON.stringify(params);
  // Taken once per mount: the embedded state belongs to the first page only.
  const [initial] = useState(() => parsePageState(routeId, schema, shell.takeInitialPageState(routeId)));
  const [page, setPage] = useState<PageData<PageStateOf<R>>>(initial ?? { status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // The embedded state answers the first render; fetch only when there was none (or on retry).
    if (attempt === 0 && initial) return;
    const controller = new AbortController();
    shell
      .loadPage(routeId, JSON.parse(paramsKey) as Record<string, string>, controller.signal)
      .then((pageState) => {
        if (!controller.signal.aborted) setPage(parsePageState(routeId, schema, pageState) ?? { status: 'error' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        shell.errors.report(error, `page:${routeId}`);
        setPage({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt, initial, routeId, schema, paramsKey, shell]);

  const retry = useCallback(() => {
    setPage({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { page, retry };
}
