import { useIntl } from 'react-intl';
import type { PaymentsSummary as Summary } from '@portal/shared-api';
import { Card, LinkName, SummaryCard, useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates/useDates';
import { Money, useEuros } from '../../components/money/Money';
import styles from './PaymentsSummary.module.css';

type SummaryInvoice = Summary['invoices'][number];

function UnpaidInvoice({ invoice }: { invoice: SummaryInvoice }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const number = intl.formatMessage({ id: 'payments.summary.invoice' }, { number: invoice.invoiceNumber });
  const payHref = invoice.canBePaidOnline && shell.hasRoute('payments.pay') ? shell.href('payments.pay', { id: invoice.invoiceNumber }) : null;
  return (
    <div className={styles.item}>
      <div className={styles.text}>
        <span className={styles.number}>{number}</span>
        <span className={invoice.overdue ? styles.overdueDue : styles.due}>
          {intl.formatMessage(
            { id: invoice.overdue ? 'payments.summary.overdue' : 'payments.summary.due' },
            { date: <time dateTime={invoice.dueDate}>{dates.date(invoice.dueDate)}</time> },
          )}
        </span>
      </div>
      <div className={styles.end}>
        <Money cents={invoice.sumCents} className={styles.sum} />
        {payHref && (
          <a
            className={styles.pay}
            href={payHref}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              shell.navigate(payHref);
            }}
          >
            <LinkName text={intl.formatMessage({ id: 'payments.summary.pay' })} context={number} />
          </a>
        )}
      </div>
    </div>
  );
}

/**
 * The front page's payments block: the patient's unpaid invoices (the server sends at most three,
 * soonest due first), each with its due date (overdue ones marked), sum and a pay link when payable
 * online; how many are unpaid and their total; the link to the invoices page. Without a summary (its
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
        <p className={styles.count}>
          {intl.formatMessage({ id: 'payments.summary.count' }, { count: summary.unpaidCount, total: euros(summary.unpaidTotalCents) })}
        </p>
      )}
    </SummaryCard>
  );
}
