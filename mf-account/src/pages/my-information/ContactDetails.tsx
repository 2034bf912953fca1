import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  contactFieldErrors,
  contactFieldNames,
  normalizePhoneOnBlur,
  PROFILE_USER_PATH,
  profileLanguages,
  toApiFailure,
  trimValues,
  userFormResponseSchema,
  type ContactFieldName,
  type Patient,
  type ProfileLanguage,
  type UserFormRequest,
} from '@portal/shared-api';
import {
  Alert,
  Button,
  CONTACT_INPUTS,
  contactValuesOf,
  DETAILS_LIST_CLASS,
  FIELD_CLASS,
  TEXT_INPUT_CLASS,
  useApiClient,
  useEditModeFocus,
  useLifetimeSignal,
  useShell,
  type ContactValues,
} from '@portal/shared-ui';
import styles from './MyInformationPage.module.css';

/** The tag of this process's error reports. */
export const PROFILE_PROCESS = 'account-my-information';

type Values = ContactValues;
type Mode = 'read' | 'edit' | 'saving';

/** Where each field of POST /api/user's 400 answer belongs in the form. */
const FIELD_OF_PATH: Record<string, ContactFieldName> = {
  streetAddress: 'streetAddress',
  zipCode: 'postalCode',
  postOffice: 'postOffice',
  emailAddress: 'emailAddress',
  phoneNumber: 'phoneNumber',
};

export interface ContactDetailsProps {
  patient: Patient;
  /** the page to go to after saving (the saveAction follow-up), or null to stay */
  nextPath: string | null;
  /** after a save that stays on the page, with the saved patient */
  onSaved(patient: Patient): void;
}

/**
 * My information's contact details (spec part 2 §4 "Contact information and my information", §5,
 * §8): read-only, then edit, then saving, then read-only again, or the contact update failure with
 * everything typed kept. Cancel restores the saved values. Every field is checked by shared-api's
 * §5 rules as it is typed; a field shows its message once left, the 'Check …' line names every
 * failing field, and Save is locked while any field fails or while saving. The phone number is
 * normalised on blur; values are trimmed on save. Saved with POST /api/user (with the language and
 * `next`); a follow-up elsewhere is navigated to, otherwise the saved values are shown.
 */
export function ContactDetails({ patient, nextPath, onSaved }: ContactDetailsProps) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const [mode, setMode] = useState<Mode>('read');
  const [values, setValues] = useState<Values>(() => contactValuesOf(patient));
  const [language, setLanguage] = useState<ProfileLanguage>(patient.language ?? shell.lang);
  const [touched, setTouched] = useState<ReadonlySet<ContactFieldName>>(new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactFieldName, string>>>({});
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);
  const errorBox = useRef<HTMLDivElement>(null);

  const lifetimeSignal = useLifetimeSignal();
  useEditModeFocus(mode, editButton, firstInput);

  useEffect(() => {
    if (failed) errorBox.current?.focus();
  }, [failed]);

  const label = (field: ContactFieldName | 'language' | 'name' | 'ssn') => intl.formatMessage({ id: `account.my-information.field.${field}` });
  const clientErrors = contactFieldErrors(values);
  const errorOf = (field: ContactFieldName): string | null => clientErrors[field] ?? serverErrors[field] ?? null;
  const failing = contactFieldNames.filter((field) => errorOf(field) !== null);
  const saving = mode === 'saving';
  const locked = saving || failing.length > 0;

  const startEditing = () => {
    setValues(contactValuesOf(patient));
    setLanguage(patient.language ?? shell.lang);
    setTouched(new Set());
    setServerErrors({});
    setFailed(false);
    setSaved(false);
    setMode('edit');
  };

  const cancel = () => {
    setValues(contactValuesOf(patient));
    setLanguage(patient.language ?? shell.lang);
    setFailed(false);
    setMode('read');
  };

  const change = (field: ContactFieldName, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const leave = (field: ContactFieldName) => {
    if (field === 'phoneNumber') setValues((current) => ({ ...current, phoneNumber: normalizePhoneOnBlur(current.phoneNumber) }));
    setTouched((current) => new Set(current).add(field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) return;
    const trimmed = trimValues(values);
    setValues(trimmed);
    setMode('saving');
    setFailed(false);
    const body: UserFormRequest = {
      emailAddress: trimmed.emailAddress,
      phoneNumber: trimmed.phoneNumber,
      streetAddress: trimmed.streetAddress,
      zipCode: trimmed.postalCode,
      postOffice: trimmed.postOffice,
      language,
      lang: shell.lang,
      ...(nextPath ? { next: nextPath } : {}),
    };
    try {
      const signal = lifetimeSignal();
      const answer = await api.post(PROFILE_USER_PATH, userFormResponseSchema, { json: body, ...(signal ? { signal } : {}) });
      if (answer.next) {
        shell.navigate(answer.next);
        return;
      }
      onSaved(answer.patient);
      setValues(contactValuesOf(answer.patient));
      setSaved(true);
      setMode('read');
    } catch (caught) {
      const failure = toApiFailure(caught);
      if (failure.kind === 'aborted') return;
      if (failure.kind === 'validation') {
        const byField: Partial<Record<ContactFieldName, string>> = {};
        for (const detail of failure.details) {
          const field = FIELD_OF_PATH[detail.path];
          if (field) byField[field] = detail.message;
        }
        setServerErrors(byField);
        setTouched(new Set(contactFieldNames));
      } else {
        shell.errors.report(caught, PROFILE_PROCESS);
      }
      setFailed(true);
      setMode('edit');
    }
  };

  const titleId = `${id}-title`;
  const checkId = `${id}-check`;

  if (mode === 'read') {
    const shown = (value: string | null) => value || intl.formatMessage({ id: 'account.my-information.not-given' });
    return (
      <section className="portal-vstack-m" aria-labelledby={titleId}>
        <h2 id={titleId} className="portal-title-l portal-m0">
          {intl.formatMessage({ id: 'account.my-information.contact.title' })}
        </h2>
        {saved && (
          <Alert variant="success">{intl.formatMessage({ id: 'account.my-information.saved' })}</Alert>
        )}
        <dl className={`${DETAILS_LIST_CLASS} ${styles.details}`}>
          <div>
            <dt>{label('name')}</dt>
            <dd>{`${patient.firstName} ${patient.lastName}`.trim()}</dd>
          </div>
          <div>
            <dt>{label('ssn')}</dt>
            <dd>{patient.ssn}</dd>
          </div>
          <div>
            <dt>{label('streetAddress')}</dt>
            <dd>{shown(patient.postalAddress.street)}</dd>
          </div>
          <div>
            <dt>{label('postalCode')}</dt>
            <dd>{shown(patient.postalAddress.postalCode)}</dd>
          </div>
          <div>
            <dt>{label('postOffice')}</dt>
            <dd>{shown(patient.postalAddress.postOffice)}</dd>
          </div>
          <div>
            <dt>{label('emailAddress')}</dt>
            <dd>{shown(patient.email)}</dd>
          </div>
          <div>
            <dt>{label('phoneNumber')}</dt>
            <dd>{shown(patient.phoneNumber)}</dd>
          </div>
          <div>
            <dt>{label('language')}</dt>
            <dd>{patient.language ? intl.formatMessage({ id: `account.my-information.language.${patient.language}` }) : shown(null)}</dd>
          </div>
        </dl>
        <div className="portal-form-actions">
          <Button ref={editButton} variant="secondary" onClick={startEditing}>
            {intl.formatMessage({ id: 'account.my-information.edit' })}
          </Button>
        </div>
      </section>
    );
  }

  const lowercaseNames = failing.map((field) => label(field).toLocaleLowerCase(shell.lang));
  return (
    <section className="portal-vstack-m" aria-labelledby={titleId}>
      <h2 id={titleId} className="portal-title-l portal-m0">
        {intl.formatMessage({ id: 'account.my-information.contact.title' })}
      </h2>
      <form className="portal-form" noValidate onSubmit={(event) => void submit(event)}>
        <fieldset className={FIELD_CLASS.group} disabled={saving}>
          <legend className="portal-visually-hidden">{intl.formatMessage({ id: 'account.my-information.contact.title' })}</legend>
          {contactFieldNames.map((field, index) => {
            const inputId = `${id}-${field}`;
            const messageId = `${inputId}-error`;
            const hintId = `${inputId}-hint`;
            const error = touched.has(field) ? errorOf(field) : null;
            const input = CONTACT_INPUTS[field];
            const describedBy = [field === 'phoneNumber' ? hintId : null, error ? messageId : null].filter(Boolean).join(' ');
            return (
              <div key={field} className="portal-field">
                <label htmlFor={inputId} className="portal-field__label">
                  {label(field)}
                </label>
                {field === 'phoneNumber' && (
                  <p id={hintId} className="portal-field__hint">
                    {intl.formatMessage({ id: 'account.my-information.phone-hint' })}
                  </p>
                )}
                <input
                  ref={index === 0 ? firstInput : undefined}
                  id={inputId}
                  className={TEXT_INPUT_CLASS}
                  type={input.type}
                  inputMode={input.inputMode}
                  autoComplete={input.autoComplete}
                  required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy || undefined}
                  value={values[field]}
                  onChange={(event) => change(field, event.target.value)}
                  onBlur={() => leave(field)}
                />
                {error && (
                  <p id={messageId} className="portal-m0 portal-error-text">
                    {intl.formatMessage({ id: error })}
                  </p>
                )}
              </div>
            );
          })}
          <fieldset className={`${styles.radios} portal-row portal-fieldset`}>
            <legend className="portal-field__label">{label('language')}</legend>
            {profileLanguages.map((option) => (
              <div key={option} className="portal-control portal-items-center portal-flex portal-gap-xs">
                <input
                  id={`${id}-language-${option}`}
                  type="radio"
                  name={`${id}-language`}
                  value={option}
                  checked={language === option}
                  onChange={() => setLanguage(option)}
                />
                <label htmlFor={`${id}-language-${option}`}>{intl.formatMessage({ id: `account.my-information.language.${option}` })}</label>
              </div>
            ))}
          </fieldset>
        </fieldset>
        <div aria-live="polite">
          {failing.length > 0 && (
            <p id={checkId} className="portal-m0 portal-error-text">
              {intl.formatMessage({ id: 'account.my-information.check' }, { fields: intl.formatList(lowercaseNames, { type: 'conjunction' }) })}
            </p>
          )}
        </div>
        {failed && (
          <div ref={errorBox} tabIndex={-1} className={styles.errorBox}>
          <Alert variant="error">
            {intl.formatMessage({ id: 'account.my-information.save-failed' })}
          </Alert>
          </div>
        )}
        <div className="portal-form-actions">
          <Button
            type="submit"
            disabled={locked}
            loading={saving}
            loadingLabel={intl.formatMessage({ id: 'account.my-information.saving' })}
            aria-describedby={failing.length > 0 ? checkId : undefined}
          >
            {intl.formatMessage({ id: 'account.my-information.save' })}
          </Button>
          <Button type="button" variant="secondary" disabled={saving} onClick={cancel}>
            {intl.formatMessage({ id: 'account.my-information.cancel' })}
          </Button>
        </div>
      </form>
    </section>
  );
}
