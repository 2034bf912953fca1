import { useCallback, useEffect, useState } from 'react';
import { CONVERSATIONS_PAGE_SIZE, isApiError, MessagingThreadsDocument, type MessagingThreadsQuery } from '@portal/shared-api';
import { useShell, useMessagingClient } from '@portal/shared-ui';
import { usePolling } from '../../components/usePolling';

export type ThreadPage = MessagingThreadsQuery['messagingThreads'];
export type ThreadListItem = ThreadPage['paginatedThreads'][number];

/** What is asked: a page (1-based) and the how-manyth try, so a retry of the same page is a new request. */
interface ThreadRequest {
  page: number;
  attempt: number;
}

/** The answer to one request. */
type ThreadResult = { request: ThreadRequest; status: 'ready'; data: ThreadPage } | { request: ThreadRequest; status: 'error' };

export type ThreadListState =
  /** the first load, or a retry after an error */
  | { status: 'loading' }
  /** failed; polling has stopped until retry */
  | { status: 'error' }
  /** `loadingPage` while another page is on its way (the current one stays on screen) */
  | { status: 'ready'; data: ThreadPage; page: number; loadingPage: boolean };

export interface ThreadListOptions {
  /** false: no GraphQL call at all (maintenance, or no messaging user) */
  enabled: boolean;
  pollIntervalMs: number;
}

const isAborted = (error: unknown, signal: AbortSignal) => signal.aborted || (isApiError(error) && error.failure.kind === 'aborted');

/**
 * The customer's threads, CONVERSATIONS_PAGE_SIZE per page (spec part 1 §2, §9), from MessagingThreads
 * with the server's pagination. Polls the shown page every `pollIntervalMs` while the tab is visible;
 * a failure shows the error and stops polling until `retry`. Requests are aborted when the page is left.
 */
export function useThreadList({ enabled, pollIntervalMs }: ThreadListOptions) {
  const client = useMessagingClient();
  const shell = useShell();
  const [request, setRequest] = useState<ThreadRequest>({ page: 1, attempt: 0 });
  const [result, setResult] = useState<ThreadResult | null>(null);

  const fetchPage = useCallback(
    (page: number, signal: AbortSignal) =>
      client.request(
        MessagingThreadsDocument,
        { pagination: { limit: CONVERSATIONS_PAGE_SIZE, offset: (page - 1) * CONVERSATIONS_PAGE_SIZE } },
        // in the page's language: the professionals' titles come translated
        { signal, lang: shell.lang },
      ),
    [client, shell.lang],
  );

  const fail = useCallback(
    (failed: ThreadRequest, error: unknown) => {
      shell.errors.report(error, 'messaging-conversations');
      setResult({ request: failed, status: 'error' });
    },
    [shell],
  );

  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    fetchPage(request.page, controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        const lastPage = Math.max(1, Math.ceil(data.messagingThreads.totalCount / CONVERSATIONS_PAGE_SIZE));
        // threads went away while paging (e.g. the list shrank): show the last page that exists
        if (request.page > lastPage) setRequest({ page: lastPage, attempt: request.attempt });
        else setResult({ request, status: 'ready', data: data.messagingThreads });
      })
      .catch((error: unknown) => {
        if (!isAborted(error, controller.signal)) fail(request, error);
      });
    return () => controller.abort();
  }, [enabled, fetchPage, fail, request]);

  const current = result !== null && result.request === request;
  usePolling(
    async (signal) => {
      try {
        const data = await fetchPage(request.page, signal);
        if (!signal.aborted) setResult({ request, status: 'ready', data: data.messagingThreads });
      } catch (error) {
        if (!isAborted(error, signal)) fail(request, error);
      }
    },
    { intervalMs: pollIntervalMs, enabled: enabled && current && result.status === 'ready' },
  );

  const goToPage = useCallback((page: number) => setRequest((previous) => ({ page, attempt: previous.attempt })), []);
  const retry = useCallback(() => setRequest((previous) => ({ page: previous.page, attempt: previous.attempt + 1 })), []);

  let state: ThreadListState;
  if (result === null || (result.status === 'error' && !current)) state = { status: 'loading' };
  else if (result.status === 'error') state = { status: 'error' };
  else state = { status: 'ready', data: result.data, page: result.request.page, loadingPage: !current };
  return { state, requestedPage: request.page, goToPage, retry };
}
