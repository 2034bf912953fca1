import { usePageState } from '@portal/shared-ui';

export function usePrescriptionsPage() {
  return usePageState('records.prescriptions');
}
