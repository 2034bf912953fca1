import type { MovableAppointment } from '@portal/shared-api';

/** The appointment being moved in the change-time and earlier-time page tests: Anna Lahtinen, 10 Dec 2026, Kamppi. */
export const movableAppointment: MovableAppointment = {
  id: '100042',
  startDate: '2026-12-10T08:00:00.000Z',
  durationMinutes: 30,
  kind: 'Appointment',
  practitioner: { id: '1', name: 'Anna Lahtinen', title: 'General practitioner', isResource: false, profilePictureUrl: null },
  specialty: { id: 'YLE', title: 'General practice' },
  clinic: { id: 'KA', name: 'Lääkärikeskus Kamppi', municipality: 'Helsinki', isRemote: false },
  isRemote: false,
};
