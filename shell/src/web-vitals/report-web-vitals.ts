import { WEB_VITAL_MAX, WEB_VITALS_PATH, type WebVitalName, type WebVitalsBeacon } from '@portal/shared-api';
import type { Metric } from 'web-vitals';

/** What the shell uses of the library: the three Core Web Vitals. */
export type WebVitalsLibrary = Record<`on${WebVitalName}`, (callback: (metric: Pick<Metric, 'name' | 'value'>) => void) => void>;

/**
 * The share of page loads that report. A constant rather than the server's configuration: the page's
 * initial state carries no metrics settings, and a tenth of the portal's page loads is already far
 * more than a histogram per route needs. Change it here and deploy the shell.
 */
export const WEB_VITALS_SAMPLE_RATE = 0.1;

/** The page whose load is measured: its route id, and the remote rendering it when that is not the shell. */
export interface MeasuredPage {
  pageType: string;
  /** the remote's id, null for the shell's own pages */
  remoteId: string | null;
}

export interface ReportWebVitalsOptions {
  page: MeasuredPage;
  /** the version of a remote this page runs (the federation loader's), read when a metric is sent */
  remoteVersion: (remoteId: string) => string | undefined;
  sampleRate?: number;
  /** in [0, 1); injectable for tests */
  random?: () => number;
  /** runs the callback once the browser is idle: the library's download never competes with the page */
  whenIdle?: (callback: () => void) => void;
  /** the library in its own chunk, downloaded only by sampled page loads */
  loadLibrary?: () => Promise<WebVitalsLibrary>;
  send?: (beacon: WebVitalsBeacon) => void;
}

function whenBrowserIdle(callback: () => void): void {
  // Safari has no requestIdleCallback: a timeout is idle enough there
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => callback(), { timeout: 5000 });
  else window.setTimeout(callback, 0);
}

/**
 * `navigator.sendBeacon`, which the browser delivers even while the page unloads (LCP and CLS are
 * final only when the page is hidden). A same-origin JSON Blob is what the route takes; a browser
 * that refuses to queue it gets a keepalive fetch, which also outlives the page.
 */
export function sendWebVitalsBeacon(beacon: WebVitalsBeacon): void {
  const body = JSON.stringify(beacon);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(WEB_VITALS_PATH, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // a browser that throws on the Blob's type: the fetch below
  }
  void fetch(WEB_VITALS_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body,
  }).catch(() => undefined);
}

/**
 * Reports this page load's LCP, INP and CLS (issue 30) when the page load is sampled: each metric
 * once, with the page's route id and the remote version rendering it, nothing else (no address, no
 * metric id, no attribution: they hold ids and the page's text). INP and CLS span the whole visit,
 * its client-side navigations included; they are counted for the page the visit began on, as the
 * Chrome UX Report counts them.
 *
 * The library is loaded when the browser is idle and reads the entries the browser buffered before
 * (PerformanceObserver's `buffered`), so loading it late loses no LCP or layout shift.
 */
export function reportWebVitals({
  page,
  remoteVersion,
  sampleRate = WEB_VITALS_SAMPLE_RATE,
  random = Math.random,
  whenIdle = whenBrowserIdle,
  loadLibrary = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'),
  send = sendWebVitalsBeacon,
}: ReportWebVitalsOptions): void {
  if (!(random() < sampleRate)) return;
  const sent = new Set<WebVitalName>();
  const report = (metric: Pick<Metric, 'name' | 'value'>) => {
    const name = metric.name;
    // a page restored from the back/forward cache reports again: one load, one value of each
    if ((name !== 'LCP' && name !== 'INP' && name !== 'CLS') || sent.has(name) || !Number.isFinite(metric.value)) return;
    sent.add(name);
    const version = page.remoteId === null ? undefined : remoteVersion(page.remoteId);
    send({
      metric: name,
      // beyond the top a load is as poor as at it: kept in the top bucket rather than refused
      value: Math.min(Math.max(metric.value, 0), WEB_VITAL_MAX[name]),
      pageType: page.pageType,
      ...(page.remoteId !== null && version !== undefined ? { remote: { id: page.remoteId, version } } : {}),
    });
  };
  whenIdle(() => {
    loadLibrary().then(
      (library) => {
        library.onLCP(report);
        library.onINP(report);
        library.onCLS(report);
      },
      // a chunk that did not arrive costs this page load's sample, nothing the visitor sees
      () => undefined,
    );
  });
}
