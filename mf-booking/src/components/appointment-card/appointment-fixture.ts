import type { AppointmentDetail } from '@portal/shared-api';

/** A reserved physical appointment a week ahead (tests override what they are about). */
export function buildAppointment(overrides: Partial<AppointmentDetail> = {}): AppointmentDetail {
  return {
    id: '100003',
    kindId: 'VAST',
    kind: 'Appointment',
    isSpecificTime: true,
    startDate: '2026-12-01T09:00:00.000Z',
    durationMinutes: 30,
    isRemote: false,
    isVideo: false,
    locationType: 'PhysicalLocation',
    healthcareType: 'private',
    clinic: {
      id: 'KA',
      name: 'Lääkärikeskus Kamppi',
      municipality: 'Helsinki',
      isRemote: false,
      address: { street: 'Malminkatu 3', postalCode: '00100', postOffice: 'Helsinki' },
      arrivalInfoHtml: '<p>Check in at the reception on the <strong>2nd floor</strong>.</p>',
    },
    practitioner: { id: '9', name: 'Pertti Rantanen', title: 'Endocrinologist', isResource: false, profilePictureUrl: null },
    specialty: { id: 'ENDO', title: 'Endocrinology' },
    price: { fromEuros: '101.90', lines: null },
    selfCheckInStatus: 'TooEarly',
    hasAppointeeCanceled: false,
    isCancelled: false,
    mayCancel: true,
    withinCancellationWindow: false,
    cancellationHours: 24,
    roomLocation: null,
    arrivalReason: null,
    reservedDate: '2026-11-20',
    ...overrides,
  };
}
