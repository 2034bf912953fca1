import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  mfaChallengeAnswerSchema,
  mfaChallengeResponseSchema,
  mfaOnboardingRequestQuerySchema,
  mfaOnboardingRequestResponseSchema,
  mfaOnboardingRequestSchema,
  normalizePhoneNumber,
  textSchema,
  validationErrorSchema,
  type ApiErrorBody,
} from '@portal/shared-api';
import { z } from 'zod';
import { unauthorized } from '../../http/errors';
import { serverMessage } from '../../pages/messages';
import type { RateLimitRule } from '../../counters/limiter';
import { defineModule } from '../module';
import { answerChallenge, generateCode, openChallenge } from './challenges';
import type { SmsGateway } from './sms-gateway';

export type { SmsGateway, SmsMessage } from './sms-gateway';

/**
 * The SMS gateway's test double (server/src/demo/sms-outbox/): it registers what routes it needs in
 * this app (testers read what it "sent") and answers the gateway.
 */
export interface TestSmsGateway {
  install(app: FastifyInstance): SmsGateway;
}

/** The SMS code's making and hashing: SMS login (the account module) sends codes the same way. */
export { clearChallenges, generateCode, hashCode, hasOpenChallenge } from './challenges';

export interface MfaOptions {
  /** default: the test double the app was given (app.testDoubles.smsGateway, the outbox) */
  gateway?: SmsGateway;
  /** code requests per person (SMS codes are rate-limited like identification: docs/security.md); default 5 per 15 minutes */
  requestLimit?: RateLimitRule;
}

export const DEFAULT_REQUEST_LIMIT: RateLimitRule = { max: 5, windowSeconds: 15 * 60 };

/** The rate-limit key of a person's onboarding code requests (the account module reads it for the MFA status). */
export const onboardingRateLimitKey = (personId: string) => `mfa-onboarding:${personId}`;

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway of this app (the outbox test double unless one is given): SMS login codes go through it too. */
    smsGateway: SmsGateway;
    /** The onboarding code-request limit in force (the MFA status reports when it is used up). */
    mfaOnboardingRequestLimit: RateLimitRule;
  }
}

const csrfOnlyQuerySchema = z.object({ csrfToken: textSchema.optional() });

/** The outbox double this app was given: no real SMS gateway exists yet. */
function testSmsGateway(app: FastifyInstance): SmsGateway {
  const double = app.testDoubles.smsGateway;
  if (!double) throw new Error('no SMS gateway is wired: only the outbox test double exists (server/src/demo/sms-outbox/)');
  return double.install(app);
}

/**
 * SMS login onboarding (spec part 1 §4, §7): POST /api/mfa-onboarding sends a 4-digit code, PUT
 * checks it. With the outbox test double, GET /api/dev/sms-outbox?phoneNumber= shows what it "sent"
 * (to this machine, or with the staff token: server/src/demo/sms-outbox/).
 * Neither the code nor the phone number is ever logged.
 */
export function installMfa(app: FastifyInstance, options: MfaOptions = {}): void {
  const gateway = options.gateway ?? testSmsGateway(app);
  const requestLimit = options.requestLimit ?? DEFAULT_REQUEST_LIMIT;
  app.decorate('smsGateway', gateway);
  app.decorate('mfaOnboardingRequestLimit', requestLimit);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/mfa-onboarding',
    {
      schema: {
        querystring: mfaOnboardingRequestQuerySchema,
        body: mfaOnboardingRequestSchema,
        response: { 200: mfaOnboardingRequestResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      // the session check comes before validation: anonymous callers learn nothing about the body
      preValidation: async (request) => {
        if (!request.session) throw unauthorized();
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const verdict = await app.attemptLimiter.count(onboardingRateLimitKey(session.personId), requestLimit);
      if (!verdict.allowed) {
        return reply
          .status(429)
          .header('retry-after', String(verdict.retryAfterSeconds))
          .send({ type: 'TooManyRequests', message: 'Too many code requests' } satisfies ApiErrorBody);
      }
      const phoneNumber = normalizePhoneNumber(request.body.phoneNumber);
      const code = generateCode();
      await openChallenge(app.db, { personId: session.personId, phoneNumber, code });
      await gateway.send({ phoneNumber, text: serverMessage(request.query.lang, 'server.mfa.smsText').replace('{code}', code) });
      return { type: 'success' as const };
    },
  );

  routes.put(
    '/api/mfa-onboarding',
    {
      schema: {
        querystring: csrfOnlyQuerySchema,
        body: mfaChallengeAnswerSchema,
        response: { 200: mfaChallengeResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema },
      },
      preValidation: async (request) => {
        if (!request.session) throw unauthorized();
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const type = await answerChallenge(app.db, session.personId, request.body.challengeResponseFromUser);
      return { data: { type } };
    },
  );
}

/** SMS login onboarding, with the built-in SMS gateway and its outbox. */
export const mfaModule = defineModule({
  name: 'mfa',
  // sms-gateway.ts is the seam for a real gateway; only the outbox double (server/src/demo/sms-outbox/) exists today.
  demoParts: () => ['mfa: SMS messages (login codes, booking confirmations) go to the test outbox table; no real SMS gateway is configured'],
  install(app) {
    installMfa(app);
  },
});
