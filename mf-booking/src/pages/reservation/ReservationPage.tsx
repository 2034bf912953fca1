import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { encodeSaveAction, SAVE_ACTION_PARAM, type ReservationDetails, type ReservationOkState, type ReservationPageState } from '@portal/shared-api';
import { Alert, Button, RemoteParcel, ShellLink, usePageState, useShell } from '@portal/shared-ui';
import { ReservationPageFrame } from '../../components/reservation-form/ReservationPageFrame';
import { ReservationForm } from './ReservationForm';
import { SuccessView } from './SuccessView';
import styles from './ReservationPage.module.css';

export type ReservationRouteId = 'booking.reservation' | 'booking.reservation-insurance' | 'booking.reservation-occupational';

/** The account remote and its parcels the page mounts inline (mf-account/src/parcels/). */
export const ACCOUNT_REMOTE_ID = 'mf-account';
export const REGISTRATION_PARCEL = './registration-form';
export const CONSENT_PARCEL = './consent-form';

/**
 * booking.reservation, -insurance, -occupational (spec part 2 §2.1 "Reserve appointment, logged in",
 * §4 "Logged-in reservation"): not found, already reserved, the occupational contract's refusals,
 * "Booking interrupted" for a patient who is not credit-worthy (not occupational), the account
 * remote's registration or consent form inline when needed, then the reservation form, and the
 * confirmation.
 */
export function ReservationPageFor({ routeId }: { routeId: ReservationRouteId }) {
  const { id = '' } = useParams();
  const { page, retry } = usePageState(routeId, { id });
  const [reserved, setReserved] = useState<ReservationDetails | null>(null);

  if (reserved) return <SuccessView details={reserved} signedIn />;
  return (
    <ReservationPageFrame page={page} retry={retry} className={styles.page}>
      {(data) => <ReservationState routeId={routeId} state={data} reload={retry} onReserved={setReserved} />}
    </ReservationPageFrame>
  );
}

function ReservationState({
  routeId,
  state,
  reload,
  onReserved,
}: {
  routeId: ReservationRouteId;
  state: ReservationPageState;
  reload(): void;
  onReserved(details: ReservationDetails): void;
}) {
  switch (state.status) {
    case 'not-found':
      return <NotFound />;
    case 'already-reserved':
      return <AlreadyReserved />;
    case 'occupational-unavailable':
      return <OccupationalUnavailable reason={state.reason} />;
    case 'ok':
      return state.paymentBlocked ? <PaymentBlocked /> : <ReservationSteps routeId={routeId} state={state} reload={reload} onReserved={onReserved} />;
  }
}

/** Spec part 1 §2 "Appointment not found" (HTTP 404), with a way to book another. */
export function NotFound() {
  const intl = useIntl();
  const shell = useShell();
  return (
    <Alert variant="info" announce={false}>
      <p className="portal-mb-s portal-last-mb0">{intl.formatMessage({ id: 'booking.reservation.notFound' })}</p>
      {shell.hasRoute('booking.landing') && <ShellLink routeId="booking.landing">{intl.formatMessage({ id: 'booking.reservation.bookAnother' })}</ShellLink>}
    </Alert>
  );
}

/** Spec part 2 §2.1: the appointment is no longer available, with a Back button. */
export function AlreadyReserved() {
  const intl = useIntl();
  return (
    <Alert variant="warning" announce={false}>
      <p className="portal-mb-s portal-last-mb0">{intl.formatMessage({ id: 'booking.reservation.alreadyReserved' })}</p>
      <Button variant="secondary" onClick={() => window.history.back()}>
        {intl.formatMessage({ id: 'booking.reservation.back' })}
      </Button>
    </Alert>
  );
}

function OccupationalUnavailable({ reason }: { reason: 'no-occupational-healthcare' | 'no-web-reservation' }) {
  const intl = useIntl();
  const shell = useShell();
  return (
    <Alert variant="warning" announce={false}>
      <p className="portal-mb-s portal-last-mb0">
        {intl.formatMessage({ id: `booking.reservation.occupationalUnavailable.${reason}` }, { phone: shell.config.customerServicePhone })}
      </p>
      {shell.hasRoute('booking.private-list') && (
        <ShellLink routeId="booking.private-list">{intl.formatMessage({ id: 'booking.reservation.bookAsPrivate' })}</ShellLink>
      )}
    </Alert>
  );
}

/** Spec part 2 §2.1: "Booking interrupted" with the billing phone and e-mail. */
function PaymentBlocked() {
  const intl = useIntl();
  const shell = useShell();
  const { billingPhone, billingEmail } = shell.config;
  return (
    <Alert variant="warning" announce={false} title={intl.formatMessage({ id: 'booking.reservation.paymentBlocked.title' })}>
      <p className="portal-mb-s portal-last-mb0">{intl.formatMessage({ id: 'booking.reservation.paymentBlocked.text' })}</p>
      <p className="portal-mb-s portal-last-mb0">
        <a href={`tel:${billingPhone.replace(/\s+/g, '')}`}>{billingPhone}</a>
        {' · '}
        <a href={`mailto:${billingEmail}`}>{billingEmail}</a>
      </p>
    </Alert>
  );
}

type Step = 'registration' | 'consent' | 'form';

function firstStep(state: ReservationOkState): Step {
  if (state.registration === 'unregistered') return 'registration';
  if (state.registration === 'consent-needed') return 'consent';
  return 'form';
}

/**
 * Registration, then consent, then the form (spec §4). The account remote's forms are its parcels;
 * their onDone reloads the page state (the registration and consent are the server's to tell) and
 * the page continues. A consent refusal from the reserve call reopens the consent form over the
 * form, which stays mounted (hidden) so what was typed is kept.
 */
function ReservationSteps({
  routeId,
  state,
  reload,
  onReserved,
}: {
  routeId: ReservationRouteId;
  state: ReservationOkState;
  reload(): void;
  onReserved(details: ReservationDetails): void;
}) {
  const intl = useIntl();
  const shell = useShell();
  const [reopened, setReopened] = useState<Exclude<Step, 'form'> | null>(null);
  const step = reopened ?? firstStep(state);
  const here = shell.href(routeId, { id: state.appointment.id });
  const myInformationHref = shell.hasRoute('account.my-information')
    ? `${shell.href('account.my-information')}?${new URLSearchParams({ [SAVE_ACTION_PARAM]: encodeSaveAction({ type: 'appointment-reservation', path: here }) }).toString()}`
    : null;

  const onParcelDone = () => {
    if (reopened) {
      setReopened(null);
      return;
    }
    reload();
  };

  return (
    <>
      {step !== 'form' && (
        // not a landmark of its own: the account remote's form inside is the titled section
        <div className="portal-vstack-xl">
          <Alert variant="info" announce={false}>
            {intl.formatMessage({ id: `booking.reservation.step.${step}.intro` })}
          </Alert>
          <RemoteParcel
            key={step}
            remoteId={ACCOUNT_REMOTE_ID}
            exposed={step === 'registration' ? REGISTRATION_PARCEL : CONSENT_PARCEL}
            parcelProps={{ onDone: onParcelDone }}
          />
        </div>
      )}
      {(step === 'form' || reopened) && (
        <div hidden={step !== 'form'}>
          <ReservationForm
            state={state}
            myInformationHref={myInformationHref}
            onReserved={onReserved}
            onConsentRequired={() => setReopened('consent')}
            onRegistrationRequired={() => setReopened('registration')}
          />
        </div>
      )}
    </>
  );
}

export function ReservationPage() {
  return <ReservationPageFor routeId="booking.reservation" />;
}
export function ReservationInsurancePage() {
  return <ReservationPageFor routeId="booking.reservation-insurance" />;
}
export function ReservationOccupationalPage() {
  return <ReservationPageFor routeId="booking.reservation-occupational" />;
}
