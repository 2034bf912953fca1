import { lazyPage, type RemotePageMap } from '@portal/shared-ui';

/**
 * Route id (routes.json) → page, each its own chunk fetched when its route is first shown (lazyPage);
 * a route id's folder is found from its name.
 */
export const pages: RemotePageMap = {
  'booking.reservation': lazyPage(() => import('./reservation/ReservationPage').then((m) => m.PrivateReservationPage)),
  'booking.reservation-insurance': lazyPage(() => import('./reservation/ReservationPage').then((m) => m.InsuranceReservationPage)),
  'booking.reservation-occupational': lazyPage(() => import('./reservation/ReservationPage').then((m) => m.OccupationalReservationPage)),
  'booking.anonymous-reservation': lazyPage(() => import('./anonymous-reservation/AnonymousReservationPage').then((m) => m.PrivateAnonymousReservationPage)),
  'booking.anonymous-reservation-insurance': lazyPage(() => import('./anonymous-reservation/AnonymousReservationPage').then((m) => m.InsuranceAnonymousReservationPage)),
  'booking.anonymous-reservation-occupational': lazyPage(() => import('./anonymous-reservation/AnonymousReservationPage').then((m) => m.OccupationalAnonymousReservationPage)),
  'booking.landing': lazyPage(() => import('./landing/LandingPage').then((m) => m.LandingPage)),
  'booking.appointments': lazyPage(() => import('./appointments/AppointmentsPage').then((m) => m.AppointmentsPage)),
  'booking.appointment': lazyPage(() => import('./appointment/AppointmentPage').then((m) => m.AppointmentPage)),
  'booking.private-list': lazyPage(() => import('./appointment-list/AppointmentListPage').then((m) => m.PrivateListPage)),
  'booking.insurance-list': lazyPage(() => import('./appointment-list/AppointmentListPage').then((m) => m.InsuranceListPage)),
  'booking.vaccination': lazyPage(() => import('./appointment-list/AppointmentListPage').then((m) => m.VaccinationListPage)),
  'booking.occupational-list': lazyPage(() => import('./appointment-list/AppointmentListPage').then((m) => m.OccupationalListPage)),
  'booking.occupational-landing': lazyPage(() => import('./occupational-landing/OccupationalLandingPage').then((m) => m.OccupationalLandingPage)),
  'booking.occupational-vaccination': lazyPage(() => import('./occupational-vaccination/OccupationalVaccinationPage').then((m) => m.OccupationalVaccinationPage)),
  'booking.anonymous-appointment': lazyPage(() => import('./anonymous-appointment/AnonymousAppointmentPage').then((m) => m.AnonymousAppointmentPage)),
  'booking.change-time': lazyPage(() => import('./change-time/ChangeTimePage').then((m) => m.ChangeTimePage)),
  'booking.earlier-time': lazyPage(() => import('./earlier-time/EarlierTimePage').then((m) => m.EarlierTimePage)),
};
