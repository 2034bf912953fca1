import { useRef } from 'react';
import { useIntl } from 'react-intl';
import type { MessagingPageState } from '@portal/shared-api';
import { EmptyState, ErrorView, LinkButton, PageHeading, Spinner, useShell } from '@portal/shared-ui';
import { Announcement } from '../../components/Announcement';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { ConversationList } from './ConversationList';
import { useConversationsPage } from './useConversationsPage';
import styles from './ConversationsPage.module.css';

/**
 * messaging.conversations (spec part 1 §2 Conversation list): the announcement when active, the
 * maintenance notice, or the customer's conversations, polled every `pollIntervalMs`. Without a
 * messaging user the page is empty and never calls the messaging service.
 */
export function ConversationsPage() {
  const intl = useIntl();
  const shell = useShell();
  const { page, retry } = useConversationsPage();
  const pageRef = useRef<HTMLElement>(null);
  const focusHeading = () => pageRef.current?.querySelector<HTMLElement>('h1')?.focus();
  const state = page.status === 'ready' ? page.data : null;
  const canStartNew = state?.status === 'ok' && shell.hasRoute('messaging.new');

  return (
    <section ref={pageRef} className="portal-page-column portal-page-column--wide portal-min-w0">
      <div className={`${styles.header} portal-row portal-justify-between portal-mb-m portal-items-center`}>
        <PageHeading className={styles.title}>
          {intl.formatMessage({ id: 'messaging.conversations.title' })}
        </PageHeading>
        {canStartNew && (
          <LinkButton href={shell.href('messaging.new')} onNavigate={shell.navigate} className={styles.newButton}>
            {intl.formatMessage({ id: 'messaging.conversations.new' })}
          </LinkButton>
        )}
      </div>
      {page.status === 'loading' && <Spinner label={intl.formatMessage({ id: 'messaging.conversations.loading' })} />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView
            onRetry={() => {
              focusHeading();
              retry();
            }}
          />
        </div>
      )}
      {state && <ConversationsContent state={state} focusHeading={focusHeading} />}
    </section>
  );
}

function ConversationsContent({ state, focusHeading }: { state: MessagingPageState; focusHeading(): void }) {
  const intl = useIntl();
  let content;
  if (state.status === 'maintenance-mode') content = <MaintenanceNotice />;
  else if (state.customerMessagingUserId === null) content = <EmptyState text={intl.formatMessage({ id: 'messaging.conversations.empty' })} />;
  else content = <ConversationList pollIntervalMs={state.pollIntervalMs} focusHeading={focusHeading} />;
  return (
    <>
      <Announcement info={state.info} />
      {content}
    </>
  );
}
