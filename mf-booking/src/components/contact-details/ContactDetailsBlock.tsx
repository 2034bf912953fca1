import { useId, useImperativeHandle, useRef, useState, type FormEvent, type MouseEvent, type Ref } from 'react';
import { useIntl } from 'react-intl';
import {
  contactFieldErrors,
  contactFieldNames,
  contactUpdateResponseSchema,
  normalizePhoneOnBlur,
  PROFILE_USER_PATH,
  toApiFailure,
  trimValues,
  type ContactFieldName,
  type ContactUpdateRequest,
} from '@portal/shared-api';
import {
  Alert,
  Button,
  CONTACT_INPUTS,
  DETAILS_LIST_CLASS,
  FIELD_CLASS,
  TextField,
  useApiClient,
  useEditModeFocus,
  useLifetimeSignal,
  useShell,
  type ContactValues,
} from '@portal/shared-ui';

export type { ContactValues };

/** The tag of this process's error reports. */
export const CONTACT_PROCESS = 'booking-reservation-contact';

/** Spec part 2 §5 "Contact info (reservation page)": the reservation page's own words for a refused field. */
const ERROR_IDS: Record<ContactFieldName, string> = {
  streetAddress: 'booking.reservation.contact.error.required',
  postalCode: 'booking.reservation.contact.error.required',
  postOffice: 'booking.reservation.contact.error.required',
  emailAddress: 'booking.reservation.contact.error.email',
  phoneNumber: 'booking.reservation.contact.error.phone',
};

export interface ContactDetailsBlockProps {
  /** the saved contact details */
  values: ContactValues;
  onSaved(values: ContactValues): void;
  /** the booking button is disabled while the details are being edited (spec §5) */
  onEditingChange(editing: boolean): void;
  /** My information with the saveAction back to this reservation; null where the account remote is not composed */
  myInformationHref: string | null;
  disabled?: boolean;
  /** lets the page open the edit form, e.g. from the reason the booking button is disabled */
  ref?: Ref<ContactDetailsHandle>;
}

export interface ContactDetailsHandle {
  startEditing(): void;
}

type Mode = 'read' | 'edit' | 'saving';

/**
 * The reservation page's contact details (spec part 2 §4 "Contact information", §5, §7 PUT /api/user,
 * §8 "Contact update failure"): read-only with an Edit button, then editable in place with §5's rules
 * as the patient types (a field's message once it is left), Save locked while any field fails or
 * while saving, values trimmed on save; Cancel restores the saved values; a failure keeps what was
 * typed and says so.
 */
export function ContactDetailsBlock({ values, onSaved, onEditingChange, myInformationHref, disabled = false, ref }: ContactDetailsBlockProps) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const [mode, setMode] = useState<Mode>('read');
  const [draft, setDraft] = useState<ContactValues>(values);
  const [touched, setTouched] = useState<ReadonlySet<ContactFieldName>>(new Set());
  const [serverRefused, setServerRefused] = useState<ReadonlySet<ContactFieldName>>(new Set());
  const [failed, setFailed] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstInput = useRef<HTMLInputElement>(null);

  const lifetimeSignal = useLifetimeSignal();
  useEditModeFocus(mode, editButton, firstInput);

  const t = (key: string) => intl.formatMessage({ id: `booking.reservation.contact.${key}` });
  const label = (field: ContactFieldName) => t(`field.${field}`);
  const clientErrors = contactFieldErrors(draft);
  const fails = (field: ContactFieldName) => clientErrors[field] !== null || serverRefused.has(field);
  const anyFailing = contactFieldNames.some(fails);
  const saving = mode === 'saving';

  const switchMode = (next: Mode) => {
    setMode(next);
    onEditingChange(next !== 'read');
  };

  const startEditing = () => {
    setDraft(values);
    setTouched(new Set());
    setServerRefused(new Set());
    setFailed(false);
    switchMode('edit');
  };

  useImperativeHandle(ref, () => ({ startEditing }));

  const cancel = () => {
    setDraft(values);
    setFailed(false);
    switchMode('read');
  };

  const change = (field: ContactFieldName, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setServerRefused((current) => {
      const next = new Set(current);
      next.delete(field);
      return next;
    });
  };

  const leave = (field: ContactFieldName) => {
    if (field === 'phoneNumber') setDraft((current) => ({ ...current, phoneNumber: normalizePhoneOnBlur(current.phoneNumber) }));
    setTouched((current) => new Set(current).add(field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (anyFailing || saving) return;
    const trimmed = trimValues(draft);
    setDraft(trimmed);
    setFailed(false);
    switchMode('saving');
    const body: ContactUpdateRequest = { ...trimmed, phoneNumber: normalizePhoneOnBlur(trimmed.phoneNumber) };
    try {
      const signal = lifetimeSignal();
      const answer = await api.put(PROFILE_USER_PATH, contactUpdateResponseSchema, { json: body, ...(signal ? { signal } : {}) });
      onSaved(answer.patient);
      switchMode('read');
    } catch (caught) {
      const failure = toApiFailure(caught);
      if (failure.kind === 'aborted') return;
      if (failure.kind === 'validation') {
        const refused = failure.details.map((detail) => detail.path).filter((path): path is ContactFieldName => (contactFieldNames as readonly string[]).includes(path));
        setServerRefused(new Set(refused));
        setTouched(new Set(contactFieldNames));
      } else {
        shell.errors.report(caught, CONTACT_PROCESS);
      }
      setFailed(true);
      switchMode('edit');
    }
  };

  const titleId = `${id}-title`;
  const followMyInformation = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!myInformationHref || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    shell.navigate(myInformationHref);
  };

  return (
    <section className="portal-vstack-m" aria-labelledby={titleId}>
      <h2 id={titleId} className="portal-title-l portal-m0">
        {t('title')}
      </h2>
      {mode === 'read' ? (
        <>
          <dl className={DETAILS_LIST_CLASS}>
            {contactFieldNames.map((field) => (
              <div key={field}>
                <dt>{label(field)}</dt>
                <dd>{values[field] || t('notGiven')}</dd>
              </div>
            ))}
          </dl>
          <div className="portal-form-actions portal-items-center">
            <Button ref={editButton} variant="secondary" onClick={startEditing} disabled={disabled}>
              {t('edit')}
            </Button>
            {myInformationHref && (
              <a href={myInformationHref} onClick={followMyInformation}>
                {t('myInformation')}
              </a>
            )}
          </div>
        </>
      ) : (
        <form className={FIELD_CLASS.group} noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className={FIELD_CLASS.group} disabled={saving}>
            <legend className="portal-visually-hidden">{t('title')}</legend>
            {contactFieldNames.map((field, index) => {
              const input = CONTACT_INPUTS[field];
              const error = touched.has(field) && fails(field) ? intl.formatMessage({ id: ERROR_IDS[field] }) : null;
              return (
                <TextField
                  key={field}
                  id={`${id}-${field}`}
                  inputRef={index === 0 ? firstInput : undefined}
                  label={label(field)}
                  type={input.type}
                  inputMode={input.inputMode}
                  autoComplete={input.autoComplete}
                  hint={field === 'phoneNumber' ? t('hint.phoneNumber') : undefined}
                  required
                  value={draft[field]}
                  error={error}
                  onValue={(value) => change(field, value)}
                  onBlur={() => leave(field)}
                />
              );
            })}
          </fieldset>
          {failed && <Alert variant="error">{t('saveFailed')}</Alert>}
          <div className="portal-form-actions portal-items-center">
            <Button type="submit" disabled={anyFailing || saving} loading={saving} loadingLabel={t('saving')}>
              {t('save')}
            </Button>
            <Button type="button" variant="secondary" disabled={saving} onClick={cancel}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
