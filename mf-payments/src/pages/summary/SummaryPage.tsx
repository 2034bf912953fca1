import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { Alert, LinkButton, PageHeading, PageLoadStatus, ShellLink, useShell } from '@portal/shared-ui';
import { InvoiceSummary } from './InvoiceSummary';
import { useInvoiceSummaryPage } from './useInvoiceSummaryPage';

/**
 * payments.summary (spec part 2 §2.3 "Invoice summary page"): the invoice's dates, buyer, payment
 * number, rows and total, the Pay button with its disclaimer when the invoice is payable online, and
 * back to the invoices; 'invoice not found' for an id that is not one of the patient's invoices.
 */
export function SummaryPage() {
  const intl = useIntl();
  const shell = useShell();
  const { id = '' } = useParams();
  const { page, retry } = useInvoiceSummaryPage(id);
  const t = (messageId: string) => intl.formatMessage({ id: messageId });
  const back = shell.hasRoute('payments.invoices') ? (
    <LinkButton href={shell.href('payments.invoices')} onNavigate={shell.navigate} variant="secondary">
      <span aria-hidden="true">← </span>
      {t('payments.invoiceSummary.back')}
    </LinkButton>
  ) : null;
  return (
    <div className="portal-page-column">
      <PageHeading>{t('payments.invoiceSummary.title')}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && page.data.status === 'invoice-not-found' && (
        <Alert variant="info">
          <p className="portal-bold portal-m0">{t('payments.invoiceSummary.notFound')}</p>
          <p className="portal-mt-xs">
            <ShellLink routeId="payments.invoices" className="portal-text-link portal-focus-outline">
              {t('payments.invoiceSummary.back')}
            </ShellLink>
          </p>
        </Alert>
      )}
      {page.status === 'ready' && page.data.status === 'ok' && <InvoiceSummary invoice={page.data.invoice} back={back} />}
    </div>
  );
}
