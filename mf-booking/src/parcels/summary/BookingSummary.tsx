import { useIntl } from 'react-intl';
import type { BookingSummary as Summary } from '@portal/shared-api';
import { Card, SummaryCard, useShell } from '@portal/shared-ui';

/**
 * The front page's booking block: the latest items (the server sends at most three) and a link to
 * the booking page; without a summary (its server summary failed) a short error in its place.
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
      items={summary.items.map((item) => ({ key: item.id, content: item.practitionerName }))}
      emptyText={intl.formatMessage({ id: 'booking.summary.empty' })}
      {...(showAllHref ? { showAllHref, showAllLabel: intl.formatMessage({ id: 'booking.summary.showAll' }), onNavigate: shell.navigate } : {})}
    />
  );
}
