import { createErrorReporter } from './error-reporter';

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
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loadSentry).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://key@sentry.example/1', environment: 'production' }));
    expect(sentry.captureException).toHaveBeenCalledWith(error, { tags: { process: 'remote:mf-records' } });
  });

  test('failures fetching the analytics script are filtered out', () => {
    const logger = { error: jest.fn() };
    createErrorReporter({ dsn: null, environment: 'development', logger }).report(new Error('Failed to load https://www.googletagmanager.com/gtm.js'), 'window');
    expect(logger.error).not.toHaveBeenCalled();
  });
});
