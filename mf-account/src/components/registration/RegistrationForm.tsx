import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  failureMessageId,
  normalizePhoneOnBlur,
  registrationResponseSchema,
  toApiFailure,
  MAX_GUARDIANS,
  REGISTER_PATH,
  type GuardianFormValues,
  type RegistrationPageState,
  type RegistrationResponse,
} from '@portal/shared-api';
import { Alert, Button, FIELD_CLASS, TextField, useApiClient, useLifetimeSignal, useShell } from '@portal/shared-ui';
import {
  clientErrors,
  contactFields,
  emptyGuardian,
  guardianAddressFields,
  guardianContactFields,
  guardianPath,
  initialValues,
  personFields,
  requestBody,
  visiblePaths,
  type ContactField,
  type GuardianField,
  type OwnField,
  type RegistrationValues,
} from './form-model';
import styles from './RegistrationForm.module.css';

/** The tag of this process's error reports. */
export const REGISTRATION_PROCESS = 'account-registration';

// No maxLength: an input's limit cuts what is typed before it is trimmed and normalised (issue 28);
// each field's schema checks the length after trimming and the field says what is wrong.
const INPUTS: Record<OwnField, { autoComplete: string; type: 'text' | 'email' | 'tel'; inputMode?: 'numeric' }> = {
  firstName: { autoComplete: 'given-name', type: 'text' },
  lastName: { autoComplete: 'family-name', type: 'text' },
  streetAddress: { autoComplete: 'street-address', type: 'text' },
  zipCode: { autoComplete: 'postal-code', type: 'text', inputMode: 'numeric' },
  postOffice: { autoComplete: 'address-level2', type: 'text' },
  phoneNumber: { autoComplete: 'tel', type: 'tel' },
  emailAddress: { autoComplete: 'email', type: 'email' },
};

const GUARDIAN_INPUTS: Record<GuardianField, { type: 'text' | 'email' | 'tel'; inputMode?: 'numeric' }> = {
  name: { type: 'text' },
  phone: { type: 'tel' },
  emailAddress: { type: 'email' },
  streetAddress: { type: 'text' },
  zipCode: { type: 'text', inputMode: 'numeric' },
  postOffice: { type: 'text' },
};

export interface RegistrationFormProps {
  state: RegistrationPageState;
  /** after the server has registered the subject (the page shows its confirmation, a parcel's host goes on) */
  onDone(answer: RegistrationResponse): void;
}

/**
 * The registration form (spec part 2 §2.2, §3, §5, §9; part 1 §2): the masked identity code, the
 * names, address, phone and e-mail; for a guardian acting for a child the child's information heads
 * the form, the names are locked and not required, and 1 or 2 guardians follow (the same-address box
 * hides a guardian's address; the second guardian can be removed, the first cannot). Each field's
 * message appears once it has been left, and every one on a register attempt, with a 'Check …' line
 * naming them; the server's 400 answer is shown at the fields its paths name.
 */
export function RegistrationForm({ state, onDone }: RegistrationFormProps) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const ward = state.subject.kind === 'ward';
  const [values, setValues] = useState<RegistrationValues>(() => initialValues(state));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checkBox = useRef<HTMLDivElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const guardianNameInputs = useRef<Array<HTMLInputElement | null>>([]);
  const focusGuardian = useRef<number | null>(null);
  // calls made with it are aborted when the form goes away
  const lifetimeSignal = useLifetimeSignal();

  useEffect(() => {
    if (failure) failureBox.current?.focus();
  }, [failure]);
  // After the render that shows an added guardian: focus goes to its first field.
  useEffect(() => {
    if (focusGuardian.current === null) return;
    guardianNameInputs.current[focusGuardian.current]?.focus();
    focusGuardian.current = null;
  });

  const errors = clientErrors(ward, values);
  const paths = visiblePaths(ward, values.guardians);
  const errorAt = (path: string): string | null => {
    if (!attempted && !touched.has(path)) return null;
    const messageId = errors.get(path) ?? serverErrors.get(path);
    return messageId ? intl.formatMessage({ id: messageId }) : null;
  };
  const failingPaths = attempted ? paths.filter((path) => errors.has(path) || serverErrors.has(path)) : [];
  // A refusal of the guardians list itself (none, or too many): said above the guardians.
  const guardiansError = serverErrors.get('guardians');

  const ownLabel = (field: OwnField) => intl.formatMessage({ id: `account.registration.field.${field}` });
  const guardianLabel = (field: GuardianField) => intl.formatMessage({ id: `account.registration.guardian.${field}` });
  const labelOfPath = (path: string): string => {
    const match = /^guardians\.(\d+)\.(\w+)$/.exec(path);
    if (!match) return ownLabel(path as OwnField).toLocaleLowerCase(shell.lang);
    return intl.formatMessage(
      { id: 'account.registration.check.guardian-field' },
      { field: guardianLabel(match[2] as GuardianField).toLocaleLowerCase(shell.lang), number: Number(match[1]) + 1 },
    );
  };

  const forget = (path: string) =>
    setServerErrors((current) => {
      if (!current.has(path)) return current;
      const next = new Map(current);
      next.delete(path);
      return next;
    });
  const leave = (path: string) => setTouched((current) => new Set(current).add(path));

  const changeOwn = (field: OwnField, value: string) => {
    setValues((current) => ({ ...current, own: { ...current.own, [field]: value } }));
    forget(field);
  };
  const changeGuardian = (index: number, change: Partial<GuardianFormValues>) => {
    setValues((current) => ({
      ...current,
      guardians: current.guardians.map((guardian, at) => (at === index ? { ...guardian, ...change } : guardian)),
    }));
    for (const field of Object.keys(change)) forget(guardianPath(index, field as GuardianField));
    forget('guardians');
  };
  const addGuardian = () => {
    setValues((current) => ({ ...current, guardians: [...current.guardians, emptyGuardian()].slice(0, MAX_GUARDIANS) }));
    focusGuardian.current = values.guardians.length;
    forget('guardians');
  };
  const removeGuardian = (index: number) => {
    setValues((current) => ({ ...current, guardians: current.guardians.filter((_, at) => at !== index) }));
    // the second guardian's paths are gone with it
    setServerErrors((current) => new Map([...current].filter(([path]) => !path.startsWith(`guardians.${index}.`))));
    setTouched((current) => new Set([...current].filter((path) => !path.startsWith(`guardians.${index}.`))));
    // focus goes to the add button that takes the removed guardian's place
    window.setTimeout(() => addButton.current?.focus(), 0);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    setFailure(null);
    if (errors.size > 0) {
      // after the render that writes the 'Check …' line
      window.setTimeout(() => checkBox.current?.focus(), 0);
      return;
    }
    setSubmitting(true);
    try {
      const signal = lifetimeSignal();
      const answer = await api.post(REGISTER_PATH, registrationResponseSchema, {
        json: requestBody(ward, values, shell.lang),
        ...(signal ? { signal } : {}),
      });
      onDone(answer);
    } catch (caught) {
      const failed = toApiFailure(caught);
      if (failed.kind === 'aborted') return;
      if (failed.kind === 'validation') {
        setServerErrors(new Map(failed.details.map((detail) => [detail.path, detail.message])));
        window.setTimeout(() => checkBox.current?.focus(), 0);
      } else {
        if (failed.kind !== 'network') shell.errors.report(caught, REGISTRATION_PROCESS);
        setFailure(intl.formatMessage({ id: failed.kind === 'network' ? failureMessageId(failed) : 'account.registration.failed' }));
      }
    } finally {
      if (!lifetimeSignal()?.aborted) setSubmitting(false);
    }
  };

  const ownInput = (field: OwnField) => {
    const locked = ward && (personFields as readonly string[]).includes(field);
    const input = INPUTS[field];
    return (
      <TextField
        key={field}
        id={`${id}-${field}`}
        label={ownLabel(field)}
        value={values.own[field]}
        onValue={(value) => changeOwn(field, value)}
        onBlur={() => {
          if (field === 'phoneNumber') changeOwn(field, normalizePhoneOnBlur(values.own.phoneNumber));
          leave(field);
        }}
        type={input.type}
        inputMode={input.inputMode}
        autoComplete={ward ? 'off' : input.autoComplete}
        required={!locked}
        disabled={locked}
        hint={field === 'phoneNumber' ? intl.formatMessage({ id: 'account.registration.phone-hint' }) : undefined}
        error={locked ? null : errorAt(field)}
      />
    );
  };

  const subjectTitleId = `${id}-subject`;
  const guardiansTitleId = `${id}-guardians`;
  const checkId = `${id}-check`;
  return (
    <form className={styles.form} noValidate aria-describedby={failingPaths.length > 0 ? checkId : undefined} onSubmit={(event) => void submit(event)}>
      <fieldset className={FIELD_CLASS.group} disabled={submitting}>
        <legend id={subjectTitleId} className={styles.groupTitle}>
          {intl.formatMessage({ id: ward ? 'account.registration.ward.title' : 'account.registration.self.title' })}
        </legend>
        <dl className={`${styles.details} portal-dl`}>
          <dt>{intl.formatMessage({ id: 'account.registration.field.identityCode' })}</dt>
          <dd>{state.subject.maskedIdentityCode}</dd>
        </dl>
        {ward && <p className={FIELD_CLASS.hint}>{intl.formatMessage({ id: 'account.registration.names-locked' })}</p>}
        {personFields.map(ownInput)}
        {contactFields.map((field: ContactField) => ownInput(field))}
      </fieldset>

      {ward && (
        <section className={FIELD_CLASS.group} aria-labelledby={guardiansTitleId}>
          <h2 id={guardiansTitleId} className={styles.groupTitle}>
            {intl.formatMessage({ id: 'account.registration.guardians.title' })}
          </h2>
          {guardiansError && (
            <p className={FIELD_CLASS.error} role="alert">
              {intl.formatMessage({ id: guardiansError })}
            </p>
          )}
          {values.guardians.map((guardian, index) => {
            const number = index + 1;
            const prefix = `${id}-guardian-${index}`;
            const guardianInput = (field: GuardianField) => {
              const input = GUARDIAN_INPUTS[field];
              const path = guardianPath(index, field);
              return (
                <TextField
                  key={field}
                  id={`${prefix}-${field}`}
                  label={guardianLabel(field)}
                  value={guardian[field]}
                  onValue={(value) => changeGuardian(index, { [field]: value })}
                  onBlur={() => {
                    if (field === 'phone') changeGuardian(index, { phone: normalizePhoneOnBlur(guardian.phone) });
                    leave(path);
                  }}
                  inputRef={field === 'name' ? (element) => void (guardianNameInputs.current[index] = element) : undefined}
                  type={input.type}
                  inputMode={input.inputMode}
                  autoComplete="off"
                  required
                  disabled={submitting}
                  hint={
                    field === 'phone'
                      ? intl.formatMessage({ id: 'account.registration.phone-hint' })
                      : field === 'zipCode'
                        ? intl.formatMessage({ id: 'account.registration.guardian.zipCode-hint' })
                        : undefined
                  }
                  error={errorAt(path)}
                />
              );
            };
            return (
              <fieldset key={index} className={`${styles.guardian} portal-min-w0 portal-vstack-m portal-box portal-m0`} disabled={submitting}>
                <legend>{intl.formatMessage({ id: 'account.registration.guardian.title' }, { number })}</legend>
                {guardianContactFields.map(guardianInput)}
                <div className="portal-control portal-items-center portal-flex portal-gap-xs">
                  <input
                    id={`${prefix}-same-address`}
                    type="checkbox"
                    checked={guardian.isGuardianHasSameAddress}
                    onChange={(event) => changeGuardian(index, { isGuardianHasSameAddress: event.target.checked })}
                  />
                  <label htmlFor={`${prefix}-same-address`}>{intl.formatMessage({ id: 'account.registration.guardian.same-address' })}</label>
                </div>
                {!guardian.isGuardianHasSameAddress && guardianAddressFields.map(guardianInput)}
                {index > 0 && (
                  <div className="portal-form-actions">
                    <Button type="button" variant="secondary" size="small" onClick={() => removeGuardian(index)}>
                      {intl.formatMessage({ id: 'account.registration.guardian.remove' }, { number })}
                    </Button>
                  </div>
                )}
              </fieldset>
            );
          })}
          {values.guardians.length < MAX_GUARDIANS && (
            <div className="portal-form-actions">
              <Button ref={addButton} type="button" variant="secondary" disabled={submitting} onClick={addGuardian}>
                {intl.formatMessage({ id: 'account.registration.guardian.add' })}
              </Button>
            </div>
          )}
        </section>
      )}

      <div ref={checkBox} tabIndex={-1} className={`${styles.errorBox} portal-focus-outline`} aria-live="polite">
        {failingPaths.length > 0 && (
          <p id={checkId} className="portal-field__error">
            {intl.formatMessage(
              { id: 'account.registration.check' },
              { fields: intl.formatList(failingPaths.map(labelOfPath), { type: 'conjunction' }) },
            )}
          </p>
        )}
      </div>
      {failure && (
        <div ref={failureBox} tabIndex={-1} className={`${styles.errorBox} portal-focus-outline`}>
          <Alert variant="error">{failure}</Alert>
        </div>
      )}
      <div className="portal-form-actions">
        <Button type="submit" loading={submitting} loadingLabel={intl.formatMessage({ id: 'account.registration.submitting' })}>
          {intl.formatMessage({ id: 'account.registration.submit' })}
        </Button>
      </div>
    </form>
  );
}
