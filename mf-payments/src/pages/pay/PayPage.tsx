import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { InvoiceDetail, PayInvoicePageState } from '@portal/shared-api';
import { Alert, DETAILS_LIST_CLASS, ShellLink, useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates/useDates';
import { InvoicePage } from '../../components/invoice-page/InvoicePage';
import { Money } from '../../components/money/Money';
import { EmailRequiredNotice } from './EmailRequiredNotice';
import { buildPaymentRequest } from './payment-request';
import { PaymentProviders } from './PaymentProviders';

/**
 * payments.pay (pay/{invoice number}; spec part 2 §2.3 "Invoice payment page"): the invoice number
 * and sum; the payment methods when the patient's e-mail is valid, otherwise the e-mail-required
 * notice; a cancel-payment link back to the invoices. An invoice that is not the patient's, or does
 * not exist, is "not found".
 */
export function PayPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const t = (key: string) => intl.formatMessage({ id: `payments.pay.${key}` });
  return (
    <InvoicePage routeId="payments.pay" id={id} texts={{ title: t('title'), notFound: t('notFound'), retry: t('retry'), invoices: t('backToInvoices') }}>
      {(state, reload) => <PayInvoiceState state={state} reload={reload} />}
    </InvoicePage>
  );
}

function PayInvoiceState({ state, reload }: { state: Extract<PayInvoicePageState, { status: 'ok' }>; reload(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `payments.pay.${id}` }, values);
  const { invoice } = state;
  return (
    <>
      <dl className={DETAILS_LIST_CLASS} aria-label={t('details')}>
        <div>
          <dt>{t('invoiceNumber')}</dt>
          <dd>{invoice.invoiceNumber}</dd>
        </div>
        <div>
          <dt>{t('sum')}</dt>
          <dd>
            <Money cents={invoice.sumCents} />
          </dd>
        </div>
      </dl>
      <Payment state={state} invoice={invoice} reload={reload} />
      <p className="portal-m0">
        <ShellLink routeId="payments.invoices">{t(invoice.canBePaidOnline ? 'cancel' : 'backToInvoices')}</ShellLink>
      </p>
    </>
  );
}

function Payment({ state, invoice, reload }: { state: Extract<PayInvoicePageState, { status: 'ok' }>; invoice: InvoiceDetail; reload(): void }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `payments.pay.${id}` }, values);

  // A paid invoice is never offered for payment again (the server refuses it too): the patient may
  // come here from an old link, or after a payment in another tab.
  if (invoice.status === 'Paid') {
    return (
      <Alert variant="success" announce={false}>
        {invoice.paidDate ? t('alreadyPaid', { date: dates.date(invoice.paidDate) }) : t('alreadyPaidNoDate')}
      </Alert>
    );
  }
  if (!invoice.canBePaidOnline) {
    return (
      <Alert variant="info" announce={false}>
        {t('notPayableOnline')}
      </Alert>
    );
  }
  if (!state.emailValid) return <EmailRequiredNotice invoiceNumber={invoice.invoiceNumber} />;
  return <PaymentProviders request={buildPaymentRequest(invoice, state.customer, shell.lang)} onInvoiceChanged={reload} />;
}
