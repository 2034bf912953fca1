import { imagingResultPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const IMAGING_RESULT_ROUTE_ID = 'records.imaging-result';

/** The state of records.imaging-result for one imaging date (yyyy-MM-dd). */
export function useImagingResult(date: string) {
  return usePageState(IMAGING_RESULT_ROUTE_ID, imagingResultPageStateSchema, { date });
}
