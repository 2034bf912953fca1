import { waitFor } from '@testing-library/react';
import { BEACONS_PER_VERSION, createErrorReporter, postClientErrorBeacon } from './error-reporter';

describe('error reporter', () => {
  test('without a DSN errors go to the console and Sentry is never loaded', () => {
    const logger = { error: jest.fn() };
    const loadSentry = jest.fn();
    createErrorReporter({ dsn: null, environment: 'development', logger, loadSentry }).report(new Error('boom'), 'front-page');
    expect(loadSentry).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith('[portal] front-page:', expect.any(Error));
  });

  test('with a DSN Sentry is loaded on first report and the process is a tag', async () => {
    const sentry = { init: jest.fn(), captureException: jest.fn() };
    const loadSentry = jest.fn(async () => sentry as never);
    const reporter = createErrorReporter({ dsn: 'https://key@sentry.example/1', environment: 'production', loadSentry, logger: { error: jest.fn() } });
    expect(loadSentry).not.toHaveBeenCalled();
    const error = new Error('boom');
    reporter.report(error, 'remote:mf-records');
    reporter.report(new Error('again'), 'logout');
    // Sentry loads once; both reports reach it once it has
    await waitFor(() => expect(sentry.captureException).toHaveBeenCalledTimes(2));
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://key@sentry.example/1', environment: 'production' }));
    expect(sentry.captureException).toHaveBeenCalledWith(error, { tags: { process: 'remote:mf-records' } });
  });

  test('failures fetching the analytics script are filtered out', () => {
    const logger = { error: jest.fn() };
    createErrorReporter({ dsn: null, environment: 'development', logger }).report(new Error('Failed to load https://www.googletagmanager.com/gtm.js'), 'window');
    expect(logger.error).not.toHaveBeenCalled();
  });

  test('an error from a remote is tagged with the remote and the version the page runs, and the server hears of that version only', async () => {
    const sentry = { init: jest.fn(), captureException: jest.fn() };
    const sendBeacon = jest.fn();
    const reporter = createErrorReporter({
      dsn: 'https://key@sentry.example/1',
      environment: 'production',
      loadSentry: async () => sentry as never,
      logger: { error: jest.fn() },
      remoteVersion: (remoteId) => (remoteId === 'mf-records' ? 'v2' : undefined),
      sendBeacon,
    });
    const error = new Error('Cannot read properties of undefined (reading "name") for Mikko Virtanen');
    reporter.report(error, 'remote:mf-records', { remoteId: 'mf-records' });
    reporter.report(new Error('shell'), 'logout');
    await waitFor(() => expect(sentry.captureException).toHaveBeenCalledTimes(2));
    expect(sentry.captureException).toHaveBeenCalledWith(error, { tags: { process: 'remote:mf-records', remote: 'mf-records', remoteVersion: 'v2' } });
    expect(sentry.captureException).toHaveBeenCalledWith(expect.any(Error), { tags: { process: 'logout' } });
    // no message, no address: the remote and its version
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledWith({ remoteId: 'mf-records', version: 'v2' });
  });

  test('without a DSN the console names the remote and version, and the beacon still goes; a version not known sends none', () => {
    const logger = { error: jest.fn() };
    const sendBeacon = jest.fn();
    const reporter = createErrorReporter({ dsn: null, environment: 'development', logger, remoteVersion: (id) => (id === 'mf-booking' ? 'builtin' : undefined), sendBeacon });
    reporter.report(new Error('boom'), 'parcel:mf-booking/./summary', { remoteId: 'mf-booking' });
    reporter.report(new Error('boom'), 'remote:mf-unknown', { remoteId: 'mf-unknown' });
    expect(logger.error).toHaveBeenCalledWith('[portal] parcel:mf-booking/./summary (mf-booking builtin):', expect.any(Error));
    expect(sendBeacon).toHaveBeenCalledWith({ remoteId: 'mf-booking', version: 'builtin' });
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  test('a remote failing in a loop sends a few beacons per version, not one per error', () => {
    const sendBeacon = jest.fn();
    const reporter = createErrorReporter({ dsn: null, environment: 'development', logger: { error: jest.fn() }, remoteVersion: () => 'v2', sendBeacon });
    for (let i = 0; i < 50; i++) reporter.report(new Error('render loop'), 'remote:mf-records', { remoteId: 'mf-records' });
    expect(sendBeacon).toHaveBeenCalledTimes(BEACONS_PER_VERSION);
  });

  test('the beacon is a same-origin JSON POST that outlives the page and carries no cookie', () => {
    const fetchMock = jest.fn(async () => new Response(null, { status: 204 }));
    const original = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      postClientErrorBeacon({ remoteId: 'mf-records', version: 'v2' });
      expect(fetchMock).toHaveBeenCalledWith('/api/client-errors', {
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ remoteId: 'mf-records', version: 'v2' }),
      });
    } finally {
      globalThis.fetch = original;
    }
  });
});
