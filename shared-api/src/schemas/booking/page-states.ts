import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { anonymousAppointmentPageStateSchema } from './anonymous-appointment';
import { appointmentPageStateSchema, appointmentsPageStateSchema } from './appointments';
import { changeTimePageStateSchema } from './change-time';
import { anonymousReservationPageStateSchema, reservationPageStateSchema } from './reservation';
import { bookingLandingStateSchema, occupationalLandingStateSchema, occupationalListStateSchema, occupationalVaccinationStateSchema, searchListStateSchema } from './search';
import { earlierTimePageStateSchema } from './waitlist';

/**
 * The page state schemas of the routes of mf-booking (see pageStateSchemas): its ./app bundles only these,
 * handed to createRemote as `pageStates`.
 */
export const bookingPageStates = {
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
} as const satisfies Partial<Record<RouteId, z.ZodType>>;
