import { useIntl } from 'react-intl';
import type { PaymentsSummary as Summary } from '@portal/shared-api';
import { Card, SummaryCard, useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates/useDates';
import { Money, useEuros } from '../../components/money/Money';
import styles from './PaymentsSummary.module.css';

type SummaryInvoice = Summary['invoices'][number];

/**
 * One unpaid invoice, the whole row one link as every other front-page summary row (issue 28): to its
 * payment page when it can be paid online (the row then ends with "Pay"), otherwise to its summary,
 * where an overdue or mailed invoice's details and payment number are.
 */
function UnpaidInvoice({ invoice }: { invoice: SummaryInvoice }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const number = intl.formatMessage({ id: 'payments.summary.invoice' }, { number: invoice.invoiceNumber });
  const payable = invoice.canBePaidOnline && shell.hasRoute('payments.pay');
  const href = payable
    ? shell.href('payments.pay', { id: invoice.invoiceNumber })
    : shell.hasRoute('payments.summary')
      ? shell.href('payments.summary', { id: invoice.id })
      : null;
  const content = (
    <>
      <span className={`${styles.text} portal-flex portal-min-w0`}>
        {/* the spaces keep the link's name words apart ("Invoice 1003 Overdue …"); flex layout ignores them */}
        <span className={`${styles.number} portal-bold`}>{number}</span>{' '}
        <span className={invoice.overdue ? 'portal-error-text portal-bold' : 'portal-muted'}>
          {intl.formatMessage(
            { id: invoice.overdue ? 'payments.summary.overdue' : 'payments.summary.due' },
            { date: <time dateTime={invoice.dueDate}>{dates.date(invoice.dueDate)}</time> },
          )}
        </span>
      </span>{' '}
      <span className={`${styles.end} portal-vstack-xxs`}>
        <Money cents={invoice.sumCents} className={styles.sum} />
        {payable && ' '}
        {payable && <span className={styles.pay}>{intl.formatMessage({ id: 'payments.summary.pay' })}</span>}
      </span>
    </>
  );
  if (!href) return <span className={`${styles.item} portal-row portal-wrap-anywhere portal-items-start portal-justify-between`}>{content}</span>;
  return (
    <a
      className={`${styles.item} portal-row portal-wrap-anywhere portal-items-start portal-justify-between ${styles.link}`}
      href={href}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        shell.navigate(href);
      }}
    >
      {content}
    </a>
  );
}

/**
 * The front page's payments block: the patient's unpaid invoices (the server sends at most three,
 * soonest due first), each with its due date (overdue ones marked) and sum, and each a link to its
 * payment page when payable online, else to its summary; how many are unpaid and their total; the link to the invoices page. Without a summary (its
 * server summary failed) a short error in its place.
 */
export function PaymentsSummary({ summary }: { summary: Summary | undefined }) {
  const intl = useIntl();
  const shell = useShell();
  const euros = useEuros();
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
      items={summary.invoices.map((invoice) => ({ key: invoice.id, content: <UnpaidInvoice invoice={invoice} /> }))}
      emptyText={intl.formatMessage({ id: 'payments.summary.empty' })}
      {...(showAllHref ? { showAllHref, showAllLabel: intl.formatMessage({ id: 'payments.summary.showAll' }), onNavigate: shell.navigate } : {})}
    >
      {summary.unpaidCount > 0 && (
        <p className="portal-mb-xs portal-muted">
          {intl.formatMessage({ id: 'payments.summary.count' }, { count: summary.unpaidCount, total: euros(summary.unpaidTotalCents) })}
        </p>
      )}
    </SummaryCard>
  );
}
