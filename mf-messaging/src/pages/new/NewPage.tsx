import { useIntl } from 'react-intl';
import type { NewConversationPageState } from '@portal/shared-api';
import { BackLink, EmptyState, ErrorView, PageHeading, Spinner, usePageState, useShell } from '@portal/shared-ui';
import { Announcement } from '../../components/Announcement';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { NewConversationForm } from './NewConversationForm';

/** The route's feature (routes.json); without it the page has nothing to offer. */
export const MESSAGING_ALLOWED_FEATURE = 'customer-messaging-allowed';

/**
 * messaging.new — New conversation (spec part 1 §2, §4, §5): back link, the optional announcement,
 * then the recipient (the healthcare team), subject, message, attachments and send; on success the
 * patient goes to the created thread.
 */
export function NewPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('messaging.new');
  return (
    <div className="portal-page-column">
      <BackLink routeId="messaging.conversations">{intl.formatMessage({ id: 'messaging.new.backToList' })}</BackLink>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView headingLevel={1} onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && <NewConversationContent state={page.data} />}
    </div>
  );
}

function NewConversationContent({ state }: { state: NewConversationPageState }) {
  const intl = useIntl();
  const shell = useShell();
  const heading = <PageHeading focusOnMount>{intl.formatMessage({ id: 'messaging.new.title' })}</PageHeading>;
  const announcement = <Announcement info={state.info} />;
  let body;
  if (state.status === 'maintenance-mode') body = <MaintenanceNotice />;
  else if (state.customerMessagingUserId === null || !shell.features.includes(MESSAGING_ALLOWED_FEATURE)) {
    body = <EmptyState text={intl.formatMessage({ id: 'messaging.new.notAvailable' })} />;
  } else if (state.recipients.length === 0) body = <EmptyState text={intl.formatMessage({ id: 'messaging.new.noRecipients' })} />;
  else body = <NewConversationForm recipients={state.recipients} />;
  return (
    <>
      {heading}
      {announcement}
      {body}
    </>
  );
}
