import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  ADULT_ONLY_CONSENT,
  consentFields,
  consentResponseSchema,
  PROFILE_CONSENT_PATH,
  toApiFailure,
  type Consent,
  type ConsentField,
  type ConsentRequest,
  type ConsentResponse,
} from '@portal/shared-api';
import { Alert, Button, CHOICE_CLASS, useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import styles from './ConsentForm.module.css';

/** The tag of this process's error reports. */
export const CONSENT_PROCESS = 'account-consent';

export interface ConsentFormProps {
  /** the saved consents the form starts from */
  consent: Consent;
  /** the form was never saved: the privacy policy must be read (its box ticked) before it can be sent */
  firstTime: boolean;
  privacyPolicyUrl: string;
  /** after a successful save, with the saved state */
  onSaved(answer: ConsentResponse): void;
}

/** The consents asked on this brand (spec §3, §6: the occupational one on the adult brand only). */
export function consentFieldsFor(brand: string): readonly ConsentField[] {
  return brand === 'adult' ? consentFields : consentFields.filter((field) => field !== ADULT_ONLY_CONSENT);
}

/**
 * The patient data consent form (spec part 2 §3 Consent, §4, §5, §7): the five permissions as
 * checkboxes (the occupational one only on the adult brand), saved with POST
 * /api/user/consent?lang=. The first time, the privacy policy box must be ticked before Save is
 * enabled, and Save stays disabled once the form was sent. While saving nothing can be changed; a
 * failure says so in an alert that takes focus and keeps the choices. Used by My information's
 * second tab, the data-processing page and the `./consent-form` parcel.
 */
export function ConsentForm({ consent, firstTime, privacyPolicyUrl, onSaved }: ConsentFormProps) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const fields = consentFieldsFor(shell.brand);
  const [values, setValues] = useState<Consent>(consent);
  const [privacyRead, setPrivacyRead] = useState(false);
  const [saving, setSaving] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const errorBox = useRef<HTMLDivElement>(null);
  // calls made with it are aborted when the form goes away
  const lifetimeSignal = useLifetimeSignal();

  useEffect(() => {
    if (failed) errorBox.current?.focus();
  }, [failed]);

  const canSubmit = !saving && (!firstTime || (privacyRead && !submitted));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSaving(true);
    setFailed(false);
    const body: ConsentRequest = {
      allowsCommonRegistry: values.allowsCommonRegistry,
      allowsMarketingMail: values.allowsMarketingMail,
      allowsTreatmentInstructionsMail: values.allowsTreatmentInstructionsMail,
      allowsBookingSms: values.allowsBookingSms,
      ...(fields.includes(ADULT_ONLY_CONSENT) ? { allowsViewingOccupationalInformation: values.allowsViewingOccupationalInformation } : {}),
    };
    try {
      const signal = lifetimeSignal();
      const answer = await api.post(PROFILE_CONSENT_PATH, consentResponseSchema, {
        json: body,
        searchParams: { lang: shell.lang },
        ...(signal ? { signal } : {}),
      });
      setSubmitted(true);
      setSaving(false);
      setValues(answer.consent);
      onSaved(answer);
    } catch (caught) {
      if (toApiFailure(caught).kind === 'aborted') return;
      shell.errors.report(caught, CONSENT_PROCESS);
      setSaving(false);
      setFailed(true);
    }
  };

  const privacyId = `${id}-privacy`;
  const needsPrivacyId = `${id}-needs-privacy`;
  return (
    <form className="portal-form portal-page-column" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="portal-fieldset portal-vstack-s" disabled={saving}>
        <legend className={`${styles.legend} portal-field__label portal-title-l`}>{intl.formatMessage({ id: 'account.consent.legend' })}</legend>
        {fields.map((field) => {
          const inputId = `${id}-${field}`;
          return (
            <div key={field} className={CHOICE_CLASS}>
              <input
                id={inputId}
                type="checkbox"
                checked={values[field]}
                onChange={(event) => {
                  const checked = event.target.checked;
                  setValues((current) => ({ ...current, [field]: checked }));
                }}
              />
              <label htmlFor={inputId}>{intl.formatMessage({ id: `account.consent.${field}` })}</label>
            </div>
          );
        })}
      </fieldset>
      {firstTime && (
        <div className="portal-callout">
          <p className="portal-field__hint">
            <a className="portal-text-link portal-focus-outline" href={privacyPolicyUrl} target="_blank" rel="noreferrer">
              {intl.formatMessage({ id: 'account.consent.privacy-policy-link' })}
            </a>
          </p>
          <div className={CHOICE_CLASS}>
            <input
              id={privacyId}
              type="checkbox"
              checked={privacyRead}
              disabled={saving || submitted}
              onChange={(event) => setPrivacyRead(event.target.checked)}
            />
            <label htmlFor={privacyId}>{intl.formatMessage({ id: 'account.consent.privacy-policy-read' })}</label>
          </div>
        </div>
      )}
      {failed && (
        <div ref={errorBox} tabIndex={-1} className={styles.errorBox}>
          <Alert variant="error">
          {intl.formatMessage({ id: 'account.consent.failed' })}
        </Alert>
        </div>
      )}
      {firstTime && !privacyRead && (
        <p id={needsPrivacyId} className="portal-field__hint">
          {intl.formatMessage({ id: 'account.consent.privacy-policy-required' })}
        </p>
      )}
      <div className="portal-form-actions">
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={saving}
          loadingLabel={intl.formatMessage({ id: 'account.consent.saving' })}
          aria-describedby={firstTime && !privacyRead ? needsPrivacyId : undefined}
        >
          {intl.formatMessage({ id: 'account.consent.save' })}
        </Button>
      </div>
    </form>
  );
}
