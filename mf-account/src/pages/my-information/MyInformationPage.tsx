import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  decodeSaveAction,
  followUpPathOf,
  initialMyInformationTab,
  RELOAD_SAVE_ACTION,
  SAVE_ACTION_PARAM,
  type MyInformationPageState,
  type MyInformationTab,
  type SaveAction,
} from '@portal/shared-api';
import { Alert, ErrorView, PageHeading, Spinner, Tabs, usePageState, useShell } from '@portal/shared-ui';
import { ConsentForm } from '../../components/consent/ConsentForm';
import { ContactDetails } from './ContactDetails';
import { KelaCardSection } from './kela/KelaCardSection';
import { SmsLoginToggle } from './sms-login/SmsLoginToggle';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { AppointmentRemindersSection } from './reminders/AppointmentRemindersSection';
import styles from './MyInformationPage.module.css';

/**
 * account.my-information (spec part 2 §2.2: my-information, omat-tiedot, mina-uppgifter): two tabs,
 * basic contact information (contact details, appointment reminders, the Kela card, SMS login,
 * passkeys) and permissions and agreements (the consent form). The `saveAction` query parameter
 * names what follows a save (shared-api save-action.ts): stay (reload), or go back to the
 * appointment reservation, the appointment or on to the invoice payment; going back to the
 * appointment with tab consent opens the second tab first.
 */
export function MyInformationPage() {
  const intl = useIntl();
  const { page, retry } = usePageState('account.my-information');
  return (
    <div className="portal-page-column">
      <PageHeading>{intl.formatMessage({ id: 'account.my-information.title' })}</PageHeading>
      {page.status === 'loading' && <Spinner />}
      {page.status === 'error' && (
        <div role="alert">
          <ErrorView onRetry={retry} />
        </div>
      )}
      {page.status === 'ready' && <MyInformation state={page.data} />}
    </div>
  );
}

function MyInformation({ state }: { state: MyInformationPageState }) {
  const intl = useIntl();
  const shell = useShell();
  const [searchParams] = useSearchParams();
  const saveActionParam = searchParams.get(SAVE_ACTION_PARAM);
  const followUp: SaveAction = useMemo(() => decodeSaveAction(saveActionParam) ?? RELOAD_SAVE_ACTION, [saveActionParam]);
  const nextPath = followUpPathOf(followUp);
  const [tab, setTab] = useState<MyInformationTab>(() => initialMyInformationTab(followUp));
  const [patient, setPatient] = useState(state.patient);
  const [consent, setConsent] = useState(state.consent);
  const [consentSaved, setConsentSaved] = useState(false);

  return (
    <Tabs
      className={styles.tabs}
      label={intl.formatMessage({ id: 'account.my-information.title' })}
      selected={tab}
      onSelect={(id) => setTab(id as MyInformationTab)}
      tabs={[
        {
          id: 'contact',
          label: intl.formatMessage({ id: 'account.my-information.tab.contact' }),
          panel: (
            <div className={`${styles.panel} portal-vstack-xl`}>
              <ContactDetails patient={patient} nextPath={nextPath} onSaved={setPatient} />
              <AppointmentRemindersSection initial={state.reminders} />
              <KelaCardSection initial={state.kelaCard} />
              <SmsLoginToggle initial={state.smsLogin} />
              {state.passkeys && <PasskeysSection initial={state.passkeys} />}
            </div>
          ),
        },
        {
          id: 'consent',
          label: intl.formatMessage({ id: 'account.my-information.tab.consent' }),
          panel: (
            <div className={`${styles.panel} portal-vstack-xl`}>
              <section className="portal-vstack-m">
                {consentSaved && <Alert variant="success">{intl.formatMessage({ id: 'account.my-information.saved' })}</Alert>}
                <p>{intl.formatMessage({ id: 'account.consent.intro' })}</p>
                <ConsentForm
                  // a new form once the first consent is saved: the privacy policy box is not asked again
                  key={patient.patientDataConsentFormUpdated === null ? 'first-time' : 'given'}
                  consent={consent}
                  firstTime={patient.patientDataConsentFormUpdated === null}
                  privacyPolicyUrl={state.privacyPolicyUrl}
                  onSaved={(answer) => {
                    if (nextPath) {
                      shell.navigate(nextPath);
                      return;
                    }
                    setConsent(answer.consent);
                    setPatient((current) => ({
                      ...current,
                      patientDataConsentFormUpdated: answer.patientDataConsentFormUpdated,
                      patientDataConsent: answer.patientDataConsent,
                    }));
                    setConsentSaved(true);
                  }}
                />
              </section>
            </div>
          ),
        },
      ]}
    />
  );
}
