import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { ApiErrorBody, ValidationErrorBody } from '@portal/shared-api';

/**
 * How a route that changes state is protected against cross-site request forgery. It is part of
 * the route's declaration, so the check follows the route the router matched and never the text
 * of the URL (which the router decodes: `/%61pi/…` is `/api/…`).
 *
 * - `required` (the default for every POST, PUT, PATCH and DELETE): a caller with a session must
 *   send that session's csrfToken as the `csrfToken` query parameter; 403 otherwise.
 * - `anonymous-origin-check`: for routes used before there is a session (the identity broker's own
 *   forms and protocol endpoints). The session is never read; a browser's cross-site request is
 *   refused by its Origin and Sec-Fetch-Site headers.
 * - `bearer`: tools and services with `Authorization: Bearer`; the session cookie is never read,
 *   so a patient's browser brings nothing that the route would honour.
 */
export type CsrfPolicy = 'required' | 'anonymous-origin-check' | 'bearer';

/** Media types of a request body a route understands; '*' takes any (the route checks the bytes itself). */
export type BodyTypes = readonly string[] | '*';

/** How long a browser or a proxy may keep the answer. Anything else than `no-store` is declared. */
export type CachePolicy = 'no-store' | 'revalidate' | 'static';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** default: `required` when the route takes POST, PUT, PATCH or DELETE */
    csrf?: CsrfPolicy;
    /** default: `['application/json']` */
    bodyTypes?: BodyTypes;
    /** false: the route never reads the session cookie (static files, health checks, bearer routes) */
    session?: boolean;
    /** default: `no-store`; a route that sets its own cache-control declares what it sets */
    cache?: CachePolicy;
  }
  interface FastifyInstance {
    /** every route, as declared, with its policies resolved: tests generate their cases from it */
    routeCatalogue: ReadonlyArray<RouteRecord>;
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  /** null for routes that change nothing (GET, HEAD, OPTIONS) */
  csrf: CsrfPolicy | null;
  bodyTypes: BodyTypes;
  session: boolean;
  cache: CachePolicy;
  /** the route's request schemas as declared (zod, through fastify-type-provider-zod): tests find its fields in them */
  schema: Pick<FastifySchema, 'querystring' | 'body' | 'params'>;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_BODY_TYPES: BodyTypes = ['application/json'];

function methodsOf(route: Pick<RouteOptions, 'method'>): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => String(m).toUpperCase());
}

interface PolicyConfig {
  csrf?: CsrfPolicy | undefined;
  bodyTypes?: BodyTypes | undefined;
  session?: boolean | undefined;
  cache?: CachePolicy | undefined;
}

function resolve(method: string, config: PolicyConfig | undefined): Omit<RouteRecord, 'method' | 'url' | 'schema'> {
  const csrf = STATE_CHANGING.has(method) ? (config?.csrf ?? 'required') : null;
  return {
    csrf,
    bodyTypes: config?.bodyTypes ?? DEFAULT_BODY_TYPES,
    // A bearer or anonymous route never honours the cookie, for reading as for writing.
    session: config?.session ?? (csrf === 'bearer' || csrf === 'anonymous-origin-check' ? false : true),
    cache: config?.cache ?? 'no-store',
  };
}

/** The policies of the route a request matched (the not-found handler has none: nothing changes state there). */
export function policyOf(request: FastifyRequest): Omit<RouteRecord, 'method' | 'url' | 'schema'> {
  return resolve(request.method.toUpperCase(), request.routeOptions.config as PolicyConfig | undefined);
}

/** The media type without its parameters, lower case: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads a same-site browser's request by its Fetch Metadata and Origin. A request without either
 * comes from a program (the portal's own relying party, a test client), which a forged page cannot be.
 */
export function isCrossSiteBrowserRequest(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== new URL(publicUrl).origin;
}

function refuse(reply: FastifyReply, status: number, body: ApiErrorBody | ValidationErrorBody) {
  return reply.status(status).header('cache-control', 'no-store').send(body);
}

/**
 * Records every route with its policies (app.routeCatalogue), refuses bodies of a media type the
 * route does not declare, refuses cross-site browser requests on `anonymous-origin-check` routes,
 * and makes `no-store` the cache policy of every answer a route has not declared otherwise. The
 * csrfToken check itself needs the session and lives in the sessions module.
 *
 * Installed before any route, so every route (also those of encapsulated plugins) is recorded.
 */
export function installRoutePolicies(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.decorate('routeCatalogue', {
    getter(): ReadonlyArray<RouteRecord> {
      // Read at use: a plugin's own onRoute hook may still declare policies after this one ran.
      return routes.flatMap((route) =>
        methodsOf(route).map((method) => ({
          method,
          url: route.url,
          ...resolve(method, route.config as PolicyConfig | undefined),
          schema: { querystring: route.schema?.querystring, body: route.schema?.body, params: route.schema?.params },
        })),
      );
    },
  });
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });

  // onRequest: before the body is read, so a refused body is never parsed.
  app.addHook('onRequest', async (request, reply) => {
    const policy = policyOf(request);
    if (policy.csrf === 'anonymous-origin-check' && isCrossSiteBrowserRequest(request, app.config.publicUrl)) {
      return refuse(reply, 403, { type: 'CsrfTokenInvalid', message: 'Cross-site requests are not accepted here' });
    }
    if (policy.csrf !== null && policy.bodyTypes !== '*' && hasBody(request)) {
      const type = mediaTypeOf(request.headers['content-type']);
      if (!policy.bodyTypes.includes(type)) {
        return refuse(reply, 415, {
          type: 'ValidationError',
          details: [{ path: 'content-type', message: `This address takes ${policy.bodyTypes.join(' or ')} bodies` }],
        });
      }
    }
  });

  app.addHook('onSend', async (request, reply) => {
    // A route that declares a cache policy sets its own header; everything else may hold personal data.
    if (policyOf(request).cache === 'no-store') reply.header('cache-control', 'no-store');
  });
}
