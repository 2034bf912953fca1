import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_EXPIRES_HEADER, logoutResponseSchema, type ApiErrorBody } from '@portal/shared-api';
import { cookieOptions, createSessionService, SESSION_COOKIE } from './service';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Static assets never touch the session (and never slide it). */
// The staff API authenticates with a bearer token, which browsers never attach by themselves: a
// patient's cookie there means nothing (and must not turn its calls into CSRF-checked ones).
const SESSIONLESS_PREFIXES = ['/shell/', '/remotes/', '/remotes.json', '/api/staff/'];

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function csrfFromQuery(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.csrfToken;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sessions: `app.sessions`, `request.session`, the sliding expiry, the CSRF check on state
 * changes under /api, the x-session-expires header and POST /api/logout.
 */
export function installSessions(app: FastifyInstance): void {
  const { config } = app;
  const cookie = { secure: config.secureCookies };
  app.decorate('sessions', createSessionService(app.db, config.sessionTimeoutMinutes, cookie));
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request, reply) => {
    if (SESSIONLESS_PREFIXES.some((p) => request.url.startsWith(p))) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.session = await app.sessions.resume(token);
    if (!request.session) reply.clearCookie(SESSION_COOKIE, cookieOptions(cookie));
  });

  // Before validation: a forged request learns nothing about the body it would need.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!STATE_CHANGING.has(request.method) || !isApi(request.url) || !request.session) return;
    if (!app.sessions.csrfTokenMatches(request.session, csrfFromQuery(request))) {
      return reply
        .status(403)
        .send({ type: 'CsrfTokenInvalid', message: 'The csrfToken query parameter is missing or wrong' } satisfies ApiErrorBody);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.session && isApi(request.url)) {
      reply.header(SESSION_EXPIRES_HEADER, request.session.expiresAt.toISOString());
    }
  });

  app.post(
    '/api/logout',
    { schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      if (request.session) {
        await app.sessions.destroy(request.session.id);
        request.session = null;
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(cookie));
      return { type: 'success' as const };
    },
  );
}
