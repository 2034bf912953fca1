import { usePageState } from '@portal/shared-ui';

/** The state of records.laboratory-result for one sample date (yyyy-MM-dd). */
export function useLaboratoryResult(date: string) {
  return usePageState('records.laboratory-result', { date });
}
