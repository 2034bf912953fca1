import { prescriptionsPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const PRESCRIPTIONS_ROUTE_ID = 'records.prescriptions';

export function usePrescriptionsPage() {
  return usePageState(PRESCRIPTIONS_ROUTE_ID, prescriptionsPageStateSchema);
}
