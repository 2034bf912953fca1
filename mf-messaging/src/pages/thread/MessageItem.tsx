import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import { formatTime } from '@portal/shared-i18n';
import { VisuallyHidden } from '@portal/shared-ui';
import { useAuthorName } from '../../components/author-name';
import { QuestionnaireLink } from './QuestionnaireLink';
import type { ThreadMessage } from './thread-model';
import styles from './ThreadPage.module.css';

/**
 * One message: author ('you' for the customer's own), time, the text as plain text with its line
 * breaks (never HTML), its attachments (each opens in a new tab) and questionnaire invitations.
 * A deleted message shows only that it was deleted.
 */
export function MessageItem({
  message,
  own,
  onDownload,
  ref,
}: {
  message: ThreadMessage;
  own: boolean;
  onDownload(attachmentId: string): void;
  ref?: Ref<HTMLLIElement>;
}) {
  const intl = useIntl();
  const authorName = useAuthorName();
  return (
    <li ref={ref} className={own ? `${styles.message} ${styles.own}` : styles.message} data-message-id={message.id}>
      <article>
        <header className={`${styles.messageHeader} portal-row`}>
          <span className="portal-bold">{authorName(message.author)}</span>{' '}
          <time className="portal-muted portal-small" dateTime={message.created}>
            {formatTime(message.created)}
          </time>
        </header>
        {message.deleted ? (
          <p className={`${styles.deleted} portal-muted portal-m0`}>{intl.formatMessage({ id: 'messaging.common.deleted' })}</p>
        ) : (
          <>
            {message.content !== '' && <p className={styles.content}>{message.content}</p>}
            {message.attachments.length > 0 && (
              <ul className={styles.attachmentList} aria-label={intl.formatMessage({ id: 'messaging.thread.attachments' })}>
                {message.attachments.map((attachment) => (
                  <li key={attachment.id}>
                    <button type="button" className={`${styles.attachment} portal-touch portal-gap-xxs portal-items-center portal-text-link`} onClick={() => onDownload(attachment.id)}>
                      <span aria-hidden="true" className={styles.attachmentIcon}>
                        📎
                      </span>
                      <span className="portal-wrap-anywhere">{attachment.fileName}</span>
                      <VisuallyHidden> {intl.formatMessage({ id: 'common.opensInNewWindow' })}</VisuallyHidden>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {message.questionnaireInvitations.length > 0 && (
              <ul className={styles.questionnaireList}>
                {message.questionnaireInvitations.map((invitation) => (
                  <li key={invitation.id}>
                    <QuestionnaireLink invitation={invitation} />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </article>
    </li>
  );
}
