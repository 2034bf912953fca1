import { visitPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const VISIT_ROUTE_ID = 'records.visit';

/** The medical report of the visit in the path (`kaynnit/:id`). */
export function useVisitPage(id: string) {
  return usePageState(VISIT_ROUTE_ID, visitPageStateSchema, { id });
}
