import type { AppointmentDetail } from '@portal/shared-api';

/** (being built: issue 13) "Add to calendar", "Change time" and "Tell me of an earlier time" for an upcoming appointment. */
export function AppointmentExtras(_props: { appointment: AppointmentDetail }) {
  return null;
}
