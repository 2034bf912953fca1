import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { RegistrationPageState, RegistrationResponse } from '@portal/shared-api';
import { Alert, useShell } from '@portal/shared-ui';
import { BookingLink } from './BookingLink';
import styles from './RegistrationForm.module.css';

/** After registering: the confirmation (it takes focus) and where to go next. */
export function RegistrationDone({ subject, answer }: { subject: RegistrationPageState['subject']; answer: RegistrationResponse }) {
  const intl = useIntl();
  const shell = useShell();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const name = `${answer.patient.firstName} ${answer.patient.lastName}`.trim();
  return (
    <div ref={box} tabIndex={-1} className={`${styles.errorBox} portal-focus-outline`}>
      <Alert variant="success">
        <p>
          {subject.kind === 'ward'
            ? intl.formatMessage({ id: 'account.registration.done.ward' }, { name })
            : intl.formatMessage({ id: 'account.registration.done.self' })}
        </p>
      </Alert>
      <div className="portal-form-actions">
        <BookingLink />
        {/* a page load: the server decides where a new customer lands (the welcome page while nothing has happened yet) */}
        <a href={shell.href('front-page')}>{intl.formatMessage({ id: 'account.registration.to-front-page' })}</a>
      </div>
    </div>
  );
}
