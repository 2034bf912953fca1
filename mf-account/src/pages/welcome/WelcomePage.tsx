import { useIntl } from 'react-intl';
import { ErrorView, PageHeading, Spinner, usePageState } from '@portal/shared-ui';
import { RegistrationFlow } from '../../components/registration/RegistrationFlow';

/**
 * account.welcome (spec part 1 §2 "Help / first-time welcome", docs/product-decisions.md, "Paths": tervetuloa,
 * valkommen, welcome): where the front page sends a patient with no appointments or events. Title
 * 'Welcome!', the message that the user seems to be here for the first time, and the registration
 * form (identity code, and the child's details when a guardian acts for one) with its register button.
 */
export function WelcomePage() {
  const intl = useIntl();
  const { page, retry } = usePageState('account.welcome');
  return (
    <div className="portal-vstack-m portal-page-column">
      <PageHeading>{intl.formatMessage({ id: 'account.welcome.title' })}</PageHeading>
      <p className="portal-m0">{intl.formatMessage({ id: 'account.welcome.message' })}</p>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && (
        <>
          <p className="portal-m0">{intl.formatMessage({ id: 'account.welcome.form-intro' })}</p>
          <RegistrationFlow state={page.data} />
        </>
      )}
    </div>
  );
}
