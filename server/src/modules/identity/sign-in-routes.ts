import { randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../util/constant-time';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  authenticateQuerySchema,
  identificationMethodIds,
  langSchema,
  ageOn,
  normalizeIdentityCode,
  parseIdentityCode,
  type ApiErrorBody,
  type Lang,
  textSchema,
  type ValidationErrorBody,
  SIGNED_IN_FRAGMENT,
} from '@portal/shared-api';
import { isSafeNextPath } from '../../http/next-path';
import { renderTooManyAttemptsPage } from './pages';
import { brokerScopes, IDENTITY_CODE_CLAIM, MANDATE_FOR_CLAIM } from './claims';
import { landingErrorPath, loginErrorPath, loginPath, type LandingError } from './login-paths';
import { helsinkiToday } from '@portal/shared-i18n';
import { message } from './messages';
import type { RateLimitRule } from '../../counters/limiter';
import { describeFailure, finishAuthorization, startAuthorization, type IdTokenClaims, type RelyingParty } from './relying-party';
import { identityLoginFlows } from './schema';

/** A sign-in must come back within this time (spec: the broker's state is kept ten minutes). */
export const LOGIN_FLOW_TTL_MS = 10 * 60 * 1000;
/** Ties a flow to the browser that began it, so a stolen callback URL cannot sign in someone else. */
export const LOGIN_BINDING_COOKIE = 'portal_login_binding';

const authenticateSchema = authenticateQuerySchema.extend({
  acr_values: authenticateQuerySchema.shape.acr_values.refine((value) => (identificationMethodIds as string[]).includes(value), {
    message: 'Unknown identification method',
  }),
});

const callbackQuerySchema = z.object({
  state: textSchema.min(1).max(512).optional(),
  code: textSchema.max(4096).optional(),
  error: textSchema.max(256).optional(),
});

export interface SignInRoutesOptions {
  relyingParty: RelyingParty;
  rateLimit: RateLimitRule;
  /** true when the built-in test broker identifies (OIDC_ISSUER unset) */
  builtInBroker: boolean;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

function sameBinding(expected: string, candidate: string | undefined): boolean {
  if (!candidate) return false;
  return constantTimeEqual(expected, candidate);
}

/**
 * The identity code in the ID token: the `hetu` claim (the built-in broker and Finnish brokers
 * that release it under that name), else `sub` when it is itself an identity code.
 */
function identityCodeOf(claims: IdTokenClaims): string | undefined {
  const fromClaim = claims[IDENTITY_CODE_CLAIM];
  if (typeof fromClaim === 'string' && fromClaim) return normalizeIdentityCode(fromClaim);
  return claims.sub ? normalizeIdentityCode(claims.sub) : undefined;
}

/** The represented person's identity code of a mandate (the broker's `mandate_for` claim). */
function mandateForOf(claims: IdTokenClaims): string | undefined {
  const value = claims[MANDATE_FOR_CLAIM];
  return typeof value === 'string' && value ? normalizeIdentityCode(value) : undefined;
}

/** Spec part 1 §9: a guardian acts for a child of 11 or younger; from 12 on the child signs in themselves. */
export const GUARDIAN_MAX_CHILD_AGE = 11;

function nameClaim(claims: IdTokenClaims, name: 'given_name' | 'family_name'): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : undefined;
}

export function registerSignInRoutes(app: FastifyInstance, options: SignInRoutesOptions): void {
  const { config } = app;
  const redirectUri = `${config.publicUrl}/oauth/callback`;
  const bindingCookie = { path: '/oauth/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  // Development identity codes (9xx, the personas) are real people only in tests and demos.
  const allowDevelopmentCodes = config.environment !== 'production' || options.builtInBroker;

  /**
   * Where a failed guardian sign-in lands: the children's-brand landing with `?error=` (spec part 1
   * §8); undefined when this brand has no landing route (the caller falls back to the login page).
   */
  const guardianErrorPath = (lang: Lang, error: LandingError): string | undefined => {
    // The core's composed route table; absent in a bare identity-module setup.
    const routes = app.hasDecorator('routeTable') ? app.routeTable.current() : [];
    const landing = routes.find((route) => route.id === 'landing');
    return landing ? landingErrorPath(lang, landing.paths[lang], error) : undefined;
  };

  app.get('/oauth/authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const parsed = authenticateSchema.safeParse(request.query ?? {});
    if (!parsed.success) {
      const body: ValidationErrorBody = {
        type: 'ValidationError',
        details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      };
      return reply.status(400).send(body);
    }
    const { lang, next, acr_values: acrValue, acting } = parsed.data;

    const verdict = await app.attemptLimiter.count(`authenticate:${request.ip}`, options.rateLimit);
    if (!verdict.allowed) {
      reply.status(429).header('retry-after', String(verdict.retryAfterSeconds)).header('cache-control', 'no-store');
      if (wantsHtml(request)) {
        return reply.type('text/html; charset=utf-8').send(renderTooManyAttemptsPage(lang, loginPath(lang)));
      }
      const body: ApiErrorBody = {
        type: 'TooManyRequests',
        message: `${message(lang, 'server.identity.tooManyRequests.title')}. ${message(lang, 'server.identity.tooManyRequests.description')}`,
      };
      return reply.send(body);
    }

    let flow;
    try {
      flow = await startAuthorization(options.relyingParty, { redirectUri, scope: brokerScopes(acting), acrValue, lang });
    } catch (error) {
      request.log.error({ failure: describeFailure(error) }, 'identity broker unavailable');
      const target = acting === 'guardian' ? guardianErrorPath(lang, 'unknown') : undefined;
      return reply.redirect(target ?? loginErrorPath(lang, isSafeNextPath(next)), 303);
    }

    const binding = request.cookies[LOGIN_BINDING_COOKIE] ?? randomBytes(24).toString('base64url');
    await app.db.delete(identityLoginFlows).where(lt(identityLoginFlows.expiresAt, sql`now()`));
    await app.db.insert(identityLoginFlows).values({
      state: flow.state,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
      browserBinding: binding,
      lang,
      nextPath: next ?? null,
      acrValue,
      acting: acting ?? null,
      expiresAt: new Date(Date.now() + LOGIN_FLOW_TTL_MS),
    });
    reply.setCookie(LOGIN_BINDING_COOKIE, binding, { ...bindingCookie, maxAge: LOGIN_FLOW_TTL_MS / 1000 });
    return reply.header('cache-control', 'no-store').redirect(flow.authorizationUrl.href, 303);
  });

  // Its URL carries the authorization code: no access log line at info level, whatever the logger.
  app.get('/oauth/callback', { logLevel: 'warn' }, async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const fail = (lang: Lang, reason: Record<string, string>, nextPath?: string) => {
      request.log.warn({ failure: reason }, 'sign-in failed');
      return reply.redirect(loginErrorPath(lang, nextPath), 303);
    };
    /** A failed guardian sign-in: the landing with `?error=`, or the login page in a brand without one. */
    const failGuardian = (lang: Lang, error: LandingError, reason: Record<string, string>, nextPath?: string) => {
      const target = guardianErrorPath(lang, error);
      if (!target) return fail(lang, reason, nextPath);
      request.log.warn({ failure: { ...reason, acting: 'guardian' } }, 'sign-in failed');
      return reply.redirect(target, 303);
    };

    const query = callbackQuerySchema.safeParse(request.query ?? {});
    if (!query.success || !query.data.state) return fail('fi', { kind: 'bad-callback' });

    // Deleting is the lookup: a state works once, on whichever instance the callback lands. Only the
    // browser that began the flow can use it up: a callback URL replayed from elsewhere (a stolen
    // link, a forged redirect) fails without cancelling the real person's sign-in.
    const binding = request.cookies[LOGIN_BINDING_COOKIE];
    const [flow] = binding
      ? await app.db
          .delete(identityLoginFlows)
          .where(
            and(
              eq(identityLoginFlows.state, query.data.state),
              eq(identityLoginFlows.browserBinding, binding),
              gt(identityLoginFlows.expiresAt, sql`now()`),
            ),
          )
          .returning()
      : [];
    if (!flow) {
      const [other] = await app.db
        .select({ lang: identityLoginFlows.lang, browserBinding: identityLoginFlows.browserBinding })
        .from(identityLoginFlows)
        .where(and(eq(identityLoginFlows.state, query.data.state), gt(identityLoginFlows.expiresAt, sql`now()`)));
      if (!other || sameBinding(other.browserBinding, binding)) return fail('fi', { kind: 'unknown-or-expired-state' });
      return fail(langSchema.catch('fi').parse(other.lang), { kind: 'other-browser' });
    }
    const lang = langSchema.catch('fi').parse(flow.lang);
    const nextPath = isSafeNextPath(flow.nextPath ?? undefined);
    const guardianMode = flow.acting === 'guardian';
    // In guardian mode every failure other than a refused mandate is 'unknown' (spec part 1 §8).
    const failFlow = (reason: Record<string, string>) =>
      guardianMode ? failGuardian(lang, 'unknown', reason, nextPath) : fail(lang, reason, nextPath);
    if (query.data.error) return failFlow({ kind: 'broker-error', error: query.data.error });

    let claims: IdTokenClaims;
    try {
      claims = await finishAuthorization(options.relyingParty, {
        callbackUrl: new URL(request.url, config.publicUrl),
        redirectUri,
        state: flow.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
    } catch (error) {
      return failFlow(describeFailure(error));
    }

    const identityCode = identityCodeOf(claims);
    const parsed = identityCode ? parseIdentityCode(identityCode, { allowDevelopmentCodes }) : undefined;
    if (!identityCode || !parsed?.valid) {
      return failFlow({ kind: 'identity-code-rejected', reason: parsed && !parsed.valid ? parsed.reason : 'missing' });
    }

    // Checked before anyone is created or signed in: a refused mandate leaves no trace but the log line.
    let childPersonId: string | null = null;
    if (guardianMode) {
      const childCode = mandateForOf(claims);
      const child = childCode ? parseIdentityCode(childCode, { allowDevelopmentCodes }) : undefined;
      if (!childCode || !child?.valid) {
        return failGuardian(lang, 'unknown', { kind: 'mandate-rejected', reason: child && !child.valid ? child.reason : 'missing' }, nextPath);
      }
      if (ageOn(child.birthDate, helsinkiToday()) > GUARDIAN_MAX_CHILD_AGE) {
        return failGuardian(lang, 'disallowed', { kind: 'mandate-refused', reason: 'child-too-old' }, nextPath);
      }
      const childPerson = await app.people.findByIdentityCode(childCode);
      const guardian = await app.people.findByIdentityCode(identityCode);
      if (!childPerson || !guardian || !(await app.people.isGuardianOf(guardian.id, childPerson.id))) {
        return failGuardian(lang, 'disallowed', { kind: 'mandate-refused', reason: 'not-a-guardian' }, nextPath);
      }
      childPersonId = childPerson.id;
    }

    const givenName = nameClaim(claims, 'given_name');
    const familyName = nameClaim(claims, 'family_name');
    const { personId } = await app.people.findOrCreateByIdentityCode(identityCode, {
      ...(givenName ? { givenName } : {}),
      ...(familyName ? { familyName } : {}),
    });
    // A new identification replaces whatever session this browser had (no session fixation).
    if (request.session) await app.sessions.destroy(request.session.id);
    await app.sessions.create(reply, { personId, actingForPersonId: childPersonId });
    reply.clearCookie(LOGIN_BINDING_COOKIE, bindingCookie);
    const target = nextPath === '/' ? `/${lang}` : nextPath;
    // the one-shot fragment lets the shell report the sign-in to analytics (spec part 1 §7)
    return reply.redirect(target.includes('#') ? target : `${target}#${SIGNED_IN_FRAGMENT}`, 303);
  });
}
