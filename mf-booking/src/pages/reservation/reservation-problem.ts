import { isReservationErrorType, toApiFailure, type ApiFailure } from '@portal/shared-api';

/**
 * What a failed reserve call means for the page (spec part 2 §8 "Reservation"): one text per code,
 * or a change of flow (the consent or registration form, strong login). Both reservation pages use it.
 */
export type ReservationProblem =
  | { kind: 'validation'; paths: string[] }
  | { kind: 'network' }
  | { kind: 'appointmentNotAvailable' }
  | { kind: 'tooManyReservations' }
  | { kind: 'treatmentChainCreationFailed' }
  /** logged in: patientDataConsentRequired / consentRequired reopen the consent form */
  | { kind: 'consentRequired' }
  /** logged in: not a customer yet (the registration form) */
  | { kind: 'registrationRequired' }
  /**
   * anonymous: the details cannot be used without identification (warning plus login). One view for
   * every refusal about the person (issue 27: the page must not tell a stranger who is a patient);
   * after strong login the signed-in page shows the actual reason.
   */
  | { kind: 'loginRequired' }
  /**
   * too many attempts (429) from this address, or anonymously with this identity code: when to try
   * again, from the answer's Retry-After (absent when it had none); anonymous also offers login
   */
  | { kind: 'tooManyAttempts'; retry?: { afterSeconds: number; at: string } }
  /** anonymous: the slot needs strong login */
  | { kind: 'strongLoginRequired' }
  | { kind: 'paymentBlocked' }
  | { kind: 'unknownError' };

export type ReservationFlow = 'logged-in' | 'anonymous';

/** Maps a thrown value of the reserve call to the page's reaction; null when the call was aborted (the page was left). */
export function reservationProblemOf(caught: unknown, flow: ReservationFlow): ReservationProblem | null {
  return problemOfFailure(toApiFailure(caught), flow);
}

export function problemOfFailure(failure: ApiFailure, flow: ReservationFlow, now: number = Date.now()): ReservationProblem | null {
  switch (failure.kind) {
    case 'aborted':
      return null;
    case 'validation':
      return { kind: 'validation', paths: failure.details.map((detail) => detail.path) };
    case 'network':
      return { kind: 'network' };
    case 'http':
      // signed in or not, from one address or with one identity code: say when to try again
      if (failure.status === 429) {
        const afterSeconds = failure.retryAfterSeconds;
        return afterSeconds === undefined ? { kind: 'tooManyAttempts' } : { kind: 'tooManyAttempts', retry: { afterSeconds, at: new Date(now + afterSeconds * 1000).toISOString() } };
      }
      return problemOfType(failure.type, flow);
    default:
      return { kind: 'unknownError' };
  }
}

function problemOfType(type: string | undefined, flow: ReservationFlow): ReservationProblem {
  if (!isReservationErrorType(type)) return { kind: 'unknownError' };
  switch (type) {
    case 'appointmentNotAvailable':
    case 'tooManyReservations':
    case 'treatmentChainCreationFailed':
    case 'strongLoginRequired':
      return { kind: type };
    // Anonymous, each of these is about the person the identity code names: one warning with strong
    // login, whichever the server sent (it sends patientInfoConflict for all of them).
    case 'paymentBlocked':
      return flow === 'logged-in' ? { kind: 'paymentBlocked' } : { kind: 'loginRequired' };
    case 'consentRequired':
    case 'patientDataConsentRequired':
      return flow === 'logged-in' ? { kind: 'consentRequired' } : { kind: 'loginRequired' };
    case 'registrationRequired':
      return flow === 'logged-in' ? { kind: 'registrationRequired' } : { kind: 'loginRequired' };
    // spec §8: logged in, these show the unknown-error message
    case 'noPatient':
    case 'patientInfoConflict':
      return flow === 'anonymous' ? { kind: 'loginRequired' } : { kind: 'unknownError' };
    default:
      return { kind: 'unknownError' };
  }
}

/** The message id of a problem that is shown as a text (the flow changes have their own views). */
export const PROBLEM_MESSAGE_IDS: Partial<Record<ReservationProblem['kind'], string>> = {
  network: 'booking.reservation.error.network',
  appointmentNotAvailable: 'booking.reservation.error.appointmentNotAvailable',
  tooManyReservations: 'booking.reservation.error.tooManyReservations',
  treatmentChainCreationFailed: 'booking.reservation.error.treatmentChainCreationFailed',
  paymentBlocked: 'booking.reservation.paymentBlocked.text',
  unknownError: 'booking.reservation.error.unknown',
};

/** The label message id of a 400 answer's path (spec §8 'Please check the following fields: {field labels}'). */
export const FIELD_LABEL_IDS: Record<string, string> = {
  emailAddress: 'booking.reservation.field.emailAddress',
  phone: 'booking.reservation.field.phoneNumber',
  description: 'booking.reservation.field.description',
  insuranceCompany: 'booking.reservation.field.insurance',
  reimbursement: 'booking.reservation.field.insurance',
  insuranceConceptCode: 'booking.reservation.field.insurance',
  dcpContentHash: 'booking.reservation.field.insurance',
  firstName: 'booking.anonymousReservation.field.firstName',
  lastName: 'booking.anonymousReservation.field.lastName',
  ssn: 'booking.anonymousReservation.field.ssn',
  appointmentId: 'booking.reservation.field.appointment',
  internalOrganization: 'booking.reservation.field.appointment',
  healthcareType: 'booking.reservation.field.appointment',
};
