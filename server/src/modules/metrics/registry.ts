import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { WebVitalName } from '@portal/shared-api';
import type { RemoteRegistry } from '../remote-registry/index';
import type { CounterStore } from '../../counters/index';
import { poolStatsOf, type Database } from '../../db/index';

/** The route label of a request no route matched: its URL could hold anything a client sends. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PortalMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly rateLimitRefusals: Counter<'route'>;
  readonly limitRefusals: Counter<'limit'>;
  readonly clientErrors: Counter<'remote' | 'version'>;
  readonly webVitals: Readonly<Record<WebVitalName, Histogram<WebVitalLabel>>>;
}

/** A page load's Core Web Vitals are told apart by the page's route id and the remote version that rendered it. */
export type WebVitalLabel = 'page_type' | 'remote' | 'version';
const WEB_VITAL_LABELS = ['page_type', 'remote', 'version'] as const;

export interface MetricsSources {
  db: Database;
  /** read at scrape time: the registry is installed after this module */
  remoteRegistry: () => RemoteRegistry | null;
  /** read at scrape time: the limits' stores (fair use's, the attempt limits') are installed with fair use, after this module */
  counterStores: () => readonly Pick<CounterStore, 'kind' | 'unavailable'>[];
}

/**
 * One registry per app, never prom-client's global one: every test builds its own app in the same
 * process, and a second registration of a name in the global registry throws.
 */
export function createPortalMetrics(sources: MetricsSources): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the answer sent, by the matched route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    // from a cached page answer (a few ms) to the database's connection timeout (5 s) and beyond
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const rateLimitRefusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Answers 429 Too Many Requests (fair use, reservation and sign-in limits), by the matched route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  const limitRefusals = new Counter({
    name: 'portal_limit_refusals_total',
    help: 'Calls a limit refused, by the limit: api-per-minute, api-in-flight, or an attempt limit (authenticate, booking.reservation, sms-login, ...)',
    labelNames: ['limit'] as const,
    registers: [registry],
  });

  // The store keeps running totals (it exists before any scrape and outlives none); the counter
  // shows them, so a fail-open or fail-closed event is never missed between scrapes.
  new Counter({
    name: 'portal_counter_store_unavailable_total',
    help: 'Limits that went on without their counter because its store (Redis, or the database for attempts without Redis) did not answer: fail-open (the call was served uncounted) or fail-closed (the attempt was refused with 503)',
    labelNames: ['store', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const store of sources.counterStores()) {
        for (const outcome of ['fail-open', 'fail-closed'] as const) this.inc({ store: store.kind, outcome }, store.unavailable[outcome]);
      }
    },
  });

  const clientErrors = new Counter({
    name: 'portal_client_errors_total',
    help: 'Errors browsers reported (POST /api/client-errors) from a version of a remote',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });

  // Buckets bunch around Google's thresholds of good / needs improvement / poor, each of which is
  // a bucket's edge, so the share of good page loads is read from one bucket without interpolation.
  const webVitals = {
    LCP: new Histogram({
      name: 'portal_web_vitals_lcp_seconds',
      help: "Browsers' Largest Contentful Paint of sampled page loads (good ≤ 2.5 s, poor > 4 s), by route id and remote version",
      labelNames: WEB_VITAL_LABELS,
      buckets: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8, 10, 20],
      registers: [registry],
    }),
    INP: new Histogram({
      name: 'portal_web_vitals_inp_seconds',
      help: "Browsers' Interaction to Next Paint of sampled page loads (good ≤ 200 ms, poor > 500 ms), by route id and remote version",
      labelNames: WEB_VITAL_LABELS,
      buckets: [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2, 5],
      registers: [registry],
    }),
    CLS: new Histogram({
      name: 'portal_web_vitals_cls',
      help: "Browsers' Cumulative Layout Shift of sampled page loads (good ≤ 0.1, poor > 0.25), by route id and remote version",
      labelNames: WEB_VITAL_LABELS,
      buckets: [0.01, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5, 1, 2],
      registers: [registry],
    }),
  };

  new Gauge({
    name: 'portal_remote_version_served',
    help: 'Versions of each remote served to anyone now (1 each); canary="true" for a canary version',
    labelNames: ['remote', 'version', 'canary'] as const,
    registers: [registry],
    collect() {
      // Reset first: a version no longer served must vanish from the scrape, not stay at 1.
      this.reset();
      for (const served of sources.remoteRegistry()?.allServed() ?? []) {
        this.set({ remote: served.id, version: served.version, canary: String(served.canary) }, 1);
      }
    },
  });

  // PGlite has no pool: these series are absent then rather than a misleading 0.
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle); absent on PGlite',
    labelNames: ['driver', 'state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = poolStatsOf(sources.db);
      if (!stats) return;
      this.set({ driver: 'postgres', state: 'in_use' }, stats.total - stats.idle);
      this.set({ driver: 'postgres', state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL pool connection; absent on PGlite',
    labelNames: ['driver'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const stats = poolStatsOf(sources.db);
      if (stats) this.set({ driver: 'postgres' }, stats.waiting);
    },
  });

  return { registry, requestDuration, rateLimitRefusals, limitRefusals, clientErrors, webVitals };
}
