import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { type AnonymousReservationOkState, type ReservationDetails } from '@portal/shared-api';
import { Alert, LinkButton, signInHref, usePageState, useShell } from '@portal/shared-ui';
import { ReplaceLocation } from '../../components/replace-location/ReplaceLocation';
import { ReservationPageFrame } from '../../components/reservation-form/ReservationPageFrame';
import { AlreadyReserved, NotFound } from '../reservation/ReservationPage';
import { SuccessView } from '../reservation/SuccessView';
import { AnonymousReservationForm } from './AnonymousReservationForm';
import { LoginChoice } from './LoginChoice';
import styles from '../reservation/ReservationPage.module.css';

export type AnonymousReservationRouteId = 'booking.anonymous-reservation' | 'booking.anonymous-reservation-insurance' | 'booking.anonymous-reservation-occupational';

/** Strong login, then back to this slot's logged-in reservation page; null where there is no login page. */
export function useStrongLoginHref(loggedInPath: string): string | null {
  const shell = useShell();
  if (!shell.hasRoute('login')) return null;
  return signInHref(shell, { next: loggedInPath });
}

/**
 * booking.anonymous-reservation, -insurance, -occupational (spec part 2 §2.1 "Reserve appointment,
 * anonymous", §4 "Anonymous reservation", §6): not found and already reserved as signed in; a slot
 * that requires strong authentication (and the insurance and occupational types) is reserved only
 * after strong login; otherwise the identity-code form, then the confirmation. A signed-in visitor
 * goes on to the signed-in reservation page of the same slot.
 */
export function AnonymousReservationPageFor({ routeId }: { routeId: AnonymousReservationRouteId }) {
  const { id = '' } = useParams();
  const { page, retry } = usePageState(routeId, { id });
  const [reserved, setReserved] = useState<ReservationDetails | null>(null);

  if (reserved) return <SuccessView details={reserved} signedIn={false} />;
  return (
    <ReservationPageFrame page={page} retry={retry} className={styles.page}>
      {(data) => (
        <>
          {data.status === 'not-found' && <NotFound />}
          {data.status === 'already-reserved' && <AlreadyReserved />}
          {data.status === 'ok' && <AnonymousReservation state={data} onReserved={setReserved} />}
        </>
      )}
    </ReservationPageFrame>
  );
}

function AnonymousReservation({ state, onReserved }: { state: AnonymousReservationOkState; onReserved(details: ReservationDetails): void }) {
  const shell = useShell();
  const loginHref = useStrongLoginHref(state.loggedInPath);
  // spec §4: in the children's brand the login choice (hpa or ordinary) comes first
  const [choice, setChoice] = useState<'pending' | 'ordinary'>(shell.brand === 'children' ? 'pending' : 'ordinary');
  const afterChoice = useRef<HTMLDivElement>(null);
  const chose = useRef(false);
  useEffect(() => {
    // the choice's button is gone: focus goes on to what it opened, not to the page's start
    if (choice === 'ordinary' && chose.current) afterChoice.current?.focus();
  }, [choice]);
  // a signed-in patient (an old link, the back button) books on the signed-in page, with their own details
  if (shell.user) return <ReplaceLocation href={state.loggedInPath} />;
  if (choice === 'pending' && loginHref) {
    return (
      <LoginChoice
        loggedInPath={state.loggedInPath}
        onOrdinary={() => {
          chose.current = true;
          setChoice('ordinary');
        }}
      />
    );
  }
  return (
    <div ref={afterChoice} tabIndex={-1} className="portal-focus-none">
      <OrdinaryReservation state={state} loginHref={loginHref} onReserved={onReserved} />
    </div>
  );
}

function OrdinaryReservation({ state, loginHref, onReserved }: { state: AnonymousReservationOkState; loginHref: string | null; onReserved(details: ReservationDetails): void }) {
  // Spec §4 says "sent to strong login"; the page says why and offers the button rather than
  // redirecting silently, so the visitor knows where they are going and the back button still works.
  if (state.requiresStrongLogin) return <StrongLoginNotice healthcareType={state.healthcareType} loginHref={loginHref} />;
  return <AnonymousReservationForm state={state} loginHref={loginHref} onReserved={onReserved} />;
}

function StrongLoginNotice({ healthcareType, loginHref }: { healthcareType: AnonymousReservationOkState['healthcareType']; loginHref: string | null }) {
  const intl = useIntl();
  const reason = healthcareType === 'private' ? 'slot' : healthcareType;
  return (
    <Alert variant="info" announce={false} title={intl.formatMessage({ id: 'booking.anonymousReservation.strongLogin.title' })}>
      <p className="portal-mb-s portal-last-mb0">{intl.formatMessage({ id: `booking.anonymousReservation.strongLogin.${reason}` })}</p>
      {loginHref && (
        // a full page load, as the header's log-in button: strong login leaves the portal for the identity provider
        <LinkButton href={loginHref}>
          {intl.formatMessage({ id: 'booking.anonymousReservation.login' })}
        </LinkButton>
      )}
    </Alert>
  );
}

export function AnonymousReservationPage() {
  return <AnonymousReservationPageFor routeId="booking.anonymous-reservation" />;
}
export function AnonymousReservationInsurancePage() {
  return <AnonymousReservationPageFor routeId="booking.anonymous-reservation-insurance" />;
}
export function AnonymousReservationOccupationalPage() {
  return <AnonymousReservationPageFor routeId="booking.anonymous-reservation-occupational" />;
}
