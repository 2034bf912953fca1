import { useEffect, useRef, useState } from 'react';
import {
  APPOINTMENT_CANCELLED_FRAGMENT,
  APPOINTMENT_CHECK_IN_PATH,
  APPOINTMENT_PATH,
  appointmentCallPath,
  cancelAppointmentResponseSchema,
  checkInResponseSchema,
  isApiError,
  type AppointmentDetail,
} from '@portal/shared-api';
import { useShell } from '@portal/shared-ui';
import { fullPageLoad } from './full-page-load';

/** After a successful cancel, a full page load to the front page if the shell has not navigated by then. */
export const CANCEL_NAVIGATION_FALLBACK_MS = 3000;

/** What check-in said (spec part 2 §8 "Check-in and cancel"), as the page shows it. */
export type CheckInOutcome =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'checked-in'; roomLocation: string | null }
  | { kind: 'already-checked-in' }
  | { kind: 'too-early' }
  | { kind: 'consent-needed'; forChild: boolean }
  | { kind: 'failed' };

export type CancelOutcome =
  | { kind: 'idle' }
  | { kind: 'confirming' }
  | { kind: 'cancelling' }
  | { kind: 'cancelled' }
  /** §8 "Cancel failure": `lessThanHours` when the start is inside the cancellation window */
  | { kind: 'failed'; lessThanHours: number | null };

/**
 * Check-in and cancel of one appointment (spec part 2 §4, §7, §8). A successful cancel reports
 * reservationCancel (ids only, docs/product-decisions.md, "Analytics carry no personal data") and goes to the front page with
 * #appointment-cancelled, where the shell shows the 'Appointment canceled' toast.
 */
export function useAppointmentActions(appointment: AppointmentDetail) {
  const shell = useShell();
  const [checkIn, setCheckIn] = useState<CheckInOutcome>(
    appointment.selfCheckInStatus === 'CheckedIn' ? { kind: 'checked-in', roomLocation: appointment.roomLocation } : { kind: 'idle' },
  );
  const [cancel, setCancel] = useState<CancelOutcome>({ kind: 'idle' });
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(fallback.current), []);

  const doCheckIn = async () => {
    setCheckIn({ kind: 'checking' });
    try {
      const answer = await shell.api.post(appointmentCallPath(APPOINTMENT_CHECK_IN_PATH, appointment.id), checkInResponseSchema);
      switch (answer.type) {
        case 'Success':
          return setCheckIn({ kind: 'checked-in', roomLocation: answer.roomLocation });
        case 'AlreadyCheckedIn':
          return setCheckIn({ kind: 'already-checked-in' });
        case 'TooEarly':
          return setCheckIn({ kind: 'too-early' });
        case 'ConfidentialityFormNotFilled':
          return setCheckIn({ kind: 'consent-needed', forChild: true });
        case 'ConfidentialityFormNotFilledAsAdult':
          return setCheckIn({ kind: 'consent-needed', forChild: false });
        default:
          return setCheckIn({ kind: 'failed' });
      }
    } catch (error) {
      shell.errors.report(error, 'booking-check-in');
      setCheckIn({ kind: 'failed' });
    }
  };

  const doCancel = async () => {
    setCancel({ kind: 'cancelling' });
    try {
      await shell.api.delete(appointmentCallPath(APPOINTMENT_PATH, appointment.id), cancelAppointmentResponseSchema);
    } catch (error) {
      const deadline = isApiError(error) && error.failure.kind === 'http' && error.failure.type === 'deadlineExceeded';
      if (!deadline) shell.errors.report(error, 'booking-cancel');
      setCancel({ kind: 'failed', lessThanHours: deadline || appointment.withinCancellationWindow ? appointment.cancellationHours : null });
      return;
    }
    setCancel({ kind: 'cancelled' });
    shell.analytics.push('reservationCancel', {
      appointmentId: appointment.id,
      healthcareType: appointment.healthcareType,
      specialtyId: appointment.specialty.id,
      clinicId: appointment.clinic.id,
      practitionerId: appointment.practitioner.id,
    });
    const target = `${shell.href('front-page')}#${APPOINTMENT_CANCELLED_FRAGMENT}`;
    shell.navigate(target);
    // The page is left on navigation (and this timer cleared); still here, the page loads anew.
    fallback.current = setTimeout(() => fullPageLoad(target), CANCEL_NAVIGATION_FALLBACK_MS);
  };

  return {
    checkIn,
    cancel,
    doCheckIn,
    askCancel: () => setCancel({ kind: 'confirming' }),
    keepAppointment: () => setCancel({ kind: 'idle' }),
    doCancel,
  };
}
