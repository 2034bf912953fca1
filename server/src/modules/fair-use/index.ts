import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { ApiErrorBody } from '@portal/shared-api';
import { ApiError } from '../../http/errors';
import { policyOf } from '../../http/route-policy';
import { installCounters } from '../../counters/index';
import { ATTEMPT_LIMITER, createLimiter, FAIR_USE_LIMITER, type Limiter } from '../../counters/limiter';
import { defineModule } from '../module';
import { loadFairUseConfig, type FairUseConfig } from './config';

export { loadFairUseConfig, FairUseConfigError, type FairUseConfig } from './config';

const MINUTE_MS = 60_000;

/**
 * Whose calls these are: the signed-in person when there is one (issue 30: their tabs and devices
 * share one allowance, and a new session buys no new one), else the client's address.
 */
function callerOf(request: FastifyRequest): { key: string; signedIn: boolean } {
  return request.session ? { key: `person:${request.session.personId}`, signedIn: true } : { key: `client:${request.ip}`, signedIn: false };
}

interface WindowCount {
  /** calls counted over the sliding window that ends now, this one included (util/sliding-window.ts) */
  current: number;
  /** milliseconds until a call is allowed again when over `max`, else until the fixed window ends */
  ttl: number;
}

/**
 * @fastify/rate-limit's store interface over the portal's one limiter (counters/limiter.ts). Not
 * the plugin's own Redis store: that one counts a fixed window from the first call, which lets a
 * flood make twice the limit across a window's edge (issue 27), and it cannot tell the counter store
 * that Redis failed it (the fail-open count the metrics read).
 */
function rateLimitStoreOver(limiter: Limiter) {
  // The plugin builds its store with `new`; every instance counts with the one limiter.
  return class SlidingWindowStore {
    incr(key: string, callback: (error: Error | null, result?: WindowCount) => void, timeWindow: number, max: number): void {
      // The limiter fails open: a call its store did not count comes back as 0 (the plugin lets it through).
      limiter.count(key, { max, windowSeconds: timeWindow / 1000 }).then(
        (verdict) => callback(null, { current: verdict.count, ttl: verdict.retryAfterMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): SlidingWindowStore {
      return this;
    }
  };
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
 * The limits' stores (counters/index.ts) and the one limiter over each (counters/limiter.ts):
 * `app.attemptLimiter` for the attempt limits (Redis or the database), then per-minute limits with
 * @fastify/rate-limit over fair use's (Redis or memory), and a per-instance limit of calls in flight
 * at once. Both limits answer 429 with Retry-After. No API call writes the database: the per-minute
 * count lives on Redis (every instance shares it) or, without REDIS_URL, in this instance's memory.
 * Installed after the sessions module: a route's own onRequest hooks run after the application's,
 * so the session is known when the caller is counted.
 */
export async function installFairUse(app: FastifyInstance, config: FairUseConfig): Promise<void> {
  const stores = await installCounters(app, config.counters);
  const refused = (limit: string) => (app.hasDecorator('metrics') ? app.metrics.countLimitRefusal(limit) : undefined);
  const attemptLimiter = createLimiter(stores.attempts, {
    ...ATTEMPT_LIMITER,
    // the key's prefix names the limit; the rest names a person or an address, never a label
    onRefused: (key) => refused(key.slice(0, key.indexOf(':') === -1 ? key.length : key.indexOf(':'))),
  });
  app.decorate('attemptLimiter', attemptLimiter);
  const fairUse = createLimiter(stores.fairUse, { ...FAIR_USE_LIMITER, onRefused: () => refused('api-per-minute') });

  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: MINUTE_MS,
    store: rateLimitStoreOver(fairUse),
    keyGenerator: (request) => callerOf(request).key,
    max: (request) => (request.session ? config.perSessionPerMinute : config.perClientPerMinute),
    allowList: (request) => isExempt(request),
    // Redis away, the limiter already fails open (counted and logged by its store); this keeps an
    // unexpected error from refusing every call, and the concurrency limit below still holds.
    skipOnError: true,
    // Thrown by the plugin (after it has set Retry-After): the server's one error answer sends it.
    // The refusal is counted by the limiter (onRefused above).
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
          refused('api-in-flight');
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

/** Fair use of the API per signed-in person and per client address. Installed before any route (see installFairUse). */
export const fairUseModule = defineModule({
  name: 'fair-use',
  loadConfig: loadFairUseConfig,
  install: installFairUse,
});
