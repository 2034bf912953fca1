import type { AnonymousReservationOkState, ComposedRoute, ReservationAppointment, ReservationOkState } from '@portal/shared-api';
import { routeTable } from '../../../test/shell-fake';

/** Test data of the reservation pages (used by their tests only). */

export const appointment: ReservationAppointment = {
  id: '501',
  // 10:00 in Helsinki (winter time, +02:00)
  startDate: '2030-01-15T08:00:00.000Z',
  durationMinutes: 30,
  isRemote: false,
  isVideo: false,
  requiresAuthToReserve: false,
  locationType: 'PhysicalLocation',
  clinic: {
    id: 'HKI1',
    name: 'Helsinki Kamppi',
    municipality: 'Helsinki',
    isRemote: false,
    address: { street: 'Urho Kekkosen katu 1', postalCode: '00100', postOffice: 'Helsinki' },
  },
  kind: { id: 'VO', title: 'Clinic visit', reservationInfoHtml: '<p>Bring your <strong>Kela card</strong>.</p>' },
  practitioner: { id: 'P17', name: 'Anna Lahtinen', title: 'General practitioner', isResource: false, profilePictureUrl: null, reservationInfoHtml: null },
  specialty: { id: 'YL', title: 'General practice', reservationInfoHtml: '<p>Arrive 10 minutes early.</p>' },
  specialtyIds: ['YL'],
};

/** What the logged-in and the anonymous page's states say alike of a private slot outside the cancellation window. */
const privateSlotTerms: Pick<
  ReservationOkState & AnonymousReservationOkState,
  'bindingRequired' | 'cancellationHours' | 'healthcareType' | 'internalOrganization' | 'occupationalConfirmation' | 'query'
> = {
  bindingRequired: false,
  cancellationHours: 24,
  healthcareType: 'private',
  internalOrganization: 'portal',
  occupationalConfirmation: 'none',
  query: {},
};

export const okState: ReservationOkState = {
  status: 'ok',
  appointment,
  priceInfo: {
    fromEuros: '89.00',
    lines: [
      { code: 'VO', description: 'Doctor’s visit', priceEuros: '79.00' },
      { code: 'TM', description: 'Service fee', priceEuros: '10.00' },
    ],
  },
  ...privateSlotTerms,
  patient: {
    firstName: 'Mikko',
    lastName: 'Virtanen',
    ssn: '150385-****',
    phoneNumber: '+358401234567',
    email: 'mikko@example.fi',
    language: 'fi',
    postalAddress: { street: 'Kotikatu 1', postalCode: '00100', postOffice: 'Helsinki' },
    patientDataConsentFormUpdated: '2026-01-01T10:00:00.000Z',
    patientDataConsent: 'ok',
  },
  actingForWard: false,
  registration: 'ok',
  isUserCreditWorthy: true,
  contractProductIds: [],
  patientConcepts: [],
  paymentBlocked: false,
};

export const anonymousOkState: AnonymousReservationOkState = {
  status: 'ok',
  appointment,
  priceInfo: okState.priceInfo,
  ...privateSlotTerms,
  requiresStrongLogin: false,
  loggedInPath: '/en/available-appointments/501',
};

export const reservationDetails = {
  appointmentId: '777',
  startDate: appointment.startDate,
  durationMinutes: 30,
  healthcareType: 'private',
  clinicName: 'Helsinki Kamppi',
  practitionerName: 'Anna Lahtinen',
  specialty: 'General practice',
  isRemote: false,
  isVideo: false,
  phone: '+358401234567',
} as const;

function otherRoute(id: string, owner: string, paths: ComposedRoute['paths']): ComposedRoute {
  return { ...routeTable[0]!, id, owner, paths, kind: 'logged-in' };
}

/** The booking routes plus the shell's login and terms and the account remote's My information, as composed where all are deployed. */
export const routesWithAccount: ComposedRoute[] = [
  ...routeTable,
  otherRoute('login', 'shell', { fi: 'kirjaudu', sv: 'logga-in', en: 'login' }),
  otherRoute('terms', 'shell', { fi: 'eula', sv: 'eula', en: 'eula' }),
  otherRoute('account.my-information', 'mf-account', { fi: 'omat-tiedot', sv: 'mina-uppgifter', en: 'my-information' }),
];
