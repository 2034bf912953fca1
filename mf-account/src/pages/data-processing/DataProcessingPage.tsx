import { useIntl } from 'react-intl';
import { ErrorView, PageHeading, Spinner, usePageState, useShell } from '@portal/shared-ui';
import { ConsentForm } from '../../components/consent/ConsentForm';

/**
 * account.data-processing (spec part 2 §2.2: data-processing, potilastietojen-kasittely,
 * behandling-av-patientuppgifter): the patient data consent form; saving goes to the front page.
 */
export function DataProcessingPage() {
  const intl = useIntl();
  const shell = useShell();
  const { page, retry } = usePageState('account.data-processing');
  return (
    <div className="portal-page-column">
      <PageHeading>{intl.formatMessage({ id: 'account.data-processing.title' })}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && (
        <>
          <p className="portal-mb-m">{intl.formatMessage({ id: 'account.consent.intro' })}</p>
          <ConsentForm
            consent={page.data.consent}
            firstTime={page.data.patientDataConsentFormUpdated === null}
            privacyPolicyUrl={page.data.privacyPolicyUrl}
            onSaved={() => shell.navigate(shell.href('front-page'))}
          />
        </>
      )}
    </div>
  );
}
