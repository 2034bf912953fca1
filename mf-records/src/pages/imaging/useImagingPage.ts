import { imagingPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const IMAGING_ROUTE_ID = 'records.imaging';

export function useImagingPage() {
  return usePageState(IMAGING_ROUTE_ID, imagingPageStateSchema);
}
