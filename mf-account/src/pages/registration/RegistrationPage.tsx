import { useIntl } from 'react-intl';
import { ErrorView, PageHeading, Spinner, usePageState } from '@portal/shared-ui';
import { RegistrationFlow } from '../../components/registration/RegistrationFlow';

/**
 * account.registration (spec part 2 §2.2 "Registration page": rekisteroityminen, registrering,
 * registration; logged in, no menu): where the front page sends someone who is not a customer yet,
 * or a guardian whose ward is not. Title, message and the registration form; once registered, the
 * confirmation with links to book an appointment and to the front page.
 */
export function RegistrationPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('account.registration');
  return (
    <div className="portal-vstack-m portal-page-column">
      <PageHeading>{intl.formatMessage({ id: 'account.registration.title' })}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && (
        <>
          <p className="portal-m0">
            {intl.formatMessage({ id: page.data.subject.kind === 'ward' ? 'account.registration.intro.ward' : 'account.registration.intro.self' })}
          </p>
          <RegistrationFlow state={page.data} />
        </>
      )}
    </div>
  );
}
