import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { THREAD_SCROLL_DELAY_MS } from '@portal/shared-api';
import { formatDate } from '@portal/shared-i18n';
import { Alert, Button, PageHeading, useShell } from '@portal/shared-ui';
import { fullNameWithTitle, useAuthorName } from '../../components/author-name';
import { Composer, type OutgoingMessage } from '../../composer';
import { MessageItem } from './MessageItem';
import { currentAbsence, groupByHelsinkiDate, type Thread, type ThreadMessage } from './thread-model';
import { useAttachmentDownload } from './useAttachmentDownload';
import type { ThreadArrivals } from './useThread';
import styles from './ThreadPage.module.css';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface ThreadViewProps {
  thread: Thread;
  /** oldest first, with the customer's sent messages */
  messages: ThreadMessage[];
  loadedAt: number;
  isOwnMessage(message: ThreadMessage): boolean;
  arrivals: ThreadArrivals;
  refreshFailed: boolean;
  onRefresh(): void;
  onSend(message: OutgoingMessage): Promise<void>;
  /** the optional announcement, under the title */
  announcement: ReactNode;
}

/**
 * The conversation (spec part 1 §2): title (focused when it appears), participants, messages
 * grouped by Helsinki date, the assignee's absence, the composer and the response-time note. The
 * last message scrolls into view 100 ms after it renders (smoothly unless reduced motion is asked for).
 */
export function ThreadView({ thread, messages, loadedAt, isOwnMessage, arrivals, refreshFailed, onRefresh, onSend, announcement }: ThreadViewProps) {
  const intl = useIntl();
  const { lang } = useShell();
  const authorName = useAuthorName();
  const download = useAttachmentDownload();
  const baseId = useId();
  const groups = useMemo(() => groupByHelsinkiDate(messages), [messages]);
  const absence = currentAbsence(thread, loadedAt);
  const assignee = thread.assignments[0]?.assignee;

  const lastItem = useRef<HTMLLIElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    if (!lastId) return;
    const timer = setTimeout(() => {
      lastItem.current?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    }, THREAD_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastId]);

  const arrivalText =
    arrivals.messages.length === 0
      ? ''
      : arrivals.messages.length === 1 && arrivals.messages[0]
        ? intl.formatMessage({ id: 'messaging.thread.newMessage' }, { author: authorName(arrivals.messages[0].author) })
        : intl.formatMessage({ id: 'messaging.thread.newMessages' }, { count: arrivals.messages.length });

  return (
    <>
      <PageHeading focusOnMount className="portal-wrap-anywhere">
        {thread.title}
      </PageHeading>
      {announcement}
      <section className="portal-mb-l" aria-labelledby={`${baseId}-participants`}>
        <h2 id={`${baseId}-participants`} className={`${styles.smallHeading} portal-field__hint portal-bold`}>
          {intl.formatMessage({ id: 'messaging.thread.participants' })}
        </h2>
        <ul className={`${styles.participantList} portal-row portal-mt-xxs`}>
          {thread.participants.map((participant) => (
            <li key={participant.id}>{authorName(participant)}</li>
          ))}
        </ul>
      </section>

      {groups.length === 0 ? (
        <p className="portal-muted">{intl.formatMessage({ id: 'messaging.thread.noMessages' })}</p>
      ) : (
        groups.map((group) => (
          <section key={group.date} className="portal-mb-l" aria-labelledby={`${baseId}-${group.date}`}>
            <h2 id={`${baseId}-${group.date}`} className={`${styles.dateHeading} portal-mb-s portal-title-m portal-muted portal-bold`}>
              <time dateTime={group.date}>{formatDate(group.date, lang)}</time>
            </h2>
            <ol className="portal-vstack-s portal-plain-list">
              {group.messages.map((message) => (
                <MessageItem
                  key={message.id}
                  ref={message.id === lastId ? lastItem : undefined}
                  message={message}
                  own={isOwnMessage(message)}
                  onDownload={download}
                />
              ))}
            </ol>
          </section>
        ))
      )}
      {/* new messages from a refresh, read out politely; the no-break space makes a repeated text count as new */}
      <p role="status" className="portal-visually-hidden">
        {arrivals.seq % 2 === 0 ? arrivalText : `${arrivalText}\u00a0`}
      </p>

      {refreshFailed && (
        <Alert variant="error" className={styles.refreshError}>
          <p>{intl.formatMessage({ id: 'messaging.thread.error' })}</p>
          <Button variant="secondary" size="small" onClick={onRefresh}>
            {intl.formatMessage({ id: 'common.retry' })}
          </Button>
        </Alert>
      )}

      {absence && assignee && (
        <Alert variant="info" announce={false} className={styles.absence}>
          <p>
            {intl.formatMessage(
              { id: 'messaging.thread.absence' },
              { name: fullNameWithTitle(assignee), endDate: formatDate(absence.endDate, lang) },
            )}
          </p>
          {absence.substitutes.length > 0 && (
            <p>
              {intl.formatMessage(
                { id: 'messaging.thread.substitutes' },
                { count: absence.substitutes.length, names: intl.formatList(absence.substitutes.map(fullNameWithTitle), { type: 'conjunction' }) },
              )}
            </p>
          )}
        </Alert>
      )}

      <Composer onSend={onSend} />
      {/* Spec part 1 §2: 1–3 business days. One Swedish text of the spec says 1–2; the portal says 1–3 in every language. */}
      <p className="portal-mt-s portal-muted portal-small">{intl.formatMessage({ id: 'messaging.thread.responseTime' })}</p>
    </>
  );
}
