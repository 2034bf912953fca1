import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SESSION_EXPIRES_HEADER, langSchema, logoutResponseSchema, type ApiErrorBody, type Lang } from '@portal/shared-api';
import { buildPath, findRoute } from '@portal/shared-i18n';
import { mediaTypeOf, policyOf } from '../../http/route-policy';
import { defineModule } from '../module';
import { cookieOptions, createSessionService, SESSION_COOKIE } from './service';

export { maskCsrfToken } from './csrf-mask';
export { cookieOptions, hashToken, SESSION_COOKIE, type SessionInfo } from './service';
export { recentlyExpiredSession, setSessionExpiry } from './expiry';

function csrfFromQuery(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.csrfToken;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Sessions: `app.sessions`, `request.session`, the sliding expiry, the csrfToken check of every
 * route whose CSRF policy is `required` (every state change unless the route declares otherwise:
 * http/route-policy.ts), the x-session-expires header and POST /api/logout (see logOutRoute).
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

  app.register(async (scope) => logOutRoute(scope, cookie));
}

/** A plain HTML form's body; the log-out form has no fields (its csrfToken and lang are in the action's query). */
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT_BYTES = 1024;

/** The log-out form's language; the server's default for a missing or unknown one. */
const logOutQuerySchema = (defaultLang: Lang) => z.object({ lang: langSchema.catch(defaultLang) }).catch({ lang: defaultLang });

/**
 * POST /api/logout: ends the session (when there is one) and clears the cookie. Like every state
 * change it is CSRF `required` (the session's csrfToken in the query, checked before validation), so
 * a plain HTML form posts to `/api/logout?csrfToken=…&lang=…`: the pre-rendered new-customer page's
 * log-out works without JavaScript. The API client (JSON or no body) gets `{ type: 'success' }`; a
 * form post (its media type) is sent on to the login page in `lang` with 303, as the page's script does.
 * In a scope of its own, so the form parser serves this route only.
 */
function logOutRoute(app: FastifyInstance, cookie: { secure: boolean }): void {
  app.addContentTypeParser(FORM_MEDIA_TYPE, { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES }, (_request, _body, done) => done(null, undefined));
  const querySchema = logOutQuerySchema(app.config.defaultLang);
  app.post(
    '/api/logout',
    { config: { bodyTypes: ['application/json', FORM_MEDIA_TYPE] }, schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      if (request.session) {
        await app.sessions.destroy(request.session.id);
        request.session = null;
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(cookie));
      if (mediaTypeOf(request.headers['content-type']) === FORM_MEDIA_TYPE) {
        return reply.redirect(loginPathOf(app, querySchema.parse(request.query).lang), 303);
      }
      return { type: 'success' as const };
    },
  );
}

/** The login page in `lang`; the language root (which signs in again) where the composition has none. */
function loginPathOf(app: FastifyInstance, lang: Lang): string {
  const login = findRoute(app.routeTable.current(), 'login');
  return login ? buildPath(login, lang) : `/${lang}`;
}

/** Sessions in the database, the csrfToken check and the sign-out route. */
export const sessionsModule = defineModule({
  name: 'sessions',
  install(app) {
    installSessions(app);
  },
});
