import { usePageState } from '@portal/shared-ui';

export function useVisitsPage() {
  return usePageState('records.visits');
}
