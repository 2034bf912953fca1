import type { PageStateImports } from '../pages/page-state-imports';
import type { bookingPageStates } from './page-states';

/**
 * bookingPageStates, each schema imported when its route is first shown: the remote's browser bundle
 * constructs only the schemas of the pages the visitor opens (page-state-imports.test.ts checks
 * that every entry gives the same schema as bookingPageStates).
 */
export const bookingPageStateImports = {
  'booking.anonymous-appointment': () => import('./anonymous-appointment').then((m) => m.anonymousAppointmentPageStateSchema),
  'booking.appointments': () => import('./appointments').then((m) => m.appointmentsPageStateSchema),
  'booking.appointment': () => import('./appointments').then((m) => m.appointmentPageStateSchema),
  'booking.change-time': () => import('./change-time').then((m) => m.changeTimePageStateSchema),
  'booking.earlier-time': () => import('./waitlist').then((m) => m.earlierTimePageStateSchema),
  'booking.reservation': () => import('./reservation').then((m) => m.reservationPageStateSchema),
  'booking.reservation-insurance': () => import('./reservation').then((m) => m.reservationPageStateSchema),
  'booking.reservation-occupational': () => import('./reservation').then((m) => m.reservationPageStateSchema),
  'booking.anonymous-reservation': () => import('./reservation').then((m) => m.anonymousReservationPageStateSchema),
  'booking.anonymous-reservation-insurance': () => import('./reservation').then((m) => m.anonymousReservationPageStateSchema),
  'booking.anonymous-reservation-occupational': () => import('./reservation').then((m) => m.anonymousReservationPageStateSchema),
  'booking.landing': () => import('./search').then((m) => m.bookingLandingStateSchema),
  'booking.private-list': () => import('./search').then((m) => m.searchListStateSchema),
  'booking.insurance-list': () => import('./search').then((m) => m.searchListStateSchema),
  'booking.vaccination': () => import('./search').then((m) => m.searchListStateSchema),
  'booking.occupational-list': () => import('./search').then((m) => m.occupationalListStateSchema),
  'booking.occupational-landing': () => import('./search').then((m) => m.occupationalLandingStateSchema),
  'booking.occupational-vaccination': () => import('./search').then((m) => m.occupationalVaccinationStateSchema),
} as const satisfies PageStateImports<keyof typeof bookingPageStates>;
