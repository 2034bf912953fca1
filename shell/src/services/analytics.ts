import type { AnalyticsApi } from '@portal/shared-ui';

type DataLayerEntry = Record<string, unknown>;
declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** Events go to the tag manager's data layer (spec part 1 §7); payloads never carry personal data. */
export function createAnalytics(target: Window = window): AnalyticsApi {
  return {
    push(event, payload = {}) {
      target.dataLayer = target.dataLayer ?? [];
      target.dataLayer.push({ event, ...payload });
    },
  };
}
