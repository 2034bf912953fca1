import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  PASSKEY_LOGIN_OPTIONS_PATH,
  PASSKEY_LOGIN_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEYS_PATH,
  passkeyDeleteResponseSchema,
  passkeyListResponseSchema,
  passkeyLoginOptionsResponseSchema,
  passkeyLoginQuerySchema,
  passkeyLoginRequestSchema,
  passkeyLoginResponseSchema,
  passkeyParamsSchema,
  passkeyQuerySchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeyRegistrationRequestSchema,
  passkeyRegistrationResponseSchema,
  validationErrorSchema,
  type ApiErrorBody,
} from '@portal/shared-api';
import { notFound, unauthorized, validationError } from '../../http/errors';
import { isSafeNextPath } from '../../http/next-path';
import type { RateLimitRule } from '../../counters/limiter';
import { expiredSessionOf, forgetExpiredSession, type ExpiredSession } from '../account/index';
import { requestOfAudit, writeAudit } from '../audit/index';
import {
  CEREMONY_TIMEOUT_MS,
  challengeOf,
  loginOptions,
  newChallenge,
  newUserHandle,
  registrationOptions,
  verifyLogin,
  verifyRegistration,
  type RelyingParty,
} from './ceremonies';
import { consumeChallenge, credentialsOf, deletePasskey, findByCredentialId, hasPasskey, insertPasskey, listPasskeys, openChallenge, recordUse } from './store';

/** How many passkeys one person may have: enough for every device, not a store for anything else. */
export const MAX_PASSKEYS_PER_PERSON = 10;
/** Sign-in answers per person whose session expired (as many as identification allows a client: 30 in 10 minutes would be too many for one person). */
export const PASSKEY_LOGIN_LIMIT: RateLimitRule = { max: 10, windowSeconds: 10 * 60 };
/** Sign-in options (each writes a challenge) per person whose session expired. */
export const PASSKEY_LOGIN_OPTIONS_LIMIT: RateLimitRule = { max: 20, windowSeconds: 10 * 60 };

const REFUSED: ApiErrorBody = { type: 'Unauthorized', message: 'The passkey could not be used to sign in' };

/**
 * The passkey calls (issue 33):
 * - signed in (CSRF `required`, the default): GET /api/passkeys (the person's own), POST
 *   /api/passkeys/registration-options (a challenge), POST /api/passkeys { name, credential } (the
 *   authenticator's answer, checked), DELETE /api/passkeys/:passkeyId;
 * - after the session expired (no live session; CSRF `anonymous-origin-check`: a cross-site browser
 *   request is refused by its Origin / Sec-Fetch-Site, and the kept token's cookie is SameSite=Strict):
 *   POST /api/passkey-login/options and POST /api/passkey-login { credential, next }. Only the person
 *   whose expired session the browser brings (account/sms-login/expired-session.ts) may sign in, and
 *   only with their own passkey: a passkey never starts a first sign-in, nor signs in anyone else.
 * The passkeys are always the signed-in person's own, also while they act for a ward.
 */
export function installPasskeyRoutes(app: FastifyInstance, rp: RelyingParty): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cookie = { secure: app.config.secureCookies };

  const requireSession = async (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
  };
  const sessionOf = (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
    return request.session;
  };
  const audit = (request: FastifyRequest, personId: string, action: string) =>
    writeAudit(app.db, { actorPersonId: personId, subjectPersonId: personId, action, ...requestOfAudit(request) });

  routes.get(
    PASSKEYS_PATH,
    { schema: { response: { 200: passkeyListResponseSchema, 401: apiErrorSchema } }, preValidation: requireSession },
    async (request) => ({ passkeys: await listPasskeys(app.db, sessionOf(request).personId) }),
  );

  routes.post(
    PASSKEY_REGISTRATION_OPTIONS_PATH,
    {
      config: { csrf: 'required' },
      schema: { querystring: passkeyQuerySchema, response: { 200: passkeyRegistrationOptionsResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema } },
      preValidation: requireSession,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const existing = await credentialsOf(app.db, session.personId);
      if (existing.length >= MAX_PASSKEYS_PER_PERSON) {
        return reply.status(400).send(validationError([{ path: 'passkeys', message: `At most ${MAX_PASSKEYS_PER_PERSON} passkeys` }]));
      }
      const person = await app.people.findById(session.personId);
      // one user handle for all of a person's passkeys: an authenticator keeps one passkey per person
      const userHandle = existing[0]?.userHandle ?? newUserHandle();
      const challenge = newChallenge();
      await openChallenge(app.db, {
        challenge,
        purpose: 'registration',
        personId: session.personId,
        sessionId: session.id,
        userHandle,
        expiresAt: new Date(Date.now() + CEREMONY_TIMEOUT_MS),
      });
      const userName = `${person?.givenName ?? ''} ${person?.familyName ?? ''}`.trim() || 'Portal';
      return { options: registrationOptions({ rp, challenge, userHandle, userName, exclude: existing }) };
    },
  );

  routes.post(
    PASSKEYS_PATH,
    {
      config: { csrf: 'required' },
      schema: {
        querystring: passkeyQuerySchema,
        body: passkeyRegistrationRequestSchema,
        response: { 200: passkeyRegistrationResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: requireSession,
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { name, credential } = request.body;
      const refuse = (message: string) => reply.status(400).send(validationError([{ path: 'credential', message }]));
      const challenge = challengeOf(credential.response.clientDataJSON);
      if (!challenge) return refuse('Not a registration answer');
      const taken = await consumeChallenge(app.db, challenge, { purpose: 'registration', personId: session.personId, sessionId: session.id });
      if (!taken?.userHandle) return refuse('The registration expired or was already answered: start again');
      const verdict = await verifyRegistration(rp, challenge, credential);
      if (!verdict.ok) {
        request.log.info({ reason: verdict.reason }, 'passkey registration refused');
        return refuse('The passkey could not be verified');
      }
      if ((await credentialsOf(app.db, session.personId)).length >= MAX_PASSKEYS_PER_PERSON) {
        return reply.status(400).send(validationError([{ path: 'passkeys', message: `At most ${MAX_PASSKEYS_PER_PERSON} passkeys` }]));
      }
      const passkey = await insertPasskey(app.db, { personId: session.personId, ...verdict.value, userHandle: taken.userHandle, name });
      if (!passkey) return refuse('This passkey is registered already');
      await audit(request, session.personId, 'account.passkeys.register');
      return { type: 'success' as const, passkey };
    },
  );

  routes.delete(
    `${PASSKEYS_PATH}/:passkeyId`,
    {
      config: { csrf: 'required' },
      schema: {
        querystring: passkeyQuerySchema,
        params: passkeyParamsSchema,
        response: { 200: passkeyDeleteResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
      preValidation: requireSession,
    },
    async (request) => {
      const session = sessionOf(request);
      if (!(await deletePasskey(app.db, session.personId, request.params.passkeyId))) throw notFound('No such passkey');
      await audit(request, session.personId, 'account.passkeys.remove');
      return { type: 'success' as const };
    },
  );

  // ---- after expiry ------------------------------------------------------------------------------

  const expiredCaller = new WeakMap<FastifyRequest, ExpiredSession>();
  /** The expired session the browser brings, of a person with a passkey; else 401 before the body is read. */
  const identifyExpired = async (request: FastifyRequest) => {
    const expired = await expiredSessionOf(app.db, request);
    if (!expired || !(await hasPasskey(app.db, expired.personId))) throw unauthorized('No expired session that a passkey could resume');
    expiredCaller.set(request, expired);
  };
  const expiredOf = (request: FastifyRequest) => {
    const expired = expiredCaller.get(request);
    if (!expired) throw unauthorized();
    return expired;
  };
  const tooMany = (reply: FastifyReply, retryAfterSeconds: number) =>
    reply
      .status(429)
      .header('retry-after', String(retryAfterSeconds))
      .send({ type: 'TooManyRequests', message: 'Too many passkey sign-ins' } satisfies ApiErrorBody);

  routes.post(
    PASSKEY_LOGIN_OPTIONS_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: { querystring: passkeyLoginQuerySchema, response: { 200: passkeyLoginOptionsResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema } },
      preValidation: identifyExpired,
    },
    async (request, reply) => {
      const expired = expiredOf(request);
      const verdict = await app.attemptLimiter.count(`passkey-login-options:${expired.personId}`, PASSKEY_LOGIN_OPTIONS_LIMIT);
      if (!verdict.allowed) return tooMany(reply, verdict.retryAfterSeconds);
      const challenge = newChallenge();
      await openChallenge(app.db, { challenge, purpose: 'login', personId: expired.personId, sessionId: expired.id, expiresAt: new Date(Date.now() + CEREMONY_TIMEOUT_MS) });
      return { options: loginOptions(rp, challenge) };
    },
  );

  routes.post(
    PASSKEY_LOGIN_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: {
        querystring: passkeyLoginQuerySchema,
        body: passkeyLoginRequestSchema,
        response: { 200: passkeyLoginResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      preValidation: identifyExpired,
    },
    async (request, reply) => {
      const expired = expiredOf(request);
      const limit = await app.attemptLimiter.count(`passkey-login:${expired.personId}`, PASSKEY_LOGIN_LIMIT);
      if (!limit.allowed) return tooMany(reply, limit.retryAfterSeconds);
      const { credential } = request.body;
      const refuse = (reason: string) => {
        request.log.info({ reason }, 'passkey sign-in refused');
        return reply.status(401).send(REFUSED);
      };
      // The challenge first: whatever else is wrong, an answer is used once.
      const challenge = challengeOf(credential.response.clientDataJSON);
      if (!challenge) return refuse('no challenge in the client data');
      if (!(await consumeChallenge(app.db, challenge, { purpose: 'login', personId: expired.personId, sessionId: expired.id }))) {
        return refuse('unknown, expired or used challenge');
      }
      const stored = await findByCredentialId(app.db, credential.id);
      // another person's passkey is refused like an unknown one: the answer says nothing of whose it is
      if (!stored || stored.personId !== expired.personId) return refuse('credential not the person’s');
      if (credential.response.userHandle !== undefined && credential.response.userHandle !== stored.userHandle) return refuse('user handle differs');
      const verdict = await verifyLogin(rp, challenge, credential, stored);
      if (!verdict.ok) {
        if (/counter/i.test(verdict.reason)) request.log.warn({ passkeyId: stored.id }, 'passkey counter did not grow: a cloned authenticator?');
        return refuse(verdict.reason);
      }
      if (!(await recordUse(app.db, stored, verdict.value.newSignCount, new Date()))) return refuse('counter changed meanwhile');
      // The same as a right SMS code: the old session ends, a new one starts (a new token and
      // csrfToken) for the person themself; acting for a child is chosen again.
      await app.sessions.destroy(expired.id);
      await app.sessions.create(reply, { personId: expired.personId });
      forgetExpiredSession(reply, cookie);
      await audit(request, expired.personId, 'account.passkeys.login');
      return { type: 'success' as const, next: isSafeNextPath(request.body.next) };
    },
  );
}
