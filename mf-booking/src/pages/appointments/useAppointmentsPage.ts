import { usePageState } from '@portal/shared-ui';

/** The patient's upcoming appointments (the session's subject: the ward when a guardian acts for one). */
export function useAppointmentsPage() {
  return usePageState('booking.appointments');
}
