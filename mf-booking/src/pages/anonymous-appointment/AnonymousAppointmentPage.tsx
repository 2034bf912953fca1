import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import {
  ANONYMOUS_CHECK_IN_PATH,
  anonymousCalendarPath,
  anonymousCheckInResponseSchema,
  isApiError,
  SSN_END_PART_LENGTH,
  type AnonymousAppointment,
  type AnonymousCheckInResponse,
} from '@portal/shared-api';
import { Alert, Button, CodeInput, emptyCode, ErrorView, LinkButton, PageHeading, PageLoadStatus, Spinner, usePageState, useShell } from '@portal/shared-ui';
import { AppointmentFacts } from './AppointmentFacts';
import { hrefIfRoute, loginHref } from './links';
import styles from './AnonymousAppointmentPage.module.css';

/** The screens of spec part 2 §4 "Anonymous appointment flow". */
type Screen =
  | { kind: 'pending' }
  | { kind: 'ssn'; mismatch: boolean }
  | { kind: 'submitting' }
  | { kind: 'checked-in'; roomLocation: string | null; already: boolean }
  | { kind: 'consent' }
  | { kind: 'error'; message: 'checkIn' | 'network' | 'tooManyAttempts' | 'tooEarly' };

const MESSAGE_IDS: Record<Extract<Screen, { kind: 'error' }>['message'], string> = {
  checkIn: 'booking.anonymousAppointment.error.checkIn',
  network: 'booking.anonymousAppointment.error.network',
  tooManyAttempts: 'booking.anonymousAppointment.error.tooManyAttempts',
  tooEarly: 'booking.anonymousAppointment.tooEarly',
};

/** The check-in call's answer as the next screen. */
export function screenAfter(response: AnonymousCheckInResponse): Screen {
  switch (response.type) {
    case 'success':
      return { kind: 'checked-in', roomLocation: response.roomLocation, already: false };
    case 'alreadyCheckedIn':
      return { kind: 'checked-in', roomLocation: null, already: true };
    case 'ssnEndPartMismatch':
      return { kind: 'ssn', mismatch: true };
    case 'confidentialityFormNotFilled':
    case 'confidentialityFormNotFilledAsAdult':
      return { kind: 'consent' };
    case 'tooEarly':
      return { kind: 'error', message: 'tooEarly' };
    case 'unknownError':
      return { kind: 'error', message: 'checkIn' };
  }
}

/** The screen's heading takes focus when the screen changes, so a screen reader hears where it is. */
function ScreenHeading({ children }: { children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 ref={heading} tabIndex={-1} className="portal-title-l portal-m0">
      {children}
    </h2>
  );
}

function CheckInFlow({ appointment }: { appointment: AnonymousAppointment }) {
  const intl = useIntl();
  const shell = useShell();
  const hintId = useId();
  const [ssnEndPart, setSsnEndPart] = useState<string[]>(() => emptyCode(SSN_END_PART_LENGTH));
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `booking.anonymousAppointment.${id}` }, values);
  const [screen, setScreen] = useState<Screen>(
    appointment.isCheckedIn ? { kind: 'checked-in', roomLocation: appointment.roomLocation, already: false } : { kind: 'pending' },
  );

  const submit = async (code: string) => {
    setScreen({ kind: 'submitting' });
    // after a mismatch the boxes come back empty (the code input focuses its first box as it mounts)
    setSsnEndPart(emptyCode(SSN_END_PART_LENGTH));
    try {
      const response = await shell.api.post(ANONYMOUS_CHECK_IN_PATH, anonymousCheckInResponseSchema, {
        json: { appointmentId: appointment.id, ssnEndPart: code },
        searchParams: { lang: shell.lang },
      });
      setScreen(screenAfter(response));
    } catch (error) {
      const failure = isApiError(error) ? error.failure : null;
      if (failure?.kind === 'aborted') return;
      if (failure?.kind === 'network') setScreen({ kind: 'error', message: 'network' });
      else if (failure?.kind === 'http' && failure.status === 429) setScreen({ kind: 'error', message: 'tooManyAttempts' });
      else {
        shell.errors.report(error, 'anonymous-check-in');
        setScreen({ kind: 'error', message: 'checkIn' });
      }
    }
  };

  const appointmentPage = hrefIfRoute(shell, 'booking.appointment', { ids: appointment.signedInId }) ?? undefined;
  const calendarHref = `${anonymousCalendarPath(appointment.id)}?lang=${shell.lang}`;
  const canCheckIn = appointment.selfCheckInStatus === 'allowed' || appointment.selfCheckInStatus === 'too-early';

  switch (screen.kind) {
    case 'pending':
      return (
        <section className="portal-grid-m" aria-label={t('title')}>
          <div className="portal-form-actions portal-items-center">
            {canCheckIn && (
              <Button
                onClick={() => {
                  setSsnEndPart(emptyCode(SSN_END_PART_LENGTH));
                  setScreen({ kind: 'ssn', mismatch: false });
                }}
                disabled={appointment.selfCheckInStatus === 'too-early'}
                aria-describedby={appointment.selfCheckInStatus === 'too-early' ? hintId : undefined}
              >
                {t('checkIn')}
              </Button>
            )}
            {appointment.mayCancel && (
              <LinkButton variant="secondary" href={loginHref(shell, appointmentPage)} aria-describedby={`${hintId}-cancel`}>
                {t('cancel')}
              </LinkButton>
            )}
          </div>
          {appointment.selfCheckInStatus === 'too-early' && (
            <p id={hintId} className="portal-muted portal-m0">
              {t('tooEarly')}
            </p>
          )}
          {appointment.mayCancel ? (
            <p id={`${hintId}-cancel`} className="portal-muted portal-m0">
              {t('cancelHint')}
            </p>
          ) : (
            <p className="portal-muted portal-m0">{t('cancelTooLate')}</p>
          )}
          <p className="portal-muted portal-m0">
            <a className="portal-text-link" href={calendarHref} download>
              {intl.formatMessage({ id: 'booking.calendar.add' })}
            </a>
          </p>
        </section>
      );
    case 'ssn':
      return (
        <section className="portal-grid-m">
          <ScreenHeading>{t('ssn.title')}</ScreenHeading>
          <CodeInput
            kind="identity-code-end"
            value={ssnEndPart}
            onValue={setSsnEndPart}
            legend={t('ssn.label')}
            boxLabel={(index, count) => intl.formatMessage({ id: 'booking.anonymousAppointment.ssn.box' }, { index, count })}
            describedBy={screen.mismatch ? `${hintId}-error ${hintId}` : hintId}
            invalid={screen.mismatch}
            onComplete={(code) => void submit(code)}
          />
          <p id={hintId} className="portal-muted portal-m0">
            {t('ssn.hint')}
          </p>
          {screen.mismatch && (
            <p id={`${hintId}-error`} className={`${styles.error} portal-bold portal-m0`} role="alert">
              {t('ssn.mismatch')}
            </p>
          )}
          <div className="portal-form-actions portal-items-center">
            <Button variant="secondary" onClick={() => setScreen({ kind: 'pending' })}>
              {t('error.goBack')}
            </Button>
          </div>
        </section>
      );
    case 'submitting':
      return <Spinner label={t('pending')} />;
    case 'checked-in':
      return (
        <Alert variant="success" title={t('checkedIn.title')}>
          {screen.already && <p>{t('alreadyCheckedIn')}</p>}
          <p>{screen.roomLocation ? t('checkedIn.room', { room: screen.roomLocation }) : t('checkedIn.noRoom')}</p>
        </Alert>
      );
    case 'consent':
      return (
        <section className="portal-grid-m">
          <ScreenHeading>{t('consent.title')}</ScreenHeading>
          <p>{t('consent.text')}</p>
          <div className="portal-form-actions portal-items-center">
            <LinkButton href={loginHref(shell, hrefIfRoute(shell, 'account.data-processing') ?? appointmentPage)}>{t('consent.link')}</LinkButton>
            <Button variant="secondary" onClick={() => setScreen({ kind: 'pending' })}>
              {t('error.goBack')}
            </Button>
          </div>
        </section>
      );
    case 'error':
      return (
        <div role="alert">
          <ErrorView
            title={t('error.title')}
            text={intl.formatMessage({ id: MESSAGE_IDS[screen.message] })}
            {...(screen.message === 'network' || screen.message === 'checkIn' ? { onRetry: () => setScreen({ kind: 'ssn', mismatch: false }), retryLabel: t('error.tryAgain') } : {})}
          >
            {screen.message === 'tooManyAttempts' && (
              // Locked out of the end part (a guesser, or the patient after typos): signing in checks in from the appointment page.
              <LinkButton href={loginHref(shell, appointmentPage)}>{t('login')}</LinkButton>
            )}
            <Button variant="secondary" onClick={() => setScreen({ kind: 'pending' })}>
              {t('error.goBack')}
            </Button>
          </ErrorView>
        </div>
      );
  }
}

/**
 * booking.anonymous-appointment (spec part 2 §2.1 "Anonymous appointment link", §4 "Anonymous
 * appointment flow", §5, §8): the appointment of an SMS link, with check-in by the identity code's
 * end part (4 boxes) and cancel through strong login; not found (try again, a new appointment, log
 * in) and cancelled (a new booking) views. Nothing on it names the patient.
 */
export function AnonymousAppointmentPage() {
  const intl = useIntl();
  const shell = useShell();
  const { token = '' } = useParams();
  const { page, retry } = usePageState('booking.anonymous-appointment', { token });
  const t = (id: string) => intl.formatMessage({ id: `booking.anonymousAppointment.${id}` });
  const newBooking = hrefIfRoute(shell, 'booking.landing');
  return (
    <div className={`${styles.page} portal-grid-m`}>
      <PageHeading>{t('title')}</PageHeading>
      <PageLoadStatus page={page} retry={retry} />
      {page.status === 'ready' && page.data.status === 'appointment-not-found' && (
        <Alert variant="info" title={t('notFound.title')}>
          <p>{t('notFound.text')}</p>
          <div className="portal-form-actions portal-items-center">
            <Button variant="secondary" onClick={retry}>
              {t('error.tryAgain')}
            </Button>
            {newBooking && (
              <LinkButton variant="secondary" href={newBooking} onNavigate={shell.navigate}>
                {t('newAppointment')}
              </LinkButton>
            )}
            {/* a link that found nothing is no page to come back to: the signed-in appointments are */}
            <LinkButton variant="secondary" href={loginHref(shell, hrefIfRoute(shell, 'booking.appointments') ?? `/${shell.lang}`)}>
              {t('login')}
            </LinkButton>
          </div>
        </Alert>
      )}
      {page.status === 'ready' && page.data.status === 'appointment-cancelled' && (
        <Alert variant="info" title={t('cancelled.title')}>
          <p>{t('cancelled.text')}</p>
          {newBooking && (
            <LinkButton href={newBooking} onNavigate={shell.navigate}>
              {t('newAppointment')}
            </LinkButton>
          )}
        </Alert>
      )}
      {page.status === 'ready' && page.data.status === 'ok' && (
        <>
          <AppointmentFacts appointment={page.data.appointment} />
          <CheckInFlow appointment={page.data.appointment} />
        </>
      )}
    </div>
  );
}
