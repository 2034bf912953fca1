import { useIntl } from 'react-intl';
import type { InvoiceStatus } from '@portal/shared-api';
import styles from './InvoiceStatusLabel.module.css';

/** The colour of each status's badge; the text always says the status, so colour is never the only signal. */
const TONE: Readonly<Record<InvoiceStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'>> = {
  open: 'info',
  overdue: 'danger',
  paper: 'warning',
  paid: 'success',
  refunded: 'neutral',
  refundInProgress: 'neutral',
  notAvailable: 'neutral',
};

/** The message id of a status's label (spec part 2 §4 "Labels"). */
export function invoiceStatusMessageId(status: InvoiceStatus): string {
  return `payments.common.status.${status}`;
}

/** Spec part 2 §4: Open, Overdue, Paper invoice, Paid, Refunded, Refund in progress, Not available. */
export function InvoiceStatusLabel({ status }: { status: InvoiceStatus }) {
  const intl = useIntl();
  return <span className={`${styles.status} portal-badge portal-bold ${TONE[status] === 'neutral' ? `${styles.neutral} portal-box--background` : `portal-badge--${TONE[status]}`}`}>{intl.formatMessage({ id: invoiceStatusMessageId(status) })}</span>;
}
