import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ApiErrorBody } from '@portal/shared-api';
import { ApiError } from '../../http/errors';
import { policyOf } from '../../http/route-policy';
import { defineModule } from '../module';
import { loadFairUseConfig, type FairUseConfig } from './config';
import { createWindowCounter, type WindowCount } from './store';

export { loadFairUseConfig, FairUseConfigError, type FairUseConfig } from './config';

const MINUTE_MS = 60_000;

/** Whose calls these are: the session when there is one, else the client's address. */
function callerOf(request: FastifyRequest): { key: string; signedIn: boolean } {
  return request.session ? { key: `session:${request.session.id}`, signedIn: true } : { key: `client:${request.ip}`, signedIn: false };
}

/**
 * Routes that are exempt: files (the same for everyone, served from disk or a CDN), and routes that
 * declare `fairUse: false` (the health check, which must answer while patients keep the server busy).
 */
function isExempt(request: FastifyRequest): boolean {
  return policyOf(request).cache !== 'no-store' || request.routeOptions.config.fairUse === false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: neither the per-minute nor the concurrency limit applies */
    fairUse?: boolean;
  }
}

const tooMany = (message: string): ApiErrorBody => ({ type: 'TooManyRequests', message });

/**
 * Per-minute limits with @fastify/rate-limit over a counter in the database (shared by every
 * instance), and a per-instance limit of calls in flight at once. Both answer 429 with Retry-After.
 * Installed after the sessions module: a route's own onRequest hooks run after the application's,
 * so the session is known when the caller is counted.
 */
export async function installFairUse(app: FastifyInstance, config: FairUseConfig): Promise<void> {
  const count = createWindowCounter(app.db);
  // @fastify/rate-limit builds its store with `new`; this one is the shared counter underneath.
  class SharedWindowStore {
    incr(key: string, callback: (error: Error | null, result?: WindowCount) => void, timeWindow: number, max: number): void {
      count(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): SharedWindowStore {
      return this;
    }
  }

  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: MINUTE_MS,
    store: SharedWindowStore,
    keyGenerator: (request) => callerOf(request).key,
    max: (request) => (request.session ? config.perSessionPerMinute : config.perClientPerMinute),
    allowList: (request) => isExempt(request),
    // The database is down: the request will fail on its own; the limiter must not add a 500.
    skipOnError: true,
    // Thrown by the plugin (after it has set Retry-After): the server's one error answer sends it.
    errorResponseBuilder: (_request, context) => new ApiError(429, 'TooManyRequests', `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s`),
  });

  const inFlight = new Map<string, number>();
  const counted = Symbol('fair-use.counted');
  type Counted = FastifyRequest & { [counted]?: string };
  const release = (request: Counted) => {
    const key = request[counted];
    if (key === undefined) return;
    delete request[counted];
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left <= 0) inFlight.delete(key);
    else inFlight.set(key, left);
  };

  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [
      async (request: Counted, reply) => {
        if (isExempt(request)) return;
        const caller = callerOf(request);
        const limit = caller.signedIn ? config.concurrentPerSession : config.concurrentPerClient;
        const running = inFlight.get(caller.key) ?? 0;
        if (running >= limit) {
          return reply
            .status(429)
            .header('retry-after', '1')
            .send(tooMany('Too many requests at once: wait for the earlier ones to finish'));
        }
        inFlight.set(caller.key, running + 1);
        request[counted] = caller.key;
      },
      ...hooks,
    ];
  });
  app.addHook('onResponse', async (request) => release(request as Counted));
  // A caller that hangs up is no longer waiting; onResponse does not run for it.
  app.addHook('onRequestAbort', async (request) => release(request as Counted));
}

/** Fair use of the API per session and per client. Installed before any route (see installFairUse). */
export const fairUseModule = defineModule({
  name: 'fair-use',
  loadConfig: loadFairUseConfig,
  install: installFairUse,
});
