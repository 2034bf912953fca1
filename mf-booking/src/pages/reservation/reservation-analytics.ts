import type { AnalyticsApi } from '@portal/shared-ui';
import type { HealthcareType, ReservationAppointment } from '@portal/shared-api';

/**
 * The reservation's analytics events (spec part 1 §7: reservationStart, reservationSuccess,
 * reservationError). docs/product-decisions.md, "Analytics carry no personal data": the payload carries ids and the type only, never an identity
 * code, a name or contact details.
 */
export function reservationAnalytics(analytics: AnalyticsApi, appointment: ReservationAppointment, healthcareType: HealthcareType) {
  const payload = {
    appointmentId: appointment.id,
    healthcareType,
    specialtyId: appointment.specialty.id,
    clinicId: appointment.clinic.id,
    practitionerId: appointment.practitioner.id,
  };
  return {
    start: () => analytics.push('reservationStart', payload),
    success: (reservedId: string) => analytics.push('reservationSuccess', { ...payload, appointmentId: reservedId }),
    error: (errorType: string) => analytics.push('reservationError', { ...payload, errorType }),
  };
}
