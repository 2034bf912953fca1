import { useIntl } from 'react-intl';
import type { PaymentsSummary as Summary } from '@portal/shared-api';
import { Card, SummaryCard, useShell } from '@portal/shared-ui';

/**
 * The front page's payments block: the latest items (the server sends at most three) and a link to
 * the payments page; without a summary (its server summary failed) a short error in its place.
 */
export function PaymentsSummary({ summary }: { summary: Summary | undefined }) {
  const intl = useIntl();
  const shell = useShell();
  const heading = intl.formatMessage({ id: 'payments.summary.title' });
  if (!summary) {
    return (
      <Card heading={heading}>
        <p role="alert">{intl.formatMessage({ id: 'payments.summary.error' })}</p>
      </Card>
    );
  }
  const showAllHref = shell.hasRoute('payments.invoices') ? shell.href('payments.invoices') : undefined;
  return (
    <SummaryCard
      heading={heading}
      items={summary.invoices.map((item) => ({ key: item.id, content: item.invoiceNumber }))}
      emptyText={intl.formatMessage({ id: 'payments.summary.empty' })}
      {...(showAllHref ? { showAllHref, showAllLabel: intl.formatMessage({ id: 'payments.summary.showAll' }), onNavigate: shell.navigate } : {})}
    />
  );
}
