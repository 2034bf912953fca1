import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { PrescriptionRenewalPageState } from '@portal/shared-api';
import { Alert, BackLink, ErrorView, PageHeading, ShellLink, Spinner, useShell } from '@portal/shared-ui';
import { RenewalForm } from './RenewalForm';
import { RenewalSent } from './RenewalSent';
import { usePrescriptionRenewalPage } from './usePrescriptionRenewalPage';
import styles from './PrescriptionRenewalPage.module.css';


/**
 * records.prescription-renewal (spec part 1 §2 "Prescription renewal", §4, §8): the renewal form for
 * the prescriptions of the path (`reseptin-uusinta/1,3`), or the offline notice while messaging is
 * in maintenance, or a clear error when some id is not one of the patient's renewable prescriptions.
 */
export function PrescriptionRenewalPage() {
  return (
    <RenewalPageContent />
  );
}

function RenewalPageContent() {
  const intl = useIntl();
  const { ids = '' } = useParams();
  const { page, retry } = usePrescriptionRenewalPage(ids);
  return (
    <div className="portal-page-column">
      <BackLink routeId="records.prescriptions">{intl.formatMessage({ id: 'records.renewal.back' })}</BackLink>
      <PageHeading>{intl.formatMessage({ id: 'records.renewal.title' })}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && <RenewalState state={page.data} />}
    </div>
  );
}

function RenewalState({ state }: { state: PrescriptionRenewalPageState }) {
  const intl = useIntl();
  const shell = useShell();
  const [sentThreadId, setSentThreadId] = useState<string | null>(null);

  if (state.status === 'maintenance-mode') {
    return (
      <Alert variant="warning">
        <h2 className="portal-mb-xs portal-title-l">{intl.formatMessage({ id: 'records.renewal.maintenance.title' })}</h2>
        <p className="portal-mb-xs portal-last-mb0">{intl.formatMessage({ id: 'records.renewal.maintenance.text' })}</p>
      </Alert>
    );
  }
  if (state.status === 'not-renewable') {
    return (
      <Alert variant="error">
        <h2 className="portal-mb-xs portal-title-l">{intl.formatMessage({ id: 'records.renewal.notRenewable.title' })}</h2>
        <p className="portal-mb-xs portal-last-mb0">{intl.formatMessage({ id: 'records.renewal.notRenewable.text' })}</p>
        <p className="portal-mb-xs portal-last-mb0">
          <ShellLink routeId="records.prescriptions" className="portal-text-link portal-focus-outline">
            {intl.formatMessage({ id: 'records.renewal.back' })}
          </ShellLink>
        </p>
      </Alert>
    );
  }
  if (state.customerMessagingUserId === null) {
    return (
      <Alert variant="info">
        <p className="portal-mb-xs portal-last-mb0">
          {intl.formatMessage({ id: 'records.renewal.unavailable' }, { phone: shell.config.customerServicePhone })}
        </p>
      </Alert>
    );
  }
  if (sentThreadId !== null) return <RenewalSent threadId={sentThreadId} />;
  return (
    <>
      <div className={styles.intro}>
        <p>{intl.formatMessage({ id: 'records.renewal.patient' }, { name: `${state.user.firstName} ${state.user.lastName}`.trim() })}</p>
        <p>{intl.formatMessage({ id: 'records.renewal.intro' })}</p>
        <p className="portal-callout">{intl.formatMessage({ id: 'records.renewal.processing' })}</p>
      </div>
      <RenewalForm prescriptions={state.prescriptions} onSent={setSentThreadId} />
    </>
  );
}
