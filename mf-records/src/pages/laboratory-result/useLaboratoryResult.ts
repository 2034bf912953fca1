import { laboratoryResultPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const LABORATORY_RESULT_ROUTE_ID = 'records.laboratory-result';

/** The state of records.laboratory-result for one sample date (yyyy-MM-dd). */
export function useLaboratoryResult(date: string) {
  return usePageState(LABORATORY_RESULT_ROUTE_ID, laboratoryResultPageStateSchema, { date });
}
