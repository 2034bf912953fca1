import { usePageState } from '@portal/shared-ui';

export function useImagingPage() {
  return usePageState('records.imaging');
}
