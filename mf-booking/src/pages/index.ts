import type { RemotePageMap } from '@portal/shared-ui';
import { InsuranceListPage, OccupationalListPage, PrivateListPage, VaccinationListPage } from './appointment-list/AppointmentListPage';
import { LandingPage } from './landing/LandingPage';
import { AppointmentsPage } from './appointments/AppointmentsPage';
import { AppointmentPage } from './appointment/AppointmentPage';
import { InsuranceAnonymousReservationPage, OccupationalAnonymousReservationPage, PrivateAnonymousReservationPage } from './anonymous-reservation/AnonymousReservationPage';
import { InsuranceReservationPage, OccupationalReservationPage, PrivateReservationPage } from './reservation/ReservationPage';
import { OccupationalLandingPage } from './occupational-landing/OccupationalLandingPage';
import { OccupationalVaccinationPage } from './occupational-vaccination/OccupationalVaccinationPage';
import { AnonymousAppointmentPage } from './anonymous-appointment/AnonymousAppointmentPage';
import { ChangeTimePage } from './change-time/ChangeTimePage';
import { EarlierTimePage } from './earlier-time/EarlierTimePage';

/** Route id (routes.json) → page component; a route id's folder is found from its name. */
export const pages: RemotePageMap = {
  'booking.reservation': PrivateReservationPage,
  'booking.reservation-insurance': InsuranceReservationPage,
  'booking.reservation-occupational': OccupationalReservationPage,
  'booking.anonymous-reservation': PrivateAnonymousReservationPage,
  'booking.anonymous-reservation-insurance': InsuranceAnonymousReservationPage,
  'booking.anonymous-reservation-occupational': OccupationalAnonymousReservationPage,
  'booking.landing': LandingPage,
  'booking.appointments': AppointmentsPage,
  'booking.appointment': AppointmentPage,
  'booking.private-list': PrivateListPage,
  'booking.insurance-list': InsuranceListPage,
  'booking.vaccination': VaccinationListPage,
  'booking.occupational-list': OccupationalListPage,
  'booking.occupational-landing': OccupationalLandingPage,
  'booking.occupational-vaccination': OccupationalVaccinationPage,
  'booking.anonymous-appointment': AnonymousAppointmentPage,
  'booking.change-time': ChangeTimePage,
  'booking.earlier-time': EarlierTimePage,
};
