import { useCallback, useEffect, useRef, useState } from 'react';
import { ACCESS_LOG_PATH, accessLogPageSchema, type AccessLogPage } from '@portal/shared-api';
import { useApiClient, useShell } from '@portal/shared-ui';

export type AccessLogView =
  | { status: 'ready'; log: AccessLogPage }
  /** `log` is the page shown until the asked one arrives */
  | { status: 'loading'; log: AccessLogPage; page: number }
  | { status: 'error'; log: AccessLogPage; page: number };

/**
 * The access log's pages: page 1 is the loader's; later pages come from GET ACCESS_LOG_PATH as of
 * the newest row of page 1 (so the pages stay put while reading them adds rows). A page change
 * aborts the one still loading, and leaving the page aborts it too.
 */
export function useAccessLogPages(first: AccessLogPage) {
  const api = useApiClient();
  const shell = useShell();
  const [view, setView] = useState<AccessLogView>({ status: 'ready', log: first });
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const showPage = useCallback(
    (page: number) => {
      inFlight.current?.abort();
      if (page === 1) {
        setView({ status: 'ready', log: first });
        return;
      }
      const controller = new AbortController();
      inFlight.current = controller;
      setView((current) => ({ status: 'loading', log: current.log, page }));
      api
        .get(ACCESS_LOG_PATH, accessLogPageSchema, { searchParams: { page, asOf: first.asOf }, signal: controller.signal })
        .then((log) => {
          if (!controller.signal.aborted) setView({ status: 'ready', log });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          shell.errors.report(error, 'account.data-access:page');
          setView((current) => ({ status: 'error', log: current.log, page }));
        });
    },
    [api, first, shell],
  );

  return { view, showPage };
}
