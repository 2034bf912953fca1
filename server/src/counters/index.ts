import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';
import type { CountersConfig } from './config';
import type { Database } from '../db/index';
import { createDatabaseCounters } from './database';
import { createMemoryCounters } from './memory';
import { createRedisCounters } from './redis';
import type { CounterBackend } from './store';

export { loadCountersConfig, type CountersConfig } from './config';
export type { CounterBackend } from './store';

/**
 * What a limit did when its counter did not answer: `fail-open` let the call through (fair use:
 * refusing every call while Redis is away would take the whole portal down with it), `fail-closed`
 * refused it with 503 (an identification, SMS code, reservation or MFA attempt: a guesser must not
 * get unlimited tries while its store, Redis or the database, is away).
 */
export type UnavailableOutcome = 'fail-open' | 'fail-closed';

export interface CounterStore extends Omit<CounterBackend, 'close'> {
  /** such events since start, per outcome (for the metrics module: read at each scrape) */
  readonly unavailable: Readonly<Record<UnavailableOutcome, number>>;
  /** called at each such event; returns the function that stops it */
  onUnavailable(listener: (outcome: UnavailableOutcome) => void): () => void;
  /** a limit went on without its counter: counted, and logged at most once every LOG_EVERY_MS per outcome */
  reportUnavailable(outcome: UnavailableOutcome, error: unknown): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** fair use's counters: Redis with REDIS_URL, else this instance's memory (counters/index.ts) */
    counterStore: CounterStore;
  }
}

/** With Redis away every call would log; one line per outcome this often, with how many it stands for. */
const LOG_EVERY_MS = 30_000;

/** Logs the first event at once, then at most one line a `everyMs` saying how many came meanwhile. */
export function throttled(everyMs: number, write: (count: number) => void, clock: () => number = Date.now): () => void {
  let last = -Infinity;
  let pending = 0;
  return () => {
    pending += 1;
    const now = clock();
    if (now - last < everyMs) return;
    last = now;
    write(pending);
    pending = 0;
  };
}

/** Retry-After of the 503 an attempt answers while its counter is away: Redis reconnects within seconds. */
export const COUNTERS_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * An attempt refused because its counter did not answer (fail closed). The server's one error
 * answer sends it as 503; installCounters' onError hook adds Retry-After.
 */
export class CountersUnavailableError extends ApiError {
  constructor() {
    super(503, 'ServiceUnavailable', 'The service is briefly unavailable: try again in a few seconds');
  }
}

export function counterStoreOf(backend: CounterBackend, log: FastifyBaseLogger): CounterStore {
  const unavailable: Record<UnavailableOutcome, number> = { 'fail-open': 0, 'fail-closed': 0 };
  const listeners = new Set<(outcome: UnavailableOutcome) => void>();
  let lastError: unknown = null;
  const logOf = {
    'fail-open': throttled(LOG_EVERY_MS, (count) => log.warn({ err: lastError, count, kind: backend.kind }, 'limit counters unavailable: fair use lets calls through')),
    'fail-closed': throttled(LOG_EVERY_MS, (count) => log.error({ err: lastError, count, kind: backend.kind }, 'limit counters unavailable: attempts refused with 503')),
  };
  return {
    kind: backend.kind,
    hit: (key, windowMs, now) => backend.hit(key, windowMs, now),
    peek: (key, windowMs, now) => backend.peek(key, windowMs, now),
    ping: () => backend.ping(),
    unavailable,
    onUnavailable(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportUnavailable(outcome, error) {
      unavailable[outcome] += 1;
      lastError = error;
      logOf[outcome]();
      for (const listener of listeners) listener(outcome);
    },
  };
}

/** The counter store each use counts on (issue 32: one limiter, counters/limiter.ts, over either). */
export interface LimitStores {
  /** fair use: every API call counts, so never the database: Redis, else this instance's memory */
  fairUse: CounterStore;
  /**
   * the attempt limits: Redis, else the database (never memory: several instances on one database
   * must share one count, or a guesser would get a full allowance on each instance)
   */
  attempts: CounterStore;
}

/** The attempt limits' store without Redis (also for test apps that install no fair use). */
export function databaseCounterStore(db: Database, log: FastifyBaseLogger): CounterStore {
  return counterStoreOf(createDatabaseCounters(db), log);
}

/**
 * Opens the limits' stores (one Redis for both when configured), decorates `app.counterStore` (fair
 * use's), closes Redis with the app, and adds Retry-After to the 503 of an attempt refused while
 * its store is away.
 */
export async function installCounters(app: FastifyInstance, config: CountersConfig): Promise<LimitStores> {
  const logConnection = throttled(LOG_EVERY_MS, (count) => app.log.error({ err: lastConnectionError, count }, 'Redis connection failed'));
  let lastConnectionError: Error | null = null;
  const backend = config.redisUrl
    ? await createRedisCounters({
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        commandTimeoutMs: config.redisCommandTimeoutMs,
        onConnectionError: (error) => {
          lastConnectionError = error;
          logConnection();
        },
      })
    : createMemoryCounters();
  const store = counterStoreOf(backend, app.log);
  app.decorate('counterStore', store);
  app.addHook('onClose', async () => backend.close());
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof CountersUnavailableError) void reply.header('retry-after', String(COUNTERS_UNAVAILABLE_RETRY_AFTER_SECONDS));
  });
  return { fairUse: store, attempts: store.kind === 'redis' ? store : databaseCounterStore(app.db, app.log) };
}
