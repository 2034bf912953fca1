import { laboratoryPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const LABORATORY_ROUTE_ID = 'records.laboratory';

export function useLaboratoryPage() {
  return usePageState(LABORATORY_ROUTE_ID, laboratoryPageStateSchema);
}
