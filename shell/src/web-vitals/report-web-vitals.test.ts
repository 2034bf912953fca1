import { waitFor } from '@testing-library/react';
import { webVitalsBeaconSchema } from '@portal/shared-api';
import { onCLS, onINP, onLCP } from 'web-vitals';
import { reportWebVitals, WEB_VITALS_SAMPLE_RATE } from './report-web-vitals';

jest.mock('web-vitals', () => ({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() }));

type Report = (metric: { name: string; value: number; id?: string; navigationType?: string }) => void;

/** The callback the shell registered with one of the library's functions. */
const registered = (on: unknown): Report => {
  const calls = (on as jest.Mock).mock.calls as [Report][];
  expect(calls).toHaveLength(1);
  return calls[0]![0];
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Until the library has been loaded and the shell has registered its three callbacks (CLS the last). */
const registeredAll = () => waitFor(() => expect(onCLS).toHaveBeenCalledTimes(1));

/** The library's loader as the shell's default (the mocked module), counted: a load is seen when it starts. */
const countedLoader = () => jest.fn(() => import('web-vitals'));

const RECORDS_PAGE = { pageType: 'records.visit', remoteId: 'mf-records' };

describe('reportWebVitals', () => {
  let sendBeacon: jest.Mock<boolean, [string, Blob]>;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    jest.clearAllMocks();
    sendBeacon = jest.fn<boolean, [string, Blob]>(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
    fetchMock = jest.fn(() => Promise.resolve({ ok: true, status: 204 }));
    Object.defineProperty(globalThis, 'fetch', { value: fetchMock, configurable: true, writable: true });
    window.history.replaceState(null, '', '/fi/terveystiedot/kaynnit/3f0c2a4e-7d1b-4c55-9a7e-000000000001?utm_source=x');
  });

  async function beacons(): Promise<{ url: string; type: string; body: Record<string, unknown> }[]> {
    return Promise.all(sendBeacon.mock.calls.map(async ([url, blob]) => ({ url, type: blob.type, body: JSON.parse(await readBlob(blob)) as Record<string, unknown> })));
  }

  it('a page load sampled out loads nothing and sends nothing', async () => {
    const whenIdle = jest.fn((callback: () => void) => callback());
    const loadLibrary = countedLoader();
    reportWebVitals({ page: RECORDS_PAGE, remoteVersion: () => 'v2', random: () => WEB_VITALS_SAMPLE_RATE, whenIdle, loadLibrary });
    expect(whenIdle).not.toHaveBeenCalled();
    expect(loadLibrary).not.toHaveBeenCalled();
    expect(onLCP).not.toHaveBeenCalled();
    expect(onINP).not.toHaveBeenCalled();
    expect(onCLS).not.toHaveBeenCalled();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a sampled page load waits for the browser to be idle before loading the library', async () => {
    let idle: (() => void) | undefined;
    const loadLibrary = countedLoader();
    reportWebVitals({ page: RECORDS_PAGE, remoteVersion: () => 'v2', random: () => 0, whenIdle: (callback) => (idle = callback), loadLibrary });
    expect(loadLibrary).not.toHaveBeenCalled();
    idle!();
    expect(loadLibrary).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onLCP).toHaveBeenCalledTimes(1));
  });

  it('a sampled page load sends each metric once, with the route id and remote version and nothing else', async () => {
    reportWebVitals({ page: RECORDS_PAGE, remoteVersion: (id) => (id === 'mf-records' ? 'v2' : undefined), random: () => 0.05, whenIdle: (callback) => callback() });
    await registeredAll();
    const metric = { id: 'v5-1700000000000-42', navigationType: 'navigate', rating: 'good', entries: [{ url: window.location.href }] };
    registered(onLCP)({ name: 'LCP', value: 1834.5, ...metric });
    registered(onINP)({ name: 'INP', value: 312, ...metric });
    registered(onCLS)({ name: 'CLS', value: 0.04, ...metric });
    // a page restored from the back/forward cache reports again: not sent twice
    registered(onLCP)({ name: 'LCP', value: 20, ...metric, navigationType: 'back-forward-cache' });

    const sent = await beacons();
    expect(sent).toEqual([
      { url: '/api/web-vitals', type: 'application/json', body: { metric: 'LCP', value: 1834.5, pageType: 'records.visit', remote: { id: 'mf-records', version: 'v2' } } },
      { url: '/api/web-vitals', type: 'application/json', body: { metric: 'INP', value: 312, pageType: 'records.visit', remote: { id: 'mf-records', version: 'v2' } } },
      { url: '/api/web-vitals', type: 'application/json', body: { metric: 'CLS', value: 0.04, pageType: 'records.visit', remote: { id: 'mf-records', version: 'v2' } } },
    ]);
    for (const { body } of sent) {
      expect(webVitalsBeaconSchema.safeParse(body).success).toBe(true);
      expect(JSON.stringify(body)).not.toMatch(/kaynnit|3f0c2a4e|utm_source|v5-1700000000000|http/);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a shell page, or a remote whose version the shell does not know, names no remote; an LCP past a minute counts as a minute", async () => {
    reportWebVitals({ page: { pageType: 'login', remoteId: null }, remoteVersion: () => 'v2', random: () => 0, whenIdle: (callback) => callback() });
    await registeredAll();
    registered(onLCP)({ name: 'LCP', value: 95_000 });
    expect(await beacons()).toEqual([{ url: '/api/web-vitals', type: 'application/json', body: { metric: 'LCP', value: 60_000, pageType: 'login' } }]);

    jest.clearAllMocks();
    reportWebVitals({ page: RECORDS_PAGE, remoteVersion: () => undefined, random: () => 0, whenIdle: (callback) => callback() });
    await registeredAll();
    registered(onCLS)({ name: 'CLS', value: 0.3 });
    expect(await beacons()).toEqual([{ url: '/api/web-vitals', type: 'application/json', body: { metric: 'CLS', value: 0.3, pageType: 'records.visit' } }]);
  });

  it('falls back to a keepalive fetch without cookies when the browser does not queue the beacon', async () => {
    sendBeacon.mockReturnValue(false);
    reportWebVitals({ page: { pageType: 'login', remoteId: null }, remoteVersion: () => undefined, random: () => 0, whenIdle: (callback) => callback() });
    await registeredAll();
    registered(onINP)({ name: 'INP', value: 120 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/web-vitals');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(init.body))).toEqual({ metric: 'INP', value: 120, pageType: 'login' });
  });

  it('samples about the configured share of page loads', async () => {
    const whenIdle = jest.fn();
    for (let i = 0; i < 100; i++) reportWebVitals({ page: RECORDS_PAGE, remoteVersion: () => 'v2', sampleRate: 0.25, random: () => i / 100, whenIdle });
    expect(whenIdle).toHaveBeenCalledTimes(25);
  });
});
