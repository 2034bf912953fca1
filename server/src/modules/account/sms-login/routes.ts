import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  MFA_FEATURE,
  MFA_PATH,
  mfaActionRequestSchema,
  mfaActionResponseSchema,
  mfaStatusResponseSchema,
  phoneNumberEnding,
  PIN_PATH,
  pinRequestSchema,
  pinResponseSchema,
  SMS_LOGIN_CODE_PATH,
  smsLoginCodeResponseSchema,
  smsLoginQuerySchema,
  validationErrorSchema,
  type ApiErrorBody,
  type MfaResponse,
  type MfaStatusResponse,
  type SmsLoginAvailability,
  textSchema,
} from '@portal/shared-api';
import { z } from 'zod';
import { unauthorized } from '../../../http/errors';
import { isSafeNextPath } from '../../../http/next-path';
import { serverMessage } from '../../../pages/messages';
import { clearChallenges, DEFAULT_REQUEST_LIMIT } from '../../mfa/index';
import { disableSmsLogin, personById } from '../../patients/index';
import { cookieOptions, SESSION_COOKIE } from '../../sessions/index';
import type { AccountConfig } from '../config';
import { smsLoginCodes } from '../schema';
import { answerLoginCode, deleteLoginCode, openLoginCode } from './codes';
import { installDevSessionExpiry } from './dev';
import { expiredSessionOf, forgetExpiredSession, installExpiredSessionKeeper, type ExpiredSession } from './expired-session';
import { mfaStatusOf } from './status';

/** Login code requests per person (as many as the onboarding allows: 5 per 15 minutes). */
export const SMS_LOGIN_REQUEST_LIMIT = DEFAULT_REQUEST_LIMIT;

const csrfOnlyQuerySchema = z.object({ csrfToken: textSchema.max(200).optional() });

/** Who may log in with an SMS code: a known expired session of a person with SMS login on (the mfa feature on). */
export async function smsLoginEligible(app: FastifyInstance, request: FastifyRequest): Promise<ExpiredSession | null> {
  if (!app.config.features.includes(MFA_FEATURE)) return null;
  const expired = await expiredSessionOf(app.db, request);
  return expired?.smsLoginEnabled && expired.phoneNumber ? expired : null;
}

/** Whether the request's expired session could be resumed with an SMS code, and where the code goes (the state of account.sms-login). */
export async function smsLoginAvailability(app: FastifyInstance, config: AccountConfig, request: FastifyRequest): Promise<SmsLoginAvailability> {
  const expired = await smsLoginEligible(app, request);
  if (!expired?.phoneNumber) return { status: 'unavailable' };
  return { status: 'available', phoneNumberEnding: phoneNumberEnding(expired.phoneNumber), codeTtlSeconds: config.smsLoginCodeTtlSeconds };
}

/**
 * SMS login (spec part 2 §2.2, §3 MFA status, §4 "MFA (SMS login) toggle" and "Session", §7, §8):
 * - GET /api/mfa and POST /api/mfa?csrfToken { action }: the toggle of My information. Enable
 *   answers user-wants-to-enable-mfa and the page then runs the existing onboarding
 *   (/api/mfa-onboarding: the phone number, the code from the SMS gateway); disable turns SMS login
 *   off and forgets any open code;
 * - the state of account.sms-login and of the shell's expired-session page (which also says
 *   whether the person has a passkey: the passkeys module): their loaders are pages/sms-login.ts and
 *   pages/expired-session.ts;
 * - POST /api/pin/code: sends a login code to the verified phone of the person whose session
 *   expired (expired-session.ts says how they are known), rate-limited;
 * - POST /api/pin { pin, next }: a right code ends the expired session and starts a new one; the
 *   last allowed wrong code ends the expired session for good (the person is logged out).
 * Neither codes nor phone numbers are logged; only the number's last digits are ever answered.
 */
/** The person's SMS login status: what comes next if they turn it on, or why not now. */
function smsLoginStatusOf(app: FastifyInstance, personId: string) {
  const mfaFeatureOn = app.config.features.includes(MFA_FEATURE);
  return mfaStatusOf(app.db, { personId, mfaFeatureOn, onboardingLimit: app.mfaOnboardingRequestLimit, attempts: app.attemptLimiter });
}

/** GET /api/mfa's answer, also in My information's page state (pages/my-information.ts). */
export async function smsLoginOf(app: FastifyInstance, personId: string): Promise<MfaStatusResponse> {
  const person = await personById(app.db, personId);
  return { status: await smsLoginStatusOf(app, personId), phoneNumber: person?.phoneNumber ?? null };
}

export function installSmsLogin(app: FastifyInstance, config: AccountConfig): void {
  const cookie = { secure: app.config.secureCookies };
  const mfaOn = () => app.config.features.includes(MFA_FEATURE);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // the expired session is kept for whoever could resume it: SMS login (with the feature on) or a passkey
  installExpiredSessionKeeper(app, { ...cookie, keeps: async (expired) => (mfaOn() && expired.smsLoginEnabled) || app.passkeys.hasAny(expired.personId) });
  installDevSessionExpiry(app);

  const statusOf = (personId: string) => smsLoginStatusOf(app, personId);

  const eligible = (request: FastifyRequest) => smsLoginEligible(app, request);

  const requireSession = async (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
  };

  routes.get(
    MFA_PATH,
    {
      schema: { response: { 200: mfaStatusResponseSchema, 401: apiErrorSchema } },
      preValidation: requireSession,
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      return smsLoginOf(app, session.personId);
    },
  );

  routes.post(
    MFA_PATH,
    {
      schema: {
        querystring: csrfOnlyQuerySchema,
        body: mfaActionRequestSchema,
        response: { 200: mfaActionResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      // the session check comes before validation: anonymous callers learn nothing about the body
      preValidation: requireSession,
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const personId = session.personId;
      if (request.body.action === 'disable') {
        await app.db.transaction(async (tx) => {
          await disableSmsLogin(tx, personId);
          await clearChallenges(tx, personId);
          await tx.delete(smsLoginCodes).where(eq(smsLoginCodes.personId, personId));
        });
        return { type: 'success' as const, status: await statusOf(personId) };
      }
      // enable: the status says what comes next (enabled already, the onboarding, or why not now)
      const status = await statusOf(personId);
      return {
        type: 'success' as const,
        status: status.type === 'user-has-no-verified-mfa-device' ? { type: 'user-wants-to-enable-mfa' as const } : status,
      };
    },
  );

  // Used without a live session: the session cookie is not read, and a cross-site browser request is
  // refused by its Origin / Sec-Fetch-Site (the kept token's cookie is SameSite=Strict as well).
  const expiredCaller = new WeakMap<FastifyRequest, ExpiredSession>();
  const identifyExpired = async (request: FastifyRequest) => {
    const expired = await eligible(request);
    if (!expired) throw unauthorized('No expired session that SMS login could resume');
    expiredCaller.set(request, expired);
  };

  routes.post(
    SMS_LOGIN_CODE_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: {
        querystring: smsLoginQuerySchema,
        response: { 200: smsLoginCodeResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      preValidation: identifyExpired,
    },
    async (request, reply) => {
      const expired = expiredCaller.get(request);
      if (!expired?.phoneNumber) throw unauthorized();
      const verdict = await app.attemptLimiter.count(`sms-login:${expired.personId}`, SMS_LOGIN_REQUEST_LIMIT);
      if (!verdict.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(verdict.retryAfterSeconds))
          .send({ type: 'TooManyRequests', message: 'Too many code requests' } satisfies ApiErrorBody);
      }
      const { code, expiresAt } = await openLoginCode(app.db, expired.personId, expired.id, config.smsLoginCodeTtlSeconds);
      const minutes = String(Math.max(1, Math.round(config.smsLoginCodeTtlSeconds / 60)));
      const text = serverMessage(request.query.lang, 'server.account.smsLogin.smsText').replace('{code}', code).replace('{minutes}', minutes);
      await app.smsGateway.send({ phoneNumber: expired.phoneNumber.replace(/\s+/g, ''), text });
      return { type: 'success' as const, phoneNumberEnding: phoneNumberEnding(expired.phoneNumber), expiresAt: expiresAt.toISOString() };
    },
  );

  routes.post(
    PIN_PATH,
    {
      config: { csrf: 'anonymous-origin-check' },
      schema: {
        querystring: smsLoginQuerySchema,
        body: pinRequestSchema,
        response: { 200: pinResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: identifyExpired,
    },
    async (request, reply) => {
      const expired = expiredCaller.get(request);
      if (!expired) throw unauthorized();
      const outcome = await answerLoginCode(app.db, expired.personId, expired.id, request.body.pin, config.smsLoginMaxAttempts);
      let mfaResponse: MfaResponse;
      switch (outcome.type) {
        case 'ok':
          // the old session ends and a new one starts (a new token and csrfToken), for the person
          // themself: acting for a child is chosen again, its guardianship checked then
          await app.sessions.destroy(expired.id);
          await app.sessions.create(reply, { personId: expired.personId });
          forgetExpiredSession(reply, cookie);
          mfaResponse = { type: 'mfa-ok', next: isSafeNextPath(request.body.next) };
          break;
        case 'too-many':
          // spec §4: too many PIN retries log the user out, for good
          await app.sessions.destroy(expired.id);
          await deleteLoginCode(app.db, expired.personId);
          forgetExpiredSession(reply, cookie);
          reply.clearCookie(SESSION_COOKIE, cookieOptions(cookie));
          mfaResponse = { type: 'too-many-mfa-attempts' };
          break;
        case 'wrong':
          mfaResponse = { type: 'mfa-challenge-failed', attemptsLeft: outcome.attemptsLeft };
          break;
        case 'no-code':
          mfaResponse = { type: 'code-expired' };
          break;
      }
      return { mfaResponse };
    },
  );
}
