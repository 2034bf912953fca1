import { ShellLink } from '@portal/shared-ui';
import { useIntl } from 'react-intl';
import { useAuthorName } from '../../components/author-name';
import { MessageDate } from '../../components/MessageDate';
import { useMessagePreview } from '../../components/message-preview';
import { ThreadBadge } from '../../components/ThreadBadge';
import type { ThreadListItem } from './useThreadList';
import styles from './ConversationsPage.module.css';

/**
 * One conversation: a link to the thread with its state (unread, closed) in words, the title, the
 * latest message's date, author and a one-line preview (spec part 1 §2 Conversation list).
 */
export function ConversationRow({ thread }: { thread: ThreadListItem }) {
  const intl = useIntl();
  const authorName = useAuthorName();
  const preview = useMessagePreview();
  const latest = thread.messages.paginatedMessages[0];
  const unread = !thread.isRead;
  const closed = !thread.isActive;
  const shownPreview = latest ? preview(latest) : null;
  return (
    <li className={unread ? `${styles.row} ${styles.unread}` : styles.row}>
      <ShellLink routeId="messaging.thread" params={{ id: thread.id }} className={styles.link}>
        <span className={`${styles.top} portal-row`}>
          {(unread || closed) && (
            <span className={styles.badges}>
              {unread && <ThreadBadge kind="unread" />}
              {closed && <ThreadBadge kind="closed" />}
            </span>
          )}
          <span className={`${styles.threadTitle} portal-text-link portal-wrap-anywhere`}>{thread.title}</span>
          <MessageDate value={latest?.created ?? thread.created} className={styles.date} />
        </span>
        <span className={`${styles.preview} portal-muted portal-small`}>
          {latest && shownPreview ? (
            <>
              <span className={styles.author}>{authorName(latest.author)}</span>
              {shownPreview.text && (
                <>
                  {': '}
                  <span className={shownPreview.deleted ? styles.deleted : undefined}>{shownPreview.text}</span>
                </>
              )}
            </>
          ) : (
            <span className={styles.deleted}>{intl.formatMessage({ id: 'messaging.conversations.noMessages' })}</span>
          )}
        </span>
      </ShellLink>
    </li>
  );
}
