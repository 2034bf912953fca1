import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  ANONYMOUS_RESERVE_APPOINTMENT_PATH,
  type AnonymousReservationOkState,
  type AnonymousReserveAppointmentRequest,
  type ReservationDetails,
} from '@portal/shared-api';
import { FIELD_CLASS, TextField, useShell } from '@portal/shared-ui';
import { BindingCheckbox } from '../../components/reservation-form/BindingCheckbox';
import { ReservationCheckbox } from '../../components/reservation-form/ReservationCheckbox';
import { ReservationFormEnd } from '../../components/reservation-form/ReservationFormEnd';
import { useReservationAttempt } from '../../components/reservation-form/useReservationAttempt';
import { AppointmentSummary } from '../reservation/AppointmentSummary';
import { isBindingRequired } from '../reservation/booking-rules';
import { reservationAnalytics } from '../reservation/reservation-analytics';
import { useNow } from '../reservation/useNow';
import {
  ANONYMOUS_ERROR_IDS,
  canSubmitAnonymous,
  EMPTY_ANONYMOUS_VALUES,
  isFieldValid,
  normalizePhone,
  normalizeSsn,
  showsContactHint,
  forgetTypedAnonymousValues,
  keepTypedAnonymousValues,
  typedAnonymousValues,
  type AnonymousField,
  type AnonymousValues,
} from './anonymous-form';

/** The tag of this process's error reports. */
export const ANONYMOUS_RESERVATION_PROCESS = 'booking-anonymous-reservation';

// No maxLength: an input's limit cuts what is typed before it is trimmed (" 021178-912p" lost its
// check character, issue 28); each field's schema checks the length after trimming.
const INPUTS: Record<AnonymousField, { type: 'text' | 'email' | 'tel'; autoComplete: string; inputMode?: 'tel' | 'email'; hint?: boolean }> = {
  ssn: { type: 'text', autoComplete: 'off' },
  firstName: { type: 'text', autoComplete: 'given-name' },
  lastName: { type: 'text', autoComplete: 'family-name' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: true },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
};
const FIELD_ORDER: readonly AnonymousField[] = ['ssn', 'firstName', 'lastName', 'phone', 'email'];

export interface AnonymousReservationFormProps {
  state: AnonymousReservationOkState;
  /** strong login with nextPath = the logged-in reservation page; null where there is no login page */
  loginHref: string | null;
  onReserved(details: ReservationDetails): void;
}

/**
 * The identity-code form (spec part 2 §4 "Anonymous reservation", §5 "Anonymous reservation form",
 * §7 POST /api/anon/reserve-appointment without csrfToken, §8): every field required with its
 * message once left, the contact hint, the terms and (inside the cancellation window) the binding
 * checkbox; submit disabled until valid and while reserving. noPatient, patientDataConsentRequired
 * and patientInfoConflict show a warning with strong login; the other codes their texts, keeping
 * what was typed.
 */
export function AnonymousReservationForm({ state, loginHref, onReserved }: AnonymousReservationFormProps) {
  const intl = useIntl();
  const shell = useShell();
  const id = useId();
  const now = useNow();
  // what was typed for another slot in this tab (3.3.7): filled in, not asked again
  const [values, setValues] = useState<AnonymousValues>(() => typedAnonymousValues());
  useEffect(() => {
    if (values !== EMPTY_ANONYMOUS_VALUES) keepTypedAnonymousValues(values);
  }, [values]);
  const [touched, setTouched] = useState<ReadonlySet<AnonymousField>>(new Set());
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [bindingChecked, setBindingChecked] = useState(false);
  const { reserving, setReserving, problem, setProblem, problemRef, post } = useReservationAttempt();

  const { appointment, healthcareType } = state;
  const bindingRequired = state.bindingRequired || isBindingRequired(appointment.startDate, now, state.cancellationHours);
  const enabled = canSubmitAnonymous({ values, termsAccepted, bindingRequired, bindingChecked, reserving });
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `booking.anonymousReservation.${key}` }, values);

  const change = (field: AnonymousField, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const leave = (field: AnonymousField) => {
    if (field === 'ssn') setValues((current) => ({ ...current, ssn: normalizeSsn(current.ssn) }));
    if (field === 'phone') setValues((current) => ({ ...current, phone: normalizePhone(current.phone) }));
    setTouched((current) => new Set(current).add(field));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enabled) return;
    setReserving(true);
    setProblem(null);
    const analytics = reservationAnalytics(shell.analytics, appointment, healthcareType);
    analytics.start();
    const body: AnonymousReserveAppointmentRequest = {
      internalOrganization: state.internalOrganization,
      appointmentId: appointment.id,
      emailAddress: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: normalizePhone(values.phone),
      ssn: normalizeSsn(values.ssn),
    };
    // anonymous: no csrfToken (spec §7); the server checks the Origin and rate-limits instead
    const outcome = await post({ path: ANONYMOUS_RESERVE_APPOINTMENT_PATH, body, flow: 'anonymous', process: ANONYMOUS_RESERVATION_PROCESS, analytics });
    if (!outcome) return;
    if ('details' in outcome) {
      forgetTypedAnonymousValues();
      return onReserved(outcome.details);
    }
    setProblem(outcome.problem);
    setReserving(false);
  };

  return (
    <div className="portal-vstack-xl">
      <AppointmentSummary appointment={appointment} priceInfo={healthcareType === 'private' ? state.priceInfo : null} />
      <form className="portal-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="portal-title-l portal-m0">
          {t('form.title')}
        </h2>
        <p className={FIELD_CLASS.hint}>{t('form.intro')}</p>
        {FIELD_ORDER.map((field) => {
          const input = INPUTS[field];
          const error = touched.has(field) && !isFieldValid(field, values[field]) ? intl.formatMessage({ id: ANONYMOUS_ERROR_IDS[field] }) : null;
          return (
            <TextField
              key={field}
              id={`${id}-${field}`}
              label={t(`field.${field}`)}
              type={input.type}
              inputMode={input.inputMode}
              autoComplete={input.autoComplete}
              hint={input.hint ? t(`hint.${field}`) : undefined}
              required
              disabled={reserving}
              value={values[field]}
              error={error}
              onValue={(value) => change(field, value)}
              onBlur={() => leave(field)}
            />
          );
        })}
        <div aria-live="polite">{showsContactHint(values, touched) && <p className={FIELD_CLASS.hint}>{t('contactHint')}</p>}</div>
        <ReservationCheckbox id={`${id}-terms`} required checked={termsAccepted} disabled={reserving} onChange={setTermsAccepted}>
          {t('terms')}
        </ReservationCheckbox>
        {shell.hasRoute('terms') && (
          <p className={FIELD_CLASS.hint}>
            <a href={shell.href('terms')} target="_blank" rel="noreferrer">
              {t('termsLink')} {intl.formatMessage({ id: 'common.opensInNewWindow' })}
            </a>
          </p>
        )}
        {bindingRequired && (
          <BindingCheckbox
            id={`${id}-binding`}
            required
            cancellationHours={state.cancellationHours}
            checked={bindingChecked}
            disabled={reserving}
            onChange={setBindingChecked}
          />
        )}
        <ReservationFormEnd
          problem={problem}
          problemRef={problemRef}
          healthcareType={healthcareType}
          loginHref={loginHref}
          enabled={enabled}
          reserving={reserving}
        />
      </form>
    </div>
  );
}
