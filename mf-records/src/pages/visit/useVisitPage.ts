import { usePageState } from '@portal/shared-ui';

/** The medical report of the visit in the path (`kaynnit/:id`). */
export function useVisitPage(id: string) {
  return usePageState('records.visit', { id });
}
