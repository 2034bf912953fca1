import { usePageState } from '@portal/shared-ui';

/** The appointments of the path (`varaus/:ids`, one or several comma-separated ids). */
export function useAppointmentPage(ids: string) {
  return usePageState('booking.appointment', { ids });
}
