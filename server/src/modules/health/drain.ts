import type { FastifyBaseLogger } from 'fastify';
import type { Readiness } from './readiness';

/** What the drain needs of the app: its log, its readiness switch and its close. */
export interface DrainTarget {
  readonly log: FastifyBaseLogger;
  readonly readiness: Pick<Readiness, 'startDraining'>;
  close(): PromiseLike<unknown>;
}

export interface DrainOptions {
  /** how long the instance goes on serving, /readyz answering 503, before it stops listening */
  drainDelayMs: number;
  /** how long the close (the requests in flight finishing) may take before the process exits 1 */
  timeoutMs: number;
  /** process.exit, or a test's stand-in */
  exit?: (code: number) => void;
}

/**
 * The handler of SIGTERM and SIGINT (main.ts): marks the instance draining (/readyz 503 at once),
 * serves on for the drain delay so the balancer's health check notices, then closes the app: the
 * listener stops accepting, idle kept-alive sockets are closed, the requests in flight finish and
 * the onClose hooks close the database. Exits 0 when that is done, 1 when it took longer than the
 * timeout or failed. A second signal during all this exits 1 at once: the operator insists.
 */
export function drainOnSignal(app: DrainTarget, options: DrainOptions): (signal: NodeJS.Signals) => void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  return (signal) => {
    if (draining) {
      app.log.warn({ signal }, 'second signal during the drain: exiting now');
      exit(1);
      return;
    }
    draining = true;
    app.readiness.startDraining();
    app.log.info({ signal, drainDelayMs: options.drainDelayMs, timeoutMs: options.timeoutMs }, 'draining: /readyz answers 503, closing after the drain delay');
    setTimeout(() => {
      app.log.info('drain delay over: closing');
      const deadline = setTimeout(() => {
        app.log.error({ timeoutMs: options.timeoutMs }, 'requests still in flight at the shutdown timeout: exiting');
        exit(1);
      }, options.timeoutMs);
      Promise.resolve(app.close()).then(
        () => {
          clearTimeout(deadline);
          app.log.info('closed');
          exit(0);
        },
        (error: unknown) => {
          clearTimeout(deadline);
          app.log.error({ err: error }, 'the close failed');
          exit(1);
        },
      );
    }, options.drainDelayMs);
  };
}
