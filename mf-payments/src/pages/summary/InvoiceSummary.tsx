import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { InvoiceDetail } from '@portal/shared-api';
import { DETAILS_LIST_CLASS, LinkButton, useShell } from '@portal/shared-ui';
import { InvoiceStatusLabel } from '../../components/invoice-status/InvoiceStatusLabel';
import { Money, useEuros } from '../../components/money/Money';
import { useDates } from '../../components/dates/useDates';
import { formatVatPercent } from './vatPercent';
import styles from './InvoiceSummaryPage.module.css';

/** The summary of one invoice (spec part 2 §3 "Invoice (payment/summary)"). */
export function InvoiceSummary({ invoice, back }: { invoice: InvoiceDetail; back: ReactNode }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const euros = useEuros();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const date = (value: string) => <time dateTime={value}>{dates.date(value)}</time>;
  const detailsId = useId();
  const rowsId = useId();
  const disclaimerId = useId();
  const payHref = invoice.canBePaidOnline && shell.hasRoute('payments.pay') ? shell.href('payments.pay', { id: invoice.invoiceNumber }) : null;

  return (
    <div className="portal-vstack-l">
      <section className="portal-box portal-box--surface" aria-labelledby={detailsId}>
        <h2 id={detailsId} className={`${styles.cardTitle} portal-mb-s portal-title-l`}>
          {t('payments.invoiceSummary.invoice', { number: invoice.invoiceNumber })}
        </h2>
        <dl className={DETAILS_LIST_CLASS}>
          <div>
            <dt>{t('payments.invoiceSummary.status')}</dt>
            <dd>
              {/* the list's status and label: an overdue invoice is Overdue here too, not merely not paid */}
              <InvoiceStatusLabel status={invoice.invoiceStatus} />
              {invoice.status === 'Paid' && invoice.paidDate && <> {t('payments.invoiceSummary.paidOn', { date: dates.date(invoice.paidDate) })}</>}
            </dd>
          </div>
          <div>
            <dt>{t('payments.invoiceSummary.invoiceDate')}</dt>
            <dd>{date(invoice.creationDate)}</dd>
          </div>
          {invoice.payableOnlineUntil && (
            <div>
              <dt>{t('payments.invoiceSummary.payableOnlineUntil')}</dt>
              <dd>{date(invoice.payableOnlineUntil)}</dd>
            </div>
          )}
          <div>
            <dt>{t('payments.invoiceSummary.dueDate')}</dt>
            <dd>{date(invoice.dueDate)}</dd>
          </div>
          <div>
            <dt>{t('payments.invoiceSummary.buyer')}</dt>
            <dd>
              <address className={styles.address}>
                {invoice.buyerName}
                <br />
                {invoice.buyerAddress.street}
                <br />
                {invoice.buyerAddress.postalCode} {invoice.buyerAddress.postOffice}
              </address>
            </dd>
          </div>
          <div>
            <dt>{t('payments.invoiceSummary.paymentNumber')}</dt>
            <dd className={styles.paymentNumber}>{invoice.paymentNumber}</dd>
          </div>
        </dl>
      </section>

      <section className="portal-box portal-box--surface" aria-labelledby={rowsId}>
        <h2 id={rowsId} className={`${styles.cardTitle} portal-mb-s portal-title-l`}>
          {t('payments.invoiceSummary.rows')}
        </h2>
        <ul className="portal-plain-list" aria-labelledby={rowsId}>
          {invoice.rows.map((row, index) => (
            // rows have no id: their order is the invoice's
            <li key={index} className={styles.row}>
              <p className="portal-mb-xs portal-bold">{row.description}</p>
              <dl className={`${styles.rowDetails} portal-grid-s portal-m0`}>
                <div>
                  <dt>{t('payments.invoiceSummary.rowDate')}</dt>
                  <dd>{date(row.date)}</dd>
                </div>
                <div>
                  <dt>{t('payments.invoiceSummary.rowPrice')}</dt>
                  <dd>{t('payments.invoiceSummary.countTimesPrice', { count: String(row.count), price: euros(row.unitPriceCents) })}</dd>
                </div>
                <div>
                  <dt>{t('payments.invoiceSummary.rowVat')}</dt>
                  <dd>{formatVatPercent(row.vatPercentage, shell.lang)}</dd>
                </div>
                <div>
                  <dt>{t('payments.invoiceSummary.rowTotal')}</dt>
                  <dd>
                    <Money cents={row.count * row.unitPriceCents} className={styles.amount} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
        <p className={`portal-mt-s portal-flex portal-justify-between portal-gap-s portal-title-l portal-bold`}>
          <span>{t('payments.invoiceSummary.total')}</span> <Money cents={invoice.sumCents} className={styles.amount} />
        </p>
      </section>

      {payHref && (
        <p id={disclaimerId} className="portal-field__hint">
          {invoice.payableOnlineUntil
            ? t('payments.invoiceSummary.payDisclaimerUntil', { date: dates.date(invoice.payableOnlineUntil) })
            : t('payments.invoiceSummary.payDisclaimer')}
        </p>
      )}
      <div className="portal-justify-between portal-form-actions portal-full-small">
        {back}
        {payHref && (
          <LinkButton href={payHref} onNavigate={shell.navigate} aria-describedby={disclaimerId}>
            {t('payments.invoiceSummary.pay')}
          </LinkButton>
        )}
      </div>
    </div>
  );
}
