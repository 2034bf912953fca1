import { useIntl } from 'react-intl';
import type { ConversationSummaryItem, MessagingSummary } from '@portal/shared-api';
import { Card, LinkButton, ShellLink, useShell } from '@portal/shared-ui';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { MessageDate } from '../../components/MessageDate';
import { ThreadBadge } from '../../components/ThreadBadge';
import styles from './Summary.module.css';

/** The front page shows at most this many conversations (the loader sends at most 3, newest first). */
export const SUMMARY_MAX_THREADS = 3;

/**
 * The front page's conversations block (spec part 1 §1, §2 Front page): only when the customer has
 * conversations; the latest three with title, latest author, date and an unread marker; footer
 * buttons to all conversations and to a new message. Without a summary (its loader failed) a short
 * error text.
 */
export function ConversationsSummary({ summary }: { summary: MessagingSummary | undefined }) {
  const intl = useIntl();
  const shell = useShell();
  const title = intl.formatMessage({ id: 'messaging.summary.title' });
  if (!summary) {
    return (
      <Card heading={title} className="portal-min-w0">
        <p role="alert" className="portal-field__error">
          {intl.formatMessage({ id: 'messaging.summary.error' })}
        </p>
      </Card>
    );
  }
  if (summary.totalCount === 0) return null;

  const footer = (
    <div className={`${styles.footer} portal-form-actions`}>
      {/* in maintenance a new message could not be sent: the notice says so instead */}
      {!summary.maintenance && shell.hasRoute('messaging.new') && (
        <LinkButton href={shell.href('messaging.new')} onNavigate={shell.navigate} variant="secondary" size="small">
          {intl.formatMessage({ id: 'messaging.summary.new' })}
        </LinkButton>
      )}
      {shell.hasRoute('messaging.conversations') && (
        <LinkButton href={shell.href('messaging.conversations')} onNavigate={shell.navigate} size="small">
          {intl.formatMessage({ id: 'messaging.summary.showAll' })}
        </LinkButton>
      )}
    </div>
  );
  return (
    <Card heading={title} footer={footer} className="portal-min-w0">
      {summary.maintenance && <MaintenanceNotice headingLevel={3} />}
      {summary.unreadCount > 0 && (
        <p className="portal-bold portal-m0">{intl.formatMessage({ id: 'messaging.summary.unreadCount' }, { count: summary.unreadCount })}</p>
      )}
      <ul className="portal-plain-list">
        {summary.threads.slice(0, SUMMARY_MAX_THREADS).map((thread) => (
          <SummaryRow key={thread.id} thread={thread} />
        ))}
      </ul>
    </Card>
  );
}

function SummaryRow({ thread }: { thread: ConversationSummaryItem }) {
  const intl = useIntl();
  const author = thread.latestByCustomer ? intl.formatMessage({ id: 'messaging.common.you' }) : thread.latestAuthorName;
  return (
    <li className={thread.isRead ? `${styles.item} portal-row portal-justify-between` : `${styles.item} portal-row portal-justify-between ${styles.unread}`}>
      <div className={styles.itemMain}>
        <ShellLink routeId="messaging.thread" params={{ id: thread.id }} className={styles.itemTitle}>
          {!thread.isRead && (
            <>
              <ThreadBadge kind="unread" />{' '}
            </>
          )}
          {thread.title}
        </ShellLink>
        <p className="portal-mt-xxs portal-muted portal-small">{author}</p>
      </div>
      <MessageDate value={thread.latestMessageAt} className={styles.date} />
    </li>
  );
}
