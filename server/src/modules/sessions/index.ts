import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_EXPIRES_HEADER, logoutResponseSchema, type ApiErrorBody } from '@portal/shared-api';
import { policyOf } from '../../http/route-policy';
import { defineModule } from '../module';
import { cookieOptions, createSessionService, SESSION_COOKIE } from './service';

function csrfFromQuery(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.csrfToken;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sessions: `app.sessions`, `request.session`, the sliding expiry, the csrfToken check of every
 * route whose CSRF policy is `required` (every state change unless the route declares otherwise:
 * http/route-policy.ts), the x-session-expires header and POST /api/logout.
 */
export function installSessions(app: FastifyInstance): void {
  const { config } = app;
  const cookie = { secure: config.secureCookies };
  app.decorate('sessions', createSessionService(app.db, config.sessionTimeoutMinutes, cookie));
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request, reply) => {
    // Static files, health checks, bearer and anonymous routes: the cookie means nothing there.
    if (!policyOf(request).session) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.session = await app.sessions.resume(token);
    if (!request.session) reply.clearCookie(SESSION_COOKIE, cookieOptions(cookie));
  });

  // Before validation: a forged request learns nothing about the body it would need. The matched
  // route decides, so an encoded path (`/%61pi/…`) is checked exactly as its plain form.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (policyOf(request).csrf !== 'required' || !request.session) return;
    if (!app.sessions.csrfTokenMatches(request.session, csrfFromQuery(request))) {
      return reply
        .status(403)
        .send({ type: 'CsrfTokenInvalid', message: 'The csrfToken query parameter is missing or wrong' } satisfies ApiErrorBody);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.session) reply.header(SESSION_EXPIRES_HEADER, request.session.expiresAt.toISOString());
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

/** Sessions in the database, the csrfToken check and the sign-out route. */
export const sessionsModule = defineModule({
  name: 'sessions',
  install(app) {
    installSessions(app);
  },
});
