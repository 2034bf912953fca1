import { CLIENT_ERRORS_PATH, type ClientErrorBeacon, type Environment } from '@portal/shared-api';
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
  /** the version of a remote the page runs (the federation loader knows), undefined when unknown */
  remoteVersion?: (remoteId: string) => string | undefined;
  /** sends the server's beacon of an error from a remote's version; injectable for tests */
  sendBeacon?: (beacon: ClientErrorBeacon) => void;
}

/** At most this many beacons for one version of a remote from one page: a render loop does not flood the counter. */
export const BEACONS_PER_VERSION = 5;

/**
 * POST /api/client-errors `{ remoteId, version }`, which the registry counts for the version's error
 * rate. Nothing else is sent: no message, no address, no cookie (the server reads no session there).
 * `keepalive`, so a beacon of an error just before the visitor leaves still goes.
 */
export function postClientErrorBeacon(beacon: ClientErrorBeacon): void {
  void fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(beacon),
  }).catch(() => undefined);
}

/**
 * Reports failures with the spec's "tag for the process". With a DSN the Sentry SDK is loaded on
 * first need; without one (development) errors go to the console.
 */
export function createErrorReporter({
  dsn,
  environment,
  loadSentry = () => import(/* webpackChunkName: "sentry" */ '@sentry/browser'),
  logger = console,
  remoteVersion = () => undefined,
  sendBeacon = postClientErrorBeacon,
}: ErrorReporterOptions): ErrorReporter {
  const beaconsSent = new Map<string, number>();
  /** the server's count of errors per remote version (the canary's error rate), whether or not Sentry is on */
  const beacon = (remoteId: string, version: string | undefined) => {
    if (version === undefined) return;
    const key = `${remoteId}@${version}`;
    const sent = beaconsSent.get(key) ?? 0;
    if (sent >= BEACONS_PER_VERSION) return;
    beaconsSent.set(key, sent + 1);
    sendBeacon({ remoteId, version });
  };
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
    report(error, process, source) {
      if (isAnalyticsScriptFailure(error)) return;
      const version = source ? remoteVersion(source.remoteId) : undefined;
      if (source) beacon(source.remoteId, version);
      // the remote and its version, so one version's errors are told from another's
      const tags: Record<string, string> = {
        process,
        ...(source ? { remote: source.remoteId } : {}),
        ...(version !== undefined ? { remoteVersion: version } : {}),
      };
      if (!dsn) {
        logger.error(`[portal] ${process}${source ? ` (${source.remoteId}${version !== undefined ? ` ${version}` : ''})` : ''}:`, error);
        return;
      }
      void getSentry().then((module) => {
        if (module) module.captureException(error, { tags });
        else logger.error(`[portal] ${process}:`, error);
      });
    },
  };
}
