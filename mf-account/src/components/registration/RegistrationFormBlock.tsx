import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { RegistrationResponse } from '@portal/shared-api';
import { ErrorView, Spinner, usePageState } from '@portal/shared-ui';
import { RegistrationForm } from './RegistrationForm';
import styles from './RegistrationForm.module.css';

export interface RegistrationFormBlockProps {
  /** after the server has registered the person (e.g. the reservation page goes on with the booking) */
  onDone(answer: RegistrationResponse): void;
}

/**
 * The registration form with its own title, reading the account.registration loader: what the
 * `./registration-form` parcel shows inline on another remote's page (the reservation page of an
 * unregistered user, spec part 2 §2.1 and §4 "Logged-in reservation").
 */
export function RegistrationFormBlock({ onDone }: RegistrationFormBlockProps) {
  const intl = useIntl();
  const titleId = useId();
  const { page, retry } = usePageState('account.registration');
  return (
    <section className={styles.form} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.groupTitle}>
        {intl.formatMessage({ id: 'account.registration.title' })}
      </h2>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView headingLevel={3} onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && (
        <>
          <p>{intl.formatMessage({ id: page.data.subject.kind === 'ward' ? 'account.registration.intro.ward' : 'account.registration.intro.self' })}</p>
          <RegistrationForm state={page.data} onDone={onDone} />
        </>
      )}
    </section>
  );
}
