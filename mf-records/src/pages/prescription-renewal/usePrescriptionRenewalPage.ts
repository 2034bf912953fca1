import { prescriptionRenewalPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const PRESCRIPTION_RENEWAL_ROUTE_ID = 'records.prescription-renewal';

/** The renewal page's state for the ids of its path (`reseptin-uusinta/:ids`). */
export function usePrescriptionRenewalPage(ids: string) {
  return usePageState(PRESCRIPTION_RENEWAL_ROUTE_ID, prescriptionRenewalPageStateSchema, { ids });
}
