import { visitsPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const VISITS_ROUTE_ID = 'records.visits';

export function useVisitsPage() {
  return usePageState(VISITS_ROUTE_ID, visitsPageStateSchema);
}
