import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { GOOD_SIGN_INVOICE_PATH, goodSignInvoiceResponseSchema, type PaymentProvider, type PaymentRequest } from '@portal/shared-api';
import { Alert, Button, Spinner, useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import { submitProviderForm } from './provider-form';
import { usePaymentProviders } from './usePaymentProviders';
import styles from './PayInvoicePage.module.css';

export interface PaymentProvidersProps {
  request: PaymentRequest;
  /** the invoice changed under the patient (paid elsewhere, gone): the page loads its state again */
  onInvoiceChanged(): void;
}

/**
 * The payment methods of one payment (spec part 2 §2.3, §4 "provider click"): the provider's buttons
 * (each its logo, named by its alt text) and its terms. A click first asks for the invoice again:
 * still Open, the browser posts the provider's form; otherwise the page reloads its state (it then
 * shows the invoice as paid, or not found) instead of taking a second payment. While that runs every
 * button is disabled, the chosen one busy, so a double click cannot start two payments.
 */
export function PaymentProviders({ request, onInvoiceChanged }: PaymentProvidersProps) {
  const intl = useIntl();
  const { providers, retry } = usePaymentProviders(request);
  const headingId = useId();
  const t = (id: string) => intl.formatMessage({ id: `payments.pay.${id}` });

  return (
    <section aria-labelledby={headingId} className="portal-vstack-m">
      <h2 id={headingId} className="portal-title-l portal-m0">
        {t('providers.title')}
      </h2>
      {providers.status === 'loading' && <Spinner label={t('providers.loading')} />}
      {providers.status === 'refused' && (
        // Not reloaded by itself: an earlier payment awaiting the bank leaves the invoice open, and
        // the reload would only be refused again. The patient checks again when they choose to.
        <Alert variant="warning">
          <p className="portal-mb-s portal-last-mb0">{t('refused')}</p>
          <Button variant="secondary" onClick={onInvoiceChanged}>
            {t('checkAgain')}
          </Button>
        </Alert>
      )}
      {providers.status === 'failed' && (
        <Alert variant="error">
          <p className="portal-mb-s portal-last-mb0">{t('creationFailed')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {providers.status === 'ready' &&
        (providers.payment.providers.length === 0 ? (
          <Alert variant="info" announce={false}>
            {t('providers.empty')}
          </Alert>
        ) : (
          <>
            <ProviderButtons providers={providers.payment.providers} invoiceNumber={request.reference} onInvoiceChanged={onInvoiceChanged} />
            {/* sanitised by the server (the provider's terms with their links), so the remote ships no sanitiser */}
            <div className="portal-flush portal-small" dangerouslySetInnerHTML={{ __html: providers.payment.terms }} />
          </>
        ))}
    </section>
  );
}

function ProviderButtons({
  providers,
  invoiceNumber,
  onInvoiceChanged,
}: {
  providers: readonly PaymentProvider[];
  invoiceNumber: string;
  onInvoiceChanged(): void;
}) {
  const intl = useIntl();
  const api = useApiClient();
  const shell = useShell();
  const lifetimeSignal = useLifetimeSignal();
  const [submitting, setSubmitting] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const t = (id: string) => intl.formatMessage({ id: `payments.pay.${id}` });

  // Back from the provider's page, the browser may restore this page from its back-forward cache as
  // it was left, buttons disabled: the patient must be able to choose again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const choose = async (provider: PaymentProvider) => {
    if (submitting) return;
    setSubmitting(provider.id);
    setFailed(false);
    const signal = lifetimeSignal();
    try {
      const { data } = await api.get(GOOD_SIGN_INVOICE_PATH, goodSignInvoiceResponseSchema, {
        searchParams: { invoiceNumber },
        ...(signal ? { signal } : {}),
      });
      if (signal?.aborted) return;
      // Open only says unpaid (an overdue or mailed invoice is Open too): payability is canBePaidOnline
      if (!data.invoice?.canBePaidOnline) {
        onInvoiceChanged();
        return;
      }
      // the buttons stay disabled: the browser is leaving for the provider
      if (submitProviderForm(provider)) return;
      throw new Error(`The payment provider ${provider.id} has no web address to post to`);
    } catch (error) {
      if (signal?.aborted) return;
      shell.errors.report(error, 'payments-start-payment');
      setSubmitting(null);
      setFailed(true);
    }
  };

  return (
    <>
      {failed && <Alert variant="error">{t('startFailed')}</Alert>}
      <ul className={`${styles.providers} portal-plain-list portal-grid-s`} aria-label={t('providers.title')}>
        {providers.map((provider) => (
          <li key={provider.id}>
            <Button
              variant="secondary"
              className={styles.provider}
              loading={submitting === provider.id}
              loadingLabel={t('providers.submitting')}
              disabled={submitting !== null && submitting !== provider.id}
              onClick={() => void choose(provider)}
            >
              <img className={styles.providerLogo} src={provider.svg} alt={provider.name} />
            </Button>
          </li>
        ))}
      </ul>
      {submitting && (
        <p role="status" className="portal-m0">
          {t('providers.submitting')}
        </p>
      )}
    </>
  );
}
