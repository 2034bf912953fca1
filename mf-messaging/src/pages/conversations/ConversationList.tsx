import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { CONVERSATIONS_PAGE_SIZE } from '@portal/shared-api';
import { Alert, Button, EmptyState, Pagination, Spinner } from '@portal/shared-ui';
import { ConversationRow } from './ConversationRow';
import { useThreadList } from './useThreadList';
import styles from './ConversationsPage.module.css';

/**
 * The threads over GraphQL: loading, error (polling stopped, with a retry), empty or the list with
 * pagination (spec part 1 §2, §4). Mounted only when the page may call the messaging service.
 */
export function ConversationList({ pollIntervalMs, focusHeading }: { pollIntervalMs: number; focusHeading(): void }) {
  const intl = useIntl();
  const { state, requestedPage, goToPage, retry } = useThreadList({ enabled: true, pollIntervalMs });
  const listRef = useRef<HTMLUListElement>(null);

  // After moving to another page, start reading at the top of the new page (the list), not at the pagination.
  const shownPage = state.status === 'ready' ? state.page : null;
  const previousPage = useRef(shownPage);
  useEffect(() => {
    if (shownPage !== null && previousPage.current !== null && shownPage !== previousPage.current) listRef.current?.focus();
    if (shownPage !== null) previousPage.current = shownPage;
  }, [shownPage]);

  if (state.status === 'loading') return <Spinner label={intl.formatMessage({ id: 'messaging.conversations.loading' })} />;
  if (state.status === 'error') {
    return (
      <Alert variant="error">
        <p>{intl.formatMessage({ id: 'messaging.conversations.error' })}</p>
        <Button
          variant="secondary"
          size="small"
          onClick={() => {
            // the button goes away with the alert: keep the focus on the page
            focusHeading();
            retry();
          }}
        >
          {intl.formatMessage({ id: 'common.retry' })}
        </Button>
      </Alert>
    );
  }
  const { totalCount, paginatedThreads } = state.data;
  if (totalCount === 0) return <EmptyState text={intl.formatMessage({ id: 'messaging.conversations.empty' })} />;
  return (
    <div className="portal-vstack-m">
      <ul
        ref={listRef}
        tabIndex={-1}
        className={`${styles.list} portal-plain-list`}
        aria-label={intl.formatMessage({ id: 'messaging.conversations.listLabel' })}
        aria-busy={state.loadingPage || undefined}
      >
        {paginatedThreads.map((thread) => (
          <ConversationRow key={thread.id} thread={thread} />
        ))}
      </ul>
      {state.loadingPage && <Spinner size="small" label={intl.formatMessage({ id: 'messaging.conversations.loading' })} />}
      <Pagination
        currentPage={requestedPage}
        totalPages={Math.ceil(totalCount / CONVERSATIONS_PAGE_SIZE)}
        onPageChange={goToPage}
        label={intl.formatMessage({ id: 'messaging.conversations.paginationLabel' })}
      />
    </div>
  );
}
