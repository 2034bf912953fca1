import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { REMOTE_PAYMENT_BLACKOUT, invoicePdfPath, type InvoiceListItem } from '@portal/shared-api';
import { Alert, DETAILS_LIST_CLASS, LinkButton, LinkName, ShellLink, useShell } from '@portal/shared-ui';
import { InvoiceStatusLabel } from '../../components/invoice-status/InvoiceStatusLabel';
import { Money } from '../../components/money/Money';
import { useDates } from '../../components/dates/useDates';
import { invoicePresentation, type InvoiceNotice } from './invoicePresentation';
import { pdfFilename } from './pdfFilename';
import styles from './InvoicesPage.module.css';

export interface BillingContact {
  billingEmail: string;
  billingPhone: string;
}

/**
 * One invoice of the list (spec part 2 §2.3 columns, §4 presentation): its number with the numbers it
 * credits, status, dates, sum, and the additional info: the document (PDF or summary), the pay link
 * or the notices. The links' names end with the invoice number, so a list of links tells them apart.
 */
export function InvoiceItem({ invoice, contact }: { invoice: InvoiceListItem; contact: BillingContact }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const presentation = invoicePresentation(invoice);
  const invoiceName = t('payments.invoices.number', { number: invoice.invoiceNumber });
  const credited = invoice.creditedInvoiceNumber
    ?.split(',')
    .map((number) => number.trim())
    .filter(Boolean);

  let documentLink: ReactNode = null;
  if (presentation.documentLink === 'pdf' && presentation.documentType) {
    const filename = pdfFilename(t(`payments.invoices.filename.${presentation.documentType}`), invoice.invoiceNumber);
    documentLink = (
      <a className="portal-text-link portal-focus-outline" href={invoicePdfPath(invoice.id, filename, shell.lang)} download={filename}>
        <LinkName text={t(`payments.invoices.download.${presentation.documentType}`)} context={invoiceName} />
      </a>
    );
  } else if (presentation.documentLink === 'summary') {
    documentLink = (
      <ShellLink routeId="payments.summary" params={{ id: invoice.id }} className="portal-text-link portal-focus-outline">
        <LinkName text={t('payments.invoices.viewSummary')} context={invoiceName} />
      </ShellLink>
    );
  }
  const payHref = presentation.payOnline && shell.hasRoute('payments.pay') ? shell.href('payments.pay', { id: invoice.invoiceNumber }) : null;

  return (
    <li className={`${styles.item} portal-min-w0 portal-box portal-grid-s portal-box--surface portal-wrap-anywhere`}>
      <div className="portal-min-w0">
        <h2 className={`${styles.number} portal-title-l portal-m0`}>{invoiceName}</h2>
        {credited && credited.length > 0 && (
          <p className="portal-mt-xxs portal-muted portal-small">{intl.formatMessage({ id: 'payments.invoices.credited' }, { count: credited.length, numbers: credited.join(', ') })}</p>
        )}
      </div>
      <dl className={`${DETAILS_LIST_CLASS} ${styles.details}`}>
        <div>
          <dt>{t('payments.invoices.status')}</dt>
          <dd>
            <InvoiceStatusLabel status={invoice.status} />
          </dd>
        </div>
        <div>
          <dt>{t('payments.invoices.created')}</dt>
          <dd>
            <time dateTime={invoice.creationDate}>{dates.date(invoice.creationDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('payments.invoices.due')}</dt>
          <dd>
            <time dateTime={invoice.dueDate}>{dates.date(invoice.dueDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('payments.invoices.sum')}</dt>
          <dd>
            <Money cents={invoice.sumCents} className={styles.sum} />
          </dd>
        </div>
      </dl>
      {(documentLink || payHref || presentation.notices.length > 0) && (
        <div className={`${styles.info} portal-vstack-s`}>
          {(documentLink || payHref) && (
            <div className="portal-justify-between portal-form-actions portal-items-center">
              {documentLink}
              {payHref && (
                <LinkButton href={payHref} onNavigate={shell.navigate} size="small" className={styles.pay}>
                  <LinkName text={t('payments.invoices.pay')} context={invoiceName} />
                </LinkButton>
              )}
            </div>
          )}
          {presentation.notices.map((notice) => (
            <Notice key={notice} notice={notice} contact={contact} />
          ))}
        </div>
      )}
    </li>
  );
}

function Notice({ notice, contact }: { notice: InvoiceNotice; contact: BillingContact }) {
  const intl = useIntl();
  const dates = useDates();
  const values: Record<string, ReactNode> = {
    phone: (
      <a className="portal-text-link portal-focus-outline" href={`tel:${contact.billingPhone.replace(/[^\d+]/g, '')}`}>
        {contact.billingPhone}
      </a>
    ),
    email: (
      <a className="portal-text-link portal-focus-outline" href={`mailto:${contact.billingEmail}`}>
        {contact.billingEmail}
      </a>
    ),
    from: dates.date(REMOTE_PAYMENT_BLACKOUT.from),
    to: dates.date(REMOTE_PAYMENT_BLACKOUT.to),
  };
  // static notices of a listed invoice: read in place, not announced
  return (
    <Alert variant={notice === 'overdueContact' ? 'warning' : 'info'} announce={false}>
      <p className="portal-m0">
        {intl.formatMessage({ id: `payments.invoices.notice.${notice}` }, values)}
      </p>
    </Alert>
  );
}
