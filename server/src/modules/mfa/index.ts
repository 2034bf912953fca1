import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  mfaChallengeAnswerSchema,
  mfaChallengeResponseSchema,
  mfaOnboardingRequestQuerySchema,
  mfaOnboardingRequestResponseSchema,
  mfaOnboardingRequestSchema,
  normalizePhoneNumber,
  smsOutboxQuerySchema,
  smsOutboxResponseSchema,
  textSchema,
  validationErrorSchema,
  type ApiErrorBody,
} from '@portal/shared-api';
import { z } from 'zod';
import { unauthorized } from '../../http/errors';
import { serverMessage } from '../../pages/messages';
import { countAttempt, type RateLimitRule } from '../identity/rate-limit';
import { defineModule } from '../module';
import { answerChallenge, generateCode, openChallenge } from './challenges';
import { createOutboxSmsGateway, readOutbox, type SmsGateway } from './sms-gateway';

export interface MfaOptions {
  /** default: the built-in outbox test double */
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

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The socket's own peer, not request.ip: behind a trusted proxy that comes from a header anyone can write. */
function isLocalCaller(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

const csrfOnlyQuerySchema = z.object({ csrfToken: textSchema.optional() });

/**
 * SMS login onboarding (spec part 1 §4, §7): POST /api/mfa-onboarding sends a 4-digit code, PUT
 * checks it. With the built-in test gateway, GET /api/dev/sms-outbox?phoneNumber= shows what it "sent"
 * (to this machine, or with the staff token).
 * Neither the code nor the phone number is ever logged.
 */
export function installMfa(app: FastifyInstance, options: MfaOptions = {}): void {
  const gateway = options.gateway ?? createOutboxSmsGateway(app.db);
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
      const verdict = await countAttempt(app.attemptCounter, onboardingRateLimitKey(session.personId), requestLimit);
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

  // Testers read the codes the test gateway "sent" here. It hands out sign-in codes, so it answers
  // only a caller on this machine (not through a proxy) or one with the staff token, whatever the
  // environment; with a real SMS gateway it does not exist.
  if (!options.gateway) {
    routes.get(
      '/api/dev/sms-outbox',
      {
        config: { session: false },
        schema: { querystring: smsOutboxQuerySchema, response: { 200: smsOutboxResponseSchema, 400: validationErrorSchema, 403: apiErrorSchema } },
        onRequest: async (request, reply) => {
          if (isLocalCaller(request) || app.messaging.staffTokenMatches(request.headers.authorization)) return;
          return reply
            .status(403)
            .send({ type: 'Forbidden', message: 'The SMS outbox answers only on this machine or with the staff token' } satisfies ApiErrorBody);
        },
      },
      async (request) => {
        const messages = await readOutbox(app.db, normalizePhoneNumber(request.query.phoneNumber));
        return { messages: messages.map((m) => ({ phoneNumber: m.phoneNumber, text: m.text, sentAt: m.sentAt.toISOString() })) };
      },
    );
  }
}

/** SMS login onboarding, with the built-in SMS gateway and its outbox. */
export const mfaModule = defineModule({
  name: 'mfa',
  // sms-gateway.ts is the seam for a real gateway; only the outbox double exists today.
  demoParts: () => ['mfa: SMS messages (login codes, booking confirmations) go to the test outbox table; no real SMS gateway is configured'],
  install(app) {
    installMfa(app);
  },
});
