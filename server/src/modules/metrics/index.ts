import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebVitalName } from '@portal/shared-api';
import { constantTimeEqual } from '../../util/constant-time';
import { defineModule } from '../module';
import { loadMetricsConfig, type MetricsConfig } from './config';
import { createPortalMetrics, UNMATCHED_ROUTE, type WebVitalLabel } from './registry';

/** What other modules may record (the client-error beacon); the registry itself stays here. */
export interface MetricsRecorder {
  /** a browser reported an error from this version of a remote */
  countClientError(remoteId: string, version: string): void;
  /** a sampled page load's Core Web Vital as the beacon sent it (ms for LCP and INP) */
  observeWebVital(metric: WebVitalName, labels: Record<WebVitalLabel, string>, value: number): void;
  /**
   * a limit refused a call: its name (`api-per-minute`, `api-in-flight`, or an attempt limit's key
   * prefix such as `booking.reservation` or `authenticate`), never the key, which names a person
   */
  countLimitRefusal(limit: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsRecorder;
  }
}

export const METRICS_PATH = '/metrics';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The socket's own peer, not request.ip: with trustProxy on (an https public URL) request.ip is
 * what X-Forwarded-For claims, which a client writes. A request a proxy forwarded is never local,
 * even from a proxy on this host, since it carries someone else's request.
 */
function isLocal(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress;
  return peer !== undefined && LOOPBACK.has(peer) && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

function hasToken(request: FastifyRequest, token: string | null): boolean {
  const header = request.headers.authorization;
  if (token === null || header === undefined || !header.startsWith('Bearer ')) return false;
  return constantTimeEqual(header.slice('Bearer '.length), token);
}

/** The matched route's pattern (`/api/pages/:routeId`), never the URL, which holds ids and anything a client sends. */
function routeLabel(request: FastifyRequest): string {
  return request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
}

function install(app: FastifyInstance, config: MetricsConfig): void {
  const metrics = createPortalMetrics({
    db: app.db,
    remoteRegistry: () => (app.hasDecorator('remoteRegistry') ? app.remoteRegistry : null),
    // with Redis both limits count on the one store: listed once
    counterStores: () => [
      ...new Set([...(app.hasDecorator('counterStore') ? [app.counterStore] : []), ...(app.hasDecorator('attemptLimiter') ? [app.attemptLimiter.store] : [])]),
    ],
  });
  app.decorate('metrics', {
    countClientError: (remoteId: string, version: string) => metrics.clientErrors.inc({ remote: remoteId, version }),
    countLimitRefusal: (limit: string) => metrics.limitRefusals.inc({ limit }),
    // Prometheus' base unit is the second; CLS has none.
    observeWebVital: (metric, labels, value) => metrics.webVitals[metric].observe(labels, metric === 'CLS' ? value : value / 1000),
  } satisfies MetricsRecorder);

  // onResponse runs for every answer, also a fair-use 429 sent from onRequest and the not-found
  // handler's; elapsedTime is measured by Fastify from the request's arrival.
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    metrics.requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimitRefusals.inc({ route });
  });

  // Outside fair use and without a session, as /healthz: a scrape must answer while patients keep
  // the server busy. Anyone else gets the not-found answer of an address that does not exist.
  app.get(METRICS_PATH, { logLevel: 'warn', config: { session: false, fairUse: false } }, async (request, reply) => {
    if (!isLocal(request) && !hasToken(request, config.token)) return reply.callNotFound();
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * Prometheus metrics of this instance (issue 30): GET /metrics, the request histogram, rate-limit
 * refusals, the database pool, the remote versions served, the client errors by version and the
 * browsers' Core Web Vitals (POST /api/web-vitals, ./web-vitals.ts).
 */
export const metricsModule = defineModule({
  name: 'metrics',
  loadConfig: loadMetricsConfig,
  install,
});
