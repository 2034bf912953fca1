import { useIntl } from 'react-intl';
import type { ConsentResponse } from '@portal/shared-api';
import { LoaderSection } from '../LoaderSection';
import { ConsentForm } from './ConsentForm';

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
  return (
    <LoaderSection routeId="account.data-processing" titleId="account.data-processing.title" className="portal-page-column" titleClassName="portal-mb-s portal-title-l">
      {(data) => (
        <>
          <p className="portal-mb-m">{intl.formatMessage({ id: 'account.consent.intro' })}</p>
          <ConsentForm
            consent={data.consent}
            firstTime={data.patientDataConsentFormUpdated === null}
            privacyPolicyUrl={data.privacyPolicyUrl}
            onSaved={onDone}
          />
        </>
      )}
    </LoaderSection>
  );
}
