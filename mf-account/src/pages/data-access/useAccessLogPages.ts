import { useCallback, useEffect, useRef, useState } from 'react';
import { ACCESS_LOG_PATH, accessLogFilterParams, accessLogPageSchema, isApiError, type AccessLogFilter, type AccessLogPage } from '@portal/shared-api';
import { useApiClient, useShell } from '@portal/shared-ui';

export type AccessLogView =
  | { status: 'ready'; log: AccessLogPage }
  /** `log` is the page shown until the asked one arrives */
  | { status: 'loading'; log: AccessLogPage; page: number }
  /** `badFilter`: the server refused the filter (400); trying again would not help */
  | { status: 'error'; log: AccessLogPage; page: number; badFilter: boolean };

/** Whether the filter narrows the log at all. */
export const isFiltered = (filter: AccessLogFilter) => Boolean(filter.categories?.length || filter.from || filter.to);

/**
 * The access log's pages: page 1 without a filter is the loader's; other pages, and every page of a
 * filtered log, come from GET ACCESS_LOG_PATH as of the newest row of page 1 (so the pages stay put
 * while reading them adds rows). A page or filter change aborts the one still loading, and leaving
 * the page aborts it too.
 */
export function useAccessLogPages(first: AccessLogPage) {
  const api = useApiClient();
  const shell = useShell();
  const [view, setView] = useState<AccessLogView>({ status: 'ready', log: first });
  const [filter, setFilter] = useState<AccessLogFilter>({});
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const load = useCallback(
    (page: number, asked: AccessLogFilter) => {
      inFlight.current?.abort();
      if (page === 1 && !isFiltered(asked)) {
        setView({ status: 'ready', log: first });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      setView((current) => ({ status: 'loading', log: current.log, page }));
      api
        .get(ACCESS_LOG_PATH, accessLogPageSchema, { searchParams: { page, asOf: first.asOf, ...accessLogFilterParams(asked) }, signal: controller.signal })
        .then((log) => {
          if (!controller.signal.aborted) setView({ status: 'ready', log });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const badFilter = isApiError(error) && error.failure.kind === 'validation';
          if (!badFilter) shell.errors.report(error, 'account.data-access:page');
          setView((current) => ({ status: 'error', log: current.log, page, badFilter }));
        });
    },
    [api, first, shell],
  );

  const showPage = useCallback((page: number) => load(page, filter), [load, filter]);
  const applyFilter = useCallback(
    (next: AccessLogFilter) => {
      setFilter(next);
      load(1, next);
    },
    [load],
  );

  return { view, filter, showPage, applyFilter };
}
