import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { MessagingPageState } from '@portal/shared-api';
import { Alert, BackLink, Button, EmptyState, ErrorView, PageHeading, ShellLink, Spinner, usePageState } from '@portal/shared-ui';
import { Announcement } from '../../components/Announcement';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import type { ThreadMessage } from './thread-model';
import { ThreadView } from './ThreadView';
import { useThread } from './useThread';

/** The customer's own messages: a thread has exactly one customer participant (spec part 1 §3). */
export const isOwnMessage = (message: ThreadMessage) => message.author.__typename === 'CustomerUser';

/**
 * messaging.thread — Conversation detail (spec part 1 §2, §4): back link, the optional announcement,
 * then the page state's maintenance notice or not-available text, or the thread (loading, load
 * error with a retry, not found, or the conversation).
 */
export function ThreadPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { page, retry } = usePageState('messaging.thread', { id });
  return (
    <div className="portal-page-column portal-page-column--wide">
      <BackLink routeId="messaging.conversations">{intl.formatMessage({ id: 'messaging.thread.backToList' })}</BackLink>
      {page.status === 'loading' && <Spinner label={intl.formatMessage({ id: 'messaging.thread.loading' })} />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView headingLevel={1} onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && <ThreadPageContent state={page.data} threadId={id} />}
    </div>
  );
}

function ThreadPageContent({ state, threadId }: { state: MessagingPageState; threadId: string }) {
  const intl = useIntl();
  const announcement = <Announcement info={state.info} />;
  if (state.status === 'maintenance-mode') {
    return (
      <>
        <PageHeading focusOnMount>{intl.formatMessage({ id: 'messaging.thread.heading' })}</PageHeading>
        {announcement}
        <MaintenanceNotice />
      </>
    );
  }
  // No messaging user (the feature is off for this person): nothing to ask the messaging service.
  if (state.customerMessagingUserId === null) {
    return (
      <>
        <PageHeading focusOnMount>{intl.formatMessage({ id: 'messaging.thread.heading' })}</PageHeading>
        {announcement}
        <EmptyState text={intl.formatMessage({ id: 'messaging.thread.notAvailable' })} />
      </>
    );
  }
  return <Conversation threadId={threadId} pollIntervalMs={state.pollIntervalMs} announcement={announcement} />;
}

function Conversation({ threadId, pollIntervalMs, announcement }: { threadId: string; pollIntervalMs: number; announcement: ReactNode }) {
  const intl = useIntl();
  const { load, messages, refreshFailed, arrivals, retry, refresh, send } = useThread({ threadId, pollIntervalMs, isOwnMessage });

  switch (load.status) {
    case 'loading':
      // the announcement comes with the heading, so it is read out once, after the page's title
      return <Spinner label={intl.formatMessage({ id: 'messaging.thread.loading' })} />;
    case 'error':
      return (
        <>
          <PageHeading focusOnMount>{intl.formatMessage({ id: 'messaging.thread.heading' })}</PageHeading>
          {announcement}
          <Alert variant="error">
            <p>{intl.formatMessage({ id: 'messaging.thread.error' })}</p>
            <Button variant="secondary" size="small" onClick={retry}>
              {intl.formatMessage({ id: 'common.retry' })}
            </Button>
          </Alert>
        </>
      );
    case 'not-found':
      return (
        <>
          <PageHeading focusOnMount>{intl.formatMessage({ id: 'messaging.thread.notFound.title' })}</PageHeading>
          {announcement}
          <p>{intl.formatMessage({ id: 'messaging.thread.notFound.text' })}</p>
          <p>
            <ShellLink routeId="messaging.conversations" className="portal-text-link portal-focus-outline">
              {intl.formatMessage({ id: 'messaging.thread.backToList' })}
            </ShellLink>
          </p>
        </>
      );
    case 'ready':
      return (
        <ThreadView
          thread={load.thread}
          messages={messages}
          loadedAt={load.loadedAt}
          isOwnMessage={isOwnMessage}
          arrivals={arrivals}
          refreshFailed={refreshFailed}
          onRefresh={refresh}
          onSend={send}
          announcement={announcement}
        />
      );
  }
}
