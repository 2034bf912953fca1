import { usePageState } from '@portal/shared-ui';

/** The state of records.imaging-result for one imaging date (yyyy-MM-dd). */
export function useImagingResult(date: string) {
  return usePageState('records.imaging-result', { date });
}
