import { useIntl } from 'react-intl';
import type { BookingSummary as Summary, BookingSummaryItem } from '@portal/shared-api';
import { formatDateTime } from '@portal/shared-i18n';
import { Card, SummaryCard, useShell } from '@portal/shared-ui';
import styles from './BookingSummary.module.css';

function SummaryItem({ item }: { item: BookingSummaryItem }) {
  const intl = useIntl();
  const shell = useShell();
  const text = (
    <>
      <time dateTime={item.startDate} className={`${styles.when} portal-text-link portal-bold`}>
        {formatDateTime(item.startDate, shell.lang)}
      </time>
      <span className="portal-block">
        {item.practitionerName}, {item.specialty}
      </span>
      <span className="portal-muted">{item.isRemote ? intl.formatMessage({ id: 'booking.summary.remote' }) : item.clinicName}</span>
    </>
  );
  if (!shell.hasRoute('booking.appointment')) return <span className={`${styles.item} portal-wrap-anywhere portal-flex`}>{text}</span>;
  const href = shell.href('booking.appointment', { ids: item.id });
  return (
    <a
      className={`${styles.item} portal-wrap-anywhere portal-flex ${styles.link}`}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        shell.navigate(href);
      }}
    >
      {text}
    </a>
  );
}

/**
 * The front page's appointments block (spec part 1 §2 front page): the next three upcoming
 * appointments (time, practitioner, specialty, clinic or remote), each opening its appointment page,
 * and the footer link to all appointments; without a summary (its server summary failed) a short
 * error in its place.
 */
export function BookingSummary({ summary }: { summary: Summary | undefined }) {
  const intl = useIntl();
  const shell = useShell();
  const heading = intl.formatMessage({ id: 'booking.summary.title' });
  if (!summary) {
    return (
      <Card heading={heading}>
        <p role="alert">{intl.formatMessage({ id: 'booking.summary.error' })}</p>
      </Card>
    );
  }
  const showAllHref = shell.hasRoute('booking.appointments') ? shell.href('booking.appointments') : undefined;
  return (
    <SummaryCard
      heading={heading}
      items={summary.items.map((item) => ({ key: item.id, content: <SummaryItem item={item} /> }))}
      emptyText={intl.formatMessage({ id: 'booking.summary.empty' })}
      {...(showAllHref ? { showAllHref, showAllLabel: intl.formatMessage({ id: 'booking.summary.showAll' }), onNavigate: shell.navigate } : {})}
    >
      {summary.totalCount > summary.items.length && (
        <p className="portal-mb-xs portal-muted">{intl.formatMessage({ id: 'booking.summary.count' }, { count: summary.totalCount })}</p>
      )}
    </SummaryCard>
  );
}
