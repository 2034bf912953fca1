import { usePageState } from '@portal/shared-ui';

/** The renewal page's state for the ids of its path (`reseptin-uusinta/:ids`). */
export function usePrescriptionRenewalPage(ids: string) {
  return usePageState('records.prescription-renewal', { ids });
}
