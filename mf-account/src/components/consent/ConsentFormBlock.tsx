import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { ConsentResponse } from '@portal/shared-api';
import { ErrorView, Spinner, usePageState } from '@portal/shared-ui';
import { ConsentForm } from './ConsentForm';
import styles from './ConsentPage.module.css';

export interface ConsentFormBlockProps {
  /** after the consents were saved (e.g. the reservation page goes on with the booking) */
  onDone(answer: ConsentResponse): void;
}

/**
 * The consent form with its own title, reading the consents from the account.data-processing loader:
 * what the `./consent-form` parcel shows inline on another remote's page (the reservation page of a
 * patient without patient data consent, spec part 2 §2.1).
 */
export function ConsentFormBlock({ onDone }: ConsentFormBlockProps) {
  const intl = useIntl();
  const titleId = useId();
  const { page, retry } = usePageState('account.data-processing');
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {intl.formatMessage({ id: 'account.data-processing.title' })}
      </h2>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView headingLevel={3} onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && (
        <>
          <p className={styles.intro}>{intl.formatMessage({ id: 'account.consent.intro' })}</p>
          <ConsentForm
            consent={page.data.consent}
            firstTime={page.data.patientDataConsentFormUpdated === null}
            privacyPolicyUrl={page.data.privacyPolicyUrl}
            onSaved={onDone}
          />
        </>
      )}
    </section>
  );
}
