import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { PaymentFailureReason, PaymentResultPageState } from '@portal/shared-api';
import { Alert, Button, DETAILS_LIST_CLASS, LinkButton, ShellLink, useShell } from '@portal/shared-ui';
import { useDates } from '../../components/dates/useDates';
import { InvoicePage } from '../../components/invoice-page/InvoicePage';
import { Money, useEuros } from '../../components/money/Money';

type ResultState = Extract<PaymentResultPageState, { status: 'ok' }>;

/**
 * The §8 text of each failure reason, one to one (docs/product-decisions.md, "Payment provider statuses"); a
 * Record over the shared enum, so a reason added to the contract does not compile without its text.
 */
export const FAILURE_REASON_MESSAGE_IDS: Readonly<Record<PaymentFailureReason, string>> = {
  cardDeclined: 'payments.payment.reason.cardDeclined',
  cardExpired: 'payments.payment.reason.cardExpired',
  incorrectCvc: 'payments.payment.reason.incorrectCvc',
  insufficientFunds: 'payments.payment.reason.insufficientFunds',
  cancelled: 'payments.payment.reason.cancelled',
  paymentFailed: 'payments.payment.reason.paymentFailed',
  unableToProcess: 'payments.payment.reason.unableToProcess',
};

/**
 * payments.payment (payment/{invoice number}; spec part 2 §2.3 "Payment result page"): where the
 * provider sends the patient back. The result is the server's record of the provider's signed
 * redirect or callback, never the URL's say-so.
 */
export function PaymentPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const t = (key: string) => intl.formatMessage({ id: `payments.payment.${key}` });
  return (
    <InvoicePage routeId="payments.payment" id={id} texts={{ title: t('title'), notFound: t('notFound'), retry: t('tryAgain'), invoices: t('invoicesLink') }}>
      {(state, reload) => <PaymentResult state={state} reload={reload} />}
    </InvoicePage>
  );
}

function PaymentResult({ state, reload }: { state: ResultState; reload(): void }) {
  switch (state.result) {
    case 'ok':
      return <Completed />;
    case 'fail':
      return <Interrupted state={state} />;
    case 'delayed':
    case 'pending':
      return <Processing reload={reload} />;
    case 'duplicate':
      return <Duplicate state={state} />;
  }
}

/** §2.3: ok shows "payment completed" and a link to the front page. */
function Completed() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `payments.payment.${id}` });
  return (
    <Alert variant="success" announce={false} title={t('completed.title')}>
      <p className="portal-mb-s portal-last-mb0">{t('completed.text')}</p>
      <ShellLink routeId="front-page">{t('frontPage')}</ShellLink>
    </Alert>
  );
}

/**
 * §2.3: fail shows "payment interrupted", the sum, the invoice number, the status (paid with its
 * date, or unpaid: highlighted as the failure while the invoice is still open), the reason's §8 text
 * and a try-again link to the payment page.
 */
function Interrupted({ state }: { state: ResultState }) {
  const intl = useIntl();
  const shell = useShell();
  const dates = useDates();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `payments.payment.${id}` }, values);
  const { invoice, failureReason } = state;
  const unpaidFailure = !invoice.paid && invoice.open;
  return (
    <>
      <Alert variant="error" announce={false} title={t('interrupted.title')}>
        {failureReason && <p className="portal-mb-s portal-last-mb0">{intl.formatMessage({ id: FAILURE_REASON_MESSAGE_IDS[failureReason] })}</p>}
      </Alert>
      <dl className={DETAILS_LIST_CLASS} aria-label={t('details')}>
        <div>
          <dt>{t('sum')}</dt>
          <dd>
            <Money cents={invoice.sumCents} />
          </dd>
        </div>
        <div>
          <dt>{t('invoiceNumber')}</dt>
          <dd>{invoice.invoiceNumber}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>
            {invoice.paid ? (
              invoice.paidDate ? (
                t('status.paid', { date: dates.date(invoice.paidDate) })
              ) : (
                t('status.paidNoDate')
              )
            ) : unpaidFailure ? (
              <strong className="portal-error-text">{t('status.unpaid')}</strong>
            ) : (
              t('status.unpaid')
            )}
          </dd>
        </div>
      </dl>
      {/* an invoice that got paid meanwhile (the callback won the race), or can no longer be paid online, is not offered again */}
      {!invoice.paid && invoice.open && (
        <p className="portal-row portal-gap-m portal-items-center portal-m0">
          <LinkButton href={shell.href('payments.pay', { id: invoice.invoiceNumber })} onNavigate={shell.navigate}>
            {t('tryAgain')}
          </LinkButton>
        </p>
      )}
    </>
  );
}

/**
 * duplicate: the bank took this payment after the invoice had already been paid (two tabs, both
 * paid). Nothing is wrong with the invoice and nothing is for the patient to do: the page says the
 * payment was a duplicate, that the invoice is paid, and that this payment's amount will be (or has
 * been) refunded to their account. Neither "being processed" nor "do not pay again", and no
 * try-again link: the invoice is paid.
 */
function Duplicate({ state }: { state: ResultState }) {
  const intl = useIntl();
  const euros = useEuros();
  const dates = useDates();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `payments.payment.${id}` }, values);
  const { invoice, refund } = state;
  const amount = euros(refund?.amountCents ?? invoice.sumCents);
  return (
    <>
      <Alert variant="warning" announce={false} title={t('duplicate.title')}>
        <p className="portal-mb-s portal-last-mb0">{t('duplicate.text')}</p>
        <p className="portal-mb-s portal-last-mb0">{t(refund?.refunded ? 'duplicate.refunded' : 'duplicate.refund', { amount })}</p>
        <ShellLink routeId="payments.invoices">{t('invoicesLink')}</ShellLink>
      </Alert>
      <dl className={DETAILS_LIST_CLASS} aria-label={t('details')}>
        <div>
          <dt>{t('invoiceNumber')}</dt>
          <dd>{invoice.invoiceNumber}</dd>
        </div>
        <div>
          <dt>{t('status')}</dt>
          <dd>{invoice.paidDate ? t('status.paid', { date: dates.date(invoice.paidDate) }) : t('status.paidNoDate')}</dd>
        </div>
      </dl>
    </>
  );
}

/**
 * delayed and pending. The spec's page "shows nothing" for these, but a blank page after paying
 * leaves the patient guessing whether the money went and invites a second payment. The provider has
 * simply not confirmed yet (its callback may come late, docs/product-decisions.md, "Payment provider statuses"), so the page says exactly
 * that, lets the patient check again, and links to the invoices, where the status shows once it is
 * recorded.
 */
function Processing({ reload }: { reload(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `payments.payment.${id}` });
  return (
    <Alert variant="info" announce={false} title={t('processing.title')}>
      <p className="portal-mb-s portal-last-mb0">{t('processing.text')}</p>
      <div className="portal-row portal-gap-m portal-items-center portal-m0">
        <Button variant="secondary" onClick={reload}>
          {t('processing.checkAgain')}
        </Button>
        <ShellLink routeId="payments.invoices">{t('invoicesLink')}</ShellLink>
      </div>
    </Alert>
  );
}
