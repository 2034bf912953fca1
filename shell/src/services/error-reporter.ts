import type { Environment } from '@portal/shared-api';
import type { ErrorReporter } from '@portal/shared-ui';
import type * as SentryBrowser from '@sentry/browser';

type SentryModule = typeof SentryBrowser;

/** Failures fetching the analytics script are not the portal's errors (spec part 1 §8). */
export function isAnalyticsScriptFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${error.stack ?? ''}` : String(error);
  return /googletagmanager|google-analytics|gtm\.js|analytics\.js/i.test(text);
}

export interface ErrorReporterOptions {
  dsn: string | null;
  environment: Environment;
  /** injectable for tests; loads @sentry/browser lazily so pages without a DSN never download it */
  loadSentry?: () => Promise<SentryModule>;
  logger?: Pick<Console, 'error'>;
}

/**
 * Reports failures with the spec's "tag for the process". With a DSN the Sentry SDK is loaded on
 * first need; without one (development) errors go to the console.
 */
export function createErrorReporter({ dsn, environment, loadSentry = () => import(/* webpackChunkName: "sentry" */ '@sentry/browser'), logger = console }: ErrorReporterOptions): ErrorReporter {
  let sentry: Promise<SentryModule | null> | null = null;
  const getSentry = () => {
    sentry ??= loadSentry()
      .then((module) => {
        module.init({
          dsn: dsn ?? undefined,
          environment,
          beforeSend: (event, hint) => (isAnalyticsScriptFailure(hint.originalException) ? null : event),
        });
        return module;
      })
      .catch((error: unknown) => {
        logger.error('[portal] error reporting unavailable', error);
        return null;
      });
    return sentry;
  };
  return {
    report(error, process) {
      if (isAnalyticsScriptFailure(error)) return;
      if (!dsn) {
        logger.error(`[portal] ${process}:`, error);
        return;
      }
      void getSentry().then((module) => {
        if (module) module.captureException(error, { tags: { process } });
        else logger.error(`[portal] ${process}:`, error);
      });
    },
  };
}
