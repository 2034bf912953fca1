import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  contactFieldErrors,
  contactFieldNames,
  EMPTY_INSURANCE_CHOICE,
  RESERVATION_DESCRIPTION_MAX_LENGTH,
  RESERVE_APPOINTMENT_PATH,
  type InsuranceChoice,
  type ReservationDetails,
  type ReservationOkState,
  type ReserveAppointmentRequest,
} from '@portal/shared-api';
import { CharacterCount, contactValuesOf, FIELD_CLASS, isOverLimit, TEXT_INPUT_CLASS, useApiClient, useShell } from '@portal/shared-ui';
import { ContactDetailsBlock, type ContactDetailsHandle, type ContactValues } from '../../components/contact-details/ContactDetailsBlock';
import { BindingCheckbox } from '../../components/reservation-form/BindingCheckbox';
import { ReservationCheckbox } from '../../components/reservation-form/ReservationCheckbox';
import { ReservationFormEnd } from '../../components/reservation-form/ReservationFormEnd';
import { useReservationAttempt } from '../../components/reservation-form/useReservationAttempt';
import { AppointmentSummary } from './AppointmentSummary';
import { BookingBlockedReason } from './BookingBlockedReason';
import { bookingBlockers, canBook, isBindingRequired, needsOccupationalConfirmation, type BookingButtonInput } from './booking-rules';
import { ensureConcept, InsuranceSelection } from './insurance';
import { reservationAnalytics } from './reservation-analytics';
import { useNow } from './useNow';

/** The tag of this process's error reports. */
export const RESERVATION_PROCESS = 'booking-reservation';

export interface ReservationFormProps {
  state: ReservationOkState;
  /** My information with the saveAction back here; null where it does not exist */
  myInformationHref: string | null;
  onReserved(details: ReservationDetails): void;
  /** §8 consentRequired / patientDataConsentRequired: reopen the consent form */
  onConsentRequired(): void;
  onRegistrationRequired(): void;
}

/**
 * The logged-in reservation form (spec part 2 §4 "Logged-in reservation", §5, §7, §8): the summary,
 * a description, the contact details, the insurance selection (insurance type), the occupational
 * confirmation, the binding checkbox inside the cancellation window, and the booking button by §5's
 * rule. Before reserving with an insurance concept, ensureConcept; a failure shows the unknown error.
 * The description is never cut (issue 28): a count shows its length, and over the limit the field
 * says so and the button stays disabled with the reason next to it, like every other condition.
 * Every §8 code shows its text and keeps what was typed.
 */
export function ReservationForm({ state, myInformationHref, onReserved, onConsentRequired, onRegistrationRequired }: ReservationFormProps) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const now = useNow();
  const [contact, setContact] = useState<ContactValues>(() => contactValuesOf(state.patient));
  const [editingContact, setEditingContact] = useState(false);
  const [description, setDescription] = useState('');
  const [insurance, setInsurance] = useState<InsuranceChoice>(EMPTY_INSURANCE_CHOICE);
  const [occupationalConfirmed, setOccupationalConfirmed] = useState(false);
  const [bindingChecked, setBindingChecked] = useState(false);
  const { reserving, setReserving, problem, setProblem, problemRef, signal: lifetimeSignal, post } = useReservationAttempt();

  const { appointment, healthcareType } = state;
  const bindingRequired = state.bindingRequired || isBindingRequired(appointment.startDate, now, state.cancellationHours);
  const occupationalRequired = needsOccupationalConfirmation(healthcareType, state.occupationalConfirmation);
  const contactErrors = contactFieldErrors(contact);
  const failingContactFields = contactFieldNames.filter((field) => contactErrors[field] !== null);
  const contactBlock = useRef<ContactDetailsHandle>(null);
  const descriptionTooLong = isOverLimit(description, RESERVATION_DESCRIPTION_MAX_LENGTH);
  const buttonInput: BookingButtonInput = {
    healthcareType,
    insuranceValid: insurance.valid,
    bindingRequired,
    bindingChecked,
    occupationalConfirmation: state.occupationalConfirmation,
    occupationalConfirmed,
    contactValid: failingContactFields.length === 0,
    descriptionValid: !descriptionTooLong,
    reserving,
    editingContact,
  };
  const enabled = canBook(buttonInput);
  const blockers = bookingBlockers(buttonInput);
  const analytics = reservationAnalytics(shell.analytics, appointment, healthcareType);

  const reserve = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enabled) return;
    setReserving(true);
    setProblem(null);
    analytics.start();
    const signal = lifetimeSignal();
    if (healthcareType === 'insurance' && (await ensureConcept(api, insurance.conceptCode, state.patientConcepts)) === 'failed') {
      if (signal?.aborted) return;
      analytics.error('conceptFailed');
      setProblem({ kind: 'unknownError' });
      setReserving(false);
      return;
    }
    const trimmedDescription = description.trim();
    const body: ReserveAppointmentRequest = {
      internalOrganization: state.internalOrganization,
      appointmentId: appointment.id,
      healthcareType,
      description: trimmedDescription === '' ? null : trimmedDescription,
      emailAddress: contact.emailAddress,
      phone: contact.phoneNumber,
      ...(healthcareType === 'insurance'
        ? {
            insuranceCompany: insurance.company,
            reimbursement: insurance.reimbursement,
            insuranceConceptCode: insurance.conceptCode,
            dcpContentHash: insurance.dcpContentHash,
          }
        : {}),
    };
    const outcome = await post({ path: RESERVE_APPOINTMENT_PATH, body, flow: 'logged-in', process: RESERVATION_PROCESS, analytics });
    if (!outcome) return;
    if ('details' in outcome) return onReserved(outcome.details);
    setReserving(false);
    if (outcome.problem.kind === 'consentRequired') return onConsentRequired();
    if (outcome.problem.kind === 'registrationRequired') return onRegistrationRequired();
    setProblem(outcome.problem);
  };

  const t = (key: string) => intl.formatMessage({ id: `booking.reservation.${key}` });
  const descriptionId = `${id}-description`;
  return (
    <div className="portal-vstack-xl">
      <AppointmentSummary appointment={appointment} priceInfo={healthcareType === 'private' ? state.priceInfo : null} />
      <ContactDetailsBlock
        ref={contactBlock}
        values={contact}
        onSaved={setContact}
        onEditingChange={setEditingContact}
        myInformationHref={myInformationHref}
        disabled={reserving}
      />
      <form className="portal-form" noValidate onSubmit={(event) => void reserve(event)} aria-label={t('form.label')}>
        {healthcareType === 'insurance' && (
          <InsuranceSelection
            appointment={{ id: appointment.id, startDate: appointment.startDate, isRemote: appointment.isRemote }}
            patientConcepts={state.patientConcepts}
            onChange={setInsurance}
            returnStatus={state.query.status ?? null}
            disabled={reserving}
          />
        )}
        <div className={FIELD_CLASS.field}>
          <label htmlFor={descriptionId} className={FIELD_CLASS.label}>
            {t('field.description')}
          </label>
          <p id={`${descriptionId}-hint`} className={FIELD_CLASS.hint}>
            {t('description.hint')}
          </p>
          <textarea
            id={descriptionId}
            className={TEXT_INPUT_CLASS}
            rows={4}
            aria-invalid={descriptionTooLong || undefined}
            aria-describedby={[`${descriptionId}-hint`, `${descriptionId}-count`, descriptionTooLong && `${descriptionId}-error`].filter(Boolean).join(' ')}
            value={description}
            disabled={reserving}
            onChange={(event) => setDescription(event.target.value)}
          />
          <CharacterCount id={`${descriptionId}-count`} value={description} max={RESERVATION_DESCRIPTION_MAX_LENGTH} />
          {descriptionTooLong && (
            <p id={`${descriptionId}-error`} className={FIELD_CLASS.error}>
              {intl.formatMessage({ id: 'booking.reservation.description.tooLong' }, { max: RESERVATION_DESCRIPTION_MAX_LENGTH })}
            </p>
          )}
        </div>
        {occupationalRequired && (
          <ReservationCheckbox id={`${id}-occupational`} checked={occupationalConfirmed} disabled={reserving} onChange={setOccupationalConfirmed}>
            {t(`occupational.${state.occupationalConfirmation}`)}
          </ReservationCheckbox>
        )}
        {bindingRequired && (
          <BindingCheckbox
            id={`${id}-binding`}
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
          enabled={enabled}
          reserving={reserving}
          blockedReason={
            <BookingBlockedReason
              blockers={blockers}
              failingContactFields={failingContactFields}
              onEditContact={() => contactBlock.current?.startEditing()}
              myInformationHref={myInformationHref}
            />
          }
        />
      </form>
    </div>
  );
}
