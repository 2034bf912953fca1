import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  EMPTY_INSURANCE_CHOICE,
  RESERVATION_DESCRIPTION_MAX_LENGTH,
  RESERVE_APPOINTMENT_PATH,
  reserveAppointmentResponseSchema,
  type InsuranceChoice,
  type ReservationDetails,
  type ReservationOkState,
  type ReserveAppointmentRequest,
} from '@portal/shared-api';
import { Button, FIELD_CLASS, TEXT_INPUT_CLASS, useApiClient, useShell } from '@portal/shared-ui';
import { ContactDetailsBlock, isContactValid, type ContactValues } from '../../components/contact-details/ContactDetailsBlock';
import { AppointmentSummary } from './AppointmentSummary';
import { canBook, isBindingRequired, needsOccupationalConfirmation } from './booking-rules';
import { ensureConcept, InsuranceSelection } from './insurance';
import { reservationProblemOf, type ReservationProblem } from './reservation-problem';
import { ProblemNotice } from './ProblemNotice';
import { reservationAnalytics } from './reservation-analytics';
import { useNow } from './useNow';
import styles from './ReservationPage.module.css';

/** The tag of this process's error reports. */
export const RESERVATION_PROCESS = 'booking-reservation';

function contactOf(state: ReservationOkState): ContactValues {
  return {
    streetAddress: state.patient.postalAddress.street ?? '',
    postalCode: state.patient.postalAddress.postalCode ?? '',
    postOffice: state.patient.postalAddress.postOffice ?? '',
    emailAddress: state.patient.email ?? '',
    phoneNumber: state.patient.phoneNumber ?? '',
  };
}

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
 * Every §8 code shows its text and keeps what was typed.
 */
export function ReservationForm({ state, myInformationHref, onReserved, onConsentRequired, onRegistrationRequired }: ReservationFormProps) {
  const intl = useIntl();
  const shell = useShell();
  const api = useApiClient();
  const id = useId();
  const now = useNow();
  const [contact, setContact] = useState<ContactValues>(() => contactOf(state));
  const [editingContact, setEditingContact] = useState(false);
  const [description, setDescription] = useState('');
  const [insurance, setInsurance] = useState<InsuranceChoice>(EMPTY_INSURANCE_CHOICE);
  const [occupationalConfirmed, setOccupationalConfirmed] = useState(false);
  const [bindingChecked, setBindingChecked] = useState(false);
  const [reserving, setReserving] = useState(false);
  const [problem, setProblem] = useState<ReservationProblem | null>(null);
  const lifetime = useRef<AbortController | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const { appointment, healthcareType } = state;
  const bindingRequired = state.bindingRequired || isBindingRequired(appointment.startDate, now, state.cancellationHours);
  const occupationalRequired = needsOccupationalConfirmation(healthcareType, state.occupationalConfirmation);
  const enabled = canBook({
    healthcareType,
    insuranceValid: insurance.valid,
    bindingRequired,
    bindingChecked,
    occupationalConfirmation: state.occupationalConfirmation,
    occupationalConfirmed,
    contactValid: isContactValid(contact),
    reserving,
    editingContact,
  });
  const analytics = reservationAnalytics(shell.analytics, appointment, healthcareType);

  const reserve = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enabled) return;
    setReserving(true);
    setProblem(null);
    analytics.start();
    const signal = lifetime.current?.signal;
    try {
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
      const answer = await api.post(RESERVE_APPOINTMENT_PATH, reserveAppointmentResponseSchema, {
        searchParams: { lang: shell.lang },
        json: body,
        ...(signal ? { signal } : {}),
      });
      analytics.success(answer.reservationDetails.appointmentId);
      onReserved(answer.reservationDetails);
    } catch (caught) {
      const found = reservationProblemOf(caught, 'logged-in');
      if (!found) return;
      analytics.error(found.kind);
      if (found.kind === 'unknownError' || found.kind === 'network') shell.errors.report(caught, RESERVATION_PROCESS);
      setReserving(false);
      if (found.kind === 'consentRequired') return onConsentRequired();
      if (found.kind === 'registrationRequired') return onRegistrationRequired();
      setProblem(found);
    }
  };

  const t = (key: string) => intl.formatMessage({ id: `booking.reservation.${key}` });
  const descriptionId = `${id}-description`;
  return (
    <div className={styles.flow}>
      <AppointmentSummary appointment={appointment} priceInfo={healthcareType === 'private' ? state.priceInfo : null} />
      <ContactDetailsBlock
        values={contact}
        onSaved={setContact}
        onEditingChange={setEditingContact}
        myInformationHref={myInformationHref}
        disabled={reserving}
      />
      <form className={styles.form} noValidate onSubmit={(event) => void reserve(event)} aria-label={t('form.label')}>
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
            maxLength={RESERVATION_DESCRIPTION_MAX_LENGTH}
            aria-describedby={`${descriptionId}-hint`}
            value={description}
            disabled={reserving}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        {occupationalRequired && (
          <div className={styles.checkbox}>
            <input
              id={`${id}-occupational`}
              type="checkbox"
              checked={occupationalConfirmed}
              disabled={reserving}
              onChange={(event) => setOccupationalConfirmed(event.target.checked)}
            />
            <label htmlFor={`${id}-occupational`}>{t(`occupational.${state.occupationalConfirmation}`)}</label>
          </div>
        )}
        {bindingRequired && (
          <div className={styles.checkbox}>
            <input
              id={`${id}-binding`}
              type="checkbox"
              checked={bindingChecked}
              disabled={reserving}
              onChange={(event) => setBindingChecked(event.target.checked)}
            />
            <label htmlFor={`${id}-binding`}>{intl.formatMessage({ id: 'booking.reservation.binding' }, { hours: state.cancellationHours })}</label>
          </div>
        )}
        <div ref={problemRef} tabIndex={-1} className={styles.problem}>
          {problem && <ProblemNotice problem={problem} healthcareType={healthcareType} />}
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={!enabled} loading={reserving} loadingLabel={t('reserving')}>
            {t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
