import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ShellLink, useShell } from '@portal/shared-ui';
import styles from './PrescriptionRenewalPage.module.css';

/**
 * The success box (spec part 1 §4 "sent"): the request went to the care team as a conversation,
 * processing takes 1–3 workdays and the confirmation comes by SMS. Its heading takes focus, so a
 * screen reader reads the outcome at once; the link opens the created conversation.
 */
export function RenewalSent({ threadId }: { threadId: string }) {
  const intl = useIntl();
  const shell = useShell();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.sent} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={`${styles.sentTitle} portal-mb-xs portal-title-l`}>
        <span aria-hidden="true" className="portal-bold">
          ✓
        </span>{' '}
        {intl.formatMessage({ id: 'records.renewal.sent.title' })}
      </h2>
      <p className="portal-mb-xs portal-last-mb0">{intl.formatMessage({ id: 'records.renewal.sent.text' })}</p>
      {shell.hasRoute('messaging.thread') && (
        <p className="portal-mb-xs portal-last-mb0">
          <ShellLink routeId="messaging.thread" params={{ id: threadId }} className="portal-text-link portal-focus-outline">
            {intl.formatMessage({ id: 'records.renewal.sent.conversation' })}
          </ShellLink>
        </p>
      )}
    </section>
  );
}
