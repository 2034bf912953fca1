import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CHECK_IN_OPENS_MINUTES, type AppointmentDetail } from '@portal/shared-api';
import { Alert, Button, LinkButton, useShell } from '@portal/shared-ui';
import { AppointmentCard } from '../../components/appointment-card/AppointmentCard';
import { AppointmentExtras } from '../../components/appointment-extras/AppointmentExtras';
import { ArrivalReasonForm } from './ArrivalReasonForm';
import { ConsentNeededNotice } from './ConsentNeededNotice';
import { CustomerServicePhone } from './CustomerServicePhone';
import { useAppointmentActions } from './useAppointmentActions';
import styles from './AppointmentPage.module.css';

/**
 * One appointment on its page, with the actions spec part 2 §4 allows:
 * - check-in only while selfCheckInStatus is Allowed or TooEarly (disabled then); after it the
 *   room (or 'see reception') and no buttons; the consent-needed notice for either form result;
 * - cancel only when mayCancel, not checked in, no error shown and not consent-needed;
 * - a provider-cancelled appointment: the warning, no buttons, and a new time with the same practitioner;
 * - the arrival reason for a non-remote appointment that is still to come, with a valid session.
 */
export function AppointmentPanel({ appointment }: { appointment: AppointmentDetail }) {
  const intl = useIntl();
  const shell = useShell();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { checkIn, cancel, doCheckIn, askCancel, keepAppointment, doCancel } = useAppointmentActions(appointment);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  // The page's moment: whether the appointment has ended is decided once, as the server decided its buttons.
  const [shownAt] = useState(() => Date.now());

  // The button that was pressed is gone: the focus goes to what replaced it.
  useEffect(() => {
    if (checkIn.kind === 'checked-in' && appointment.selfCheckInStatus !== 'CheckedIn') doneRef.current?.focus();
  }, [checkIn.kind, appointment.selfCheckInStatus]);
  useEffect(() => {
    if (cancel.kind === 'confirming') confirmRef.current?.focus();
  }, [cancel.kind]);

  const cancelled = appointment.hasAppointeeCanceled || appointment.isCancelled || cancel.kind === 'cancelled';
  const checkedIn = checkIn.kind === 'checked-in' || checkIn.kind === 'already-checked-in';
  const consentNeeded = checkIn.kind === 'consent-needed';
  const errorShown = checkIn.kind === 'too-early' || checkIn.kind === 'failed' || cancel.kind === 'failed';
  const checkInOffered = appointment.selfCheckInStatus === 'Allowed' || appointment.selfCheckInStatus === 'TooEarly';
  const showCheckIn = !cancelled && !checkedIn && !consentNeeded && checkInOffered;
  const showCancel = !cancelled && appointment.mayCancel && !checkedIn && !errorShown && !consentNeeded;
  const ended = Date.parse(appointment.startDate) + appointment.durationMinutes * 60_000 <= shownAt;
  const upcomingReserved = !cancelled && !checkedIn && !ended;
  const showArrivalReason = !cancelled && !ended && !appointment.isRemote && shell.user !== null;
  const newTimeHref = shell.hasRoute('booking.private-list')
    ? `${shell.href('booking.private-list')}?${new URLSearchParams({ practitionerIds: appointment.practitioner.id }).toString()}`
    : null;

  return (
    <div className="portal-vstack-s">
      <AppointmentCard appointment={appointment}>
        {appointment.hasAppointeeCanceled && (
          <Alert variant="warning" announce={false}>
            {t('booking.appointment.providerCancelled')}
          </Alert>
        )}
        {appointment.isCancelled && (
          <Alert variant="info" announce={false}>
            {t('booking.appointment.cancelledByYou')}
          </Alert>
        )}
        {(appointment.hasAppointeeCanceled || appointment.isCancelled) && newTimeHref && (
          <p className="portal-m0">
            <LinkButton href={newTimeHref} onNavigate={shell.navigate} variant="secondary">
              {t('booking.appointment.reserveNewTime')}
            </LinkButton>
          </p>
        )}

        {checkIn.kind === 'checked-in' && (
          <div role="status">
            <p ref={doneRef} tabIndex={-1} className={`${styles.done} portal-bold portal-m0`}>
              {t('booking.appointment.checkIn.done')}
            </p>
            <p className="portal-m0">
              {checkIn.roomLocation
                ? t('booking.appointment.checkIn.room', { room: checkIn.roomLocation })
                : t('booking.appointment.checkIn.seeReception')}
            </p>
          </div>
        )}
        {checkIn.kind === 'already-checked-in' && <Alert variant="info">{t('booking.appointment.checkIn.alreadyCheckedIn')}</Alert>}
        {checkIn.kind === 'too-early' && <Alert variant="warning">{t('booking.appointment.checkIn.tooEarly', { minutes: CHECK_IN_OPENS_MINUTES })}</Alert>}
        {checkIn.kind === 'failed' && <Alert variant="error">{t('booking.appointment.checkIn.failed')}</Alert>}
        {checkIn.kind === 'consent-needed' && <ConsentNeededNotice forChild={checkIn.forChild} />}

        {cancel.kind === 'failed' && (
          <Alert variant="warning">
            <p className="portal-mb-xs portal-last-mb0">
              {t('booking.appointment.cancel.failed')}
              {cancel.lessThanHours !== null && <> {t('booking.appointment.cancel.lessThan', { hours: cancel.lessThanHours })}</>}
            </p>
            <p className="portal-mb-xs portal-last-mb0">
              <FormattedMessage id="booking.appointment.cancel.callUs" values={{ phone: <CustomerServicePhone key="phone" /> }} />
            </p>
          </Alert>
        )}
        {upcomingReserved && !appointment.mayCancel && appointment.withinCancellationWindow && cancel.kind !== 'failed' && (
          <p className="portal-muted portal-m0">
            <FormattedMessage
              id="booking.appointment.cancel.notOnline"
              values={{ hours: appointment.cancellationHours, phone: <CustomerServicePhone key="phone" /> }}
            />
          </p>
        )}

        {(showCheckIn || showCancel) && cancel.kind !== 'confirming' && (
          <div className="portal-form-actions portal-items-center portal-full-small">
            {showCheckIn && (
              <Button
                onClick={doCheckIn}
                disabled={appointment.selfCheckInStatus === 'TooEarly'}
                loading={checkIn.kind === 'checking'}
                aria-describedby={appointment.selfCheckInStatus === 'TooEarly' ? `checkin-hint-${appointment.id}` : undefined}
              >
                {t('booking.appointment.checkIn')}
              </Button>
            )}
            {showCancel && (
              <Button ref={cancelButtonRef} variant="secondary" onClick={askCancel} disabled={checkIn.kind === 'checking'}>
                {t('booking.appointment.cancel')}
              </Button>
            )}
            {showCheckIn && appointment.selfCheckInStatus === 'TooEarly' && (
              <p id={`checkin-hint-${appointment.id}`} className="portal-muted portal-m0">
                {t('booking.appointment.checkIn.opensHint', { minutes: CHECK_IN_OPENS_MINUTES })}
              </p>
            )}
          </div>
        )}
        {showCancel && (cancel.kind === 'confirming' || cancel.kind === 'cancelling') && (
          <div ref={confirmRef} tabIndex={-1} className={`${styles.confirm} portal-frame portal-vstack-s`} role="group" aria-labelledby={`cancel-question-${appointment.id}`}>
            <p id={`cancel-question-${appointment.id}`} className="portal-bold portal-m0">
              {t('booking.appointment.cancel.question')}
            </p>
            <div className="portal-form-actions portal-items-center portal-full-small">
              <Button variant="danger" onClick={doCancel} loading={cancel.kind === 'cancelling'}>
                {t('booking.appointment.cancel.confirm')}
              </Button>
              <Button
                variant="secondary"
                disabled={cancel.kind === 'cancelling'}
                onClick={() => {
                  keepAppointment();
                  requestAnimationFrame(() => cancelButtonRef.current?.focus());
                }}
              >
                {t('booking.appointment.cancel.keep')}
              </Button>
            </div>
          </div>
        )}

        {showArrivalReason && <ArrivalReasonForm appointment={appointment} />}
      </AppointmentCard>
      {upcomingReserved && <AppointmentExtras appointment={appointment} />}
    </div>
  );
}
