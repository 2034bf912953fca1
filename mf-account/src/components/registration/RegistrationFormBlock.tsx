import { useIntl } from 'react-intl';
import type { RegistrationResponse } from '@portal/shared-api';
import { LoaderSection } from '../LoaderSection';
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
  return (
    <LoaderSection routeId="account.registration" titleId="account.registration.title" className={styles.form} titleClassName={styles.groupTitle}>
      {(data) => (
        <>
          <p>{intl.formatMessage({ id: data.subject.kind === 'ward' ? 'account.registration.intro.ward' : 'account.registration.intro.self' })}</p>
          <RegistrationForm state={data} onDone={onDone} />
        </>
      )}
    </LoaderSection>
  );
}
