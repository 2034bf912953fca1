import { usePageState } from '@portal/shared-ui';

export function useLaboratoryPage() {
  return usePageState('records.laboratory');
}
