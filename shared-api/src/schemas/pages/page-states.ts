import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { expiredSessionPageStateSchema, smsLoginPageStateSchema } from '../account/sms-login';
import { dataAccessPageStateSchema } from '../account/data-access';
import { helpPageStateSchema, pikkutsattiPageStateSchema, sicknessFundPageStateSchema } from '../account/static-pages';
import { teamPageStateSchema } from '../account/team';
import { registrationPageStateSchema } from '../account/registration';
import { dataProcessingPageStateSchema, myInformationPageStateSchema } from '../account/profile';
import { frontPageStateSchema } from './front-page';
import { messagingPageStateSchema, newConversationPageStateSchema } from '../messaging/pages';
import { certificatesPageStateSchema } from '../records/certificates';
import { imagingResultPageStateSchema } from '../records/imaging';
import { laboratoryResultPageStateSchema } from '../records/laboratory';
import { recordsListPageStateSchemas } from '../records/lists';
import { questionnairePageStateSchema } from '../records/questionnaires';
import { referralPageStateSchema } from '../records/referrals';
import { prescriptionRenewalPageStateSchema } from '../records/renewal';
import { vaccinationsPageStateSchema } from '../records/vaccinations';
import { visitPageStateSchema } from '../records/visit';
import { anonymousAppointmentPageStateSchema } from '../booking/anonymous-appointment';
import { appointmentPageStateSchema, appointmentsPageStateSchema } from '../booking/appointments';
import { changeTimePageStateSchema } from '../booking/change-time';
import { earlierTimePageStateSchema } from '../booking/waitlist';
import { anonymousReservationPageStateSchema, reservationPageStateSchema } from '../booking/reservation';
import {
  bookingLandingStateSchema,
  occupationalLandingStateSchema,
  occupationalListStateSchema,
  occupationalVaccinationStateSchema,
  searchListStateSchema,
} from '../booking/search';
import {
  invoiceSummaryPageStateSchema,
  invoicesPageStateSchema,
  payInvoicePageStateSchema,
  paymentResultPageStateSchema,
  payVisitPageStateSchema,
} from '../payments/pages';

/**
 * Route id → the zod schema of the state its server loader returns (embedded in the first page's
 * HTML, and answered by GET /api/pages/:routeId). The one place that types both ends: the server's
 * loader registry accepts only a loader returning `PageStateOf<R>`, and a remote's page reads the
 * same type, so a loader and its page cannot drift apart without a compile error.
 *
 * Every state includes its not-found variant where the page has one (served with HTTP 404).
 * `satisfies` keeps each entry's precise schema type while checking every key is a real route id.
 */
export const pageStateSchemas = {
  'front-page': frontPageStateSchema,
  'messaging.conversations': messagingPageStateSchema,
  'messaging.thread': messagingPageStateSchema,
  'messaging.new': newConversationPageStateSchema,
  ...recordsListPageStateSchemas,
  'records.visit': visitPageStateSchema,
  'records.prescription-renewal': prescriptionRenewalPageStateSchema,
  'records.laboratory-result': laboratoryResultPageStateSchema,
  'records.laboratory-referral': referralPageStateSchema,
  'records.imaging-result': imagingResultPageStateSchema,
  'records.imaging-referral': referralPageStateSchema,
  'records.questionnaire': questionnairePageStateSchema,
  'records.certificates': certificatesPageStateSchema,
  'records.vaccinations': vaccinationsPageStateSchema,
  'account.registration': registrationPageStateSchema,
  'account.welcome': registrationPageStateSchema,
  'account.data-access': dataAccessPageStateSchema,
  'expired-session': expiredSessionPageStateSchema,
  'account.sms-login': smsLoginPageStateSchema,
  'account.team': teamPageStateSchema,
  'account.sickness-fund': sicknessFundPageStateSchema,
  'account.pikkutsatti': pikkutsattiPageStateSchema,
  'account.pikkutsatti-anonymous': pikkutsattiPageStateSchema,
  'account.help': helpPageStateSchema,
  'account.my-information': myInformationPageStateSchema,
  'account.data-processing': dataProcessingPageStateSchema,
  'booking.anonymous-appointment': anonymousAppointmentPageStateSchema,
  'booking.appointments': appointmentsPageStateSchema,
  'booking.appointment': appointmentPageStateSchema,
  'booking.change-time': changeTimePageStateSchema,
  'booking.earlier-time': earlierTimePageStateSchema,
  'booking.reservation': reservationPageStateSchema,
  'booking.reservation-insurance': reservationPageStateSchema,
  'booking.reservation-occupational': reservationPageStateSchema,
  'booking.anonymous-reservation': anonymousReservationPageStateSchema,
  'booking.anonymous-reservation-insurance': anonymousReservationPageStateSchema,
  'booking.anonymous-reservation-occupational': anonymousReservationPageStateSchema,
  'booking.landing': bookingLandingStateSchema,
  'booking.private-list': searchListStateSchema,
  'booking.insurance-list': searchListStateSchema,
  'booking.vaccination': searchListStateSchema,
  'booking.occupational-list': occupationalListStateSchema,
  'booking.occupational-landing': occupationalLandingStateSchema,
  'booking.occupational-vaccination': occupationalVaccinationStateSchema,
  'payments.invoices': invoicesPageStateSchema,
  'payments.summary': invoiceSummaryPageStateSchema,
  'payments.pay': payInvoicePageStateSchema,
  'payments.payment': paymentResultPageStateSchema,
  'payments.pay-visit': payVisitPageStateSchema,
} as const satisfies Partial<Record<RouteId, z.ZodType>>;

/** A route whose page has a server loader (and so a state schema). */
export type RouteWithState = keyof typeof pageStateSchemas;

/** The state of that route's page, as its loader returns it and its page reads it. */
export type PageStateOf<R extends RouteWithState> = z.infer<(typeof pageStateSchemas)[R]>;

/** Narrows a route id (e.g. from a URL) to one that has a state schema. */
export function isRouteWithState(routeId: string): routeId is RouteWithState {
  return Object.prototype.hasOwnProperty.call(pageStateSchemas, routeId);
}
