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
  smsOutboxQuerySchema,
  smsOutboxResponseSchema,
  validationErrorSchema,
  type ApiErrorBody,
} from '@portal/shared-api';
import { z } from 'zod';
import { unauthorized } from '../../http/errors';
import { serverMessage } from '../../pages/messages';
import { countAttempt, type RateLimitRule } from '../identity/rate-limit';
import { answerChallenge, generateCode, openChallenge } from './challenges';
import { createOutboxSmsGateway, readOutbox, type SmsGateway } from './sms-gateway';

export interface MfaOptions {
  /** default: the built-in outbox test double */
  gateway?: SmsGateway;
  /** code requests per person (ARCHITECTURE: rate limits on SMS codes); default 5 per 15 minutes */
  requestLimit?: RateLimitRule;
}

export const DEFAULT_REQUEST_LIMIT: RateLimitRule = { max: 5, windowSeconds: 15 * 60 };

const csrfOnlyQuerySchema = z.object({ csrfToken: z.string().optional() });

/**
 * SMS login onboarding (spec part 1 §4, §7): POST /api/mfa-onboarding sends a 4-digit code, PUT
 * checks it. In development GET /api/dev/sms-outbox?phoneNumber= shows what the test gateway "sent".
 * Neither the code nor the phone number is ever logged.
 */
export function installMfa(app: FastifyInstance, options: MfaOptions = {}): void {
  const gateway = options.gateway ?? createOutboxSmsGateway(app.db);
  const requestLimit = options.requestLimit ?? DEFAULT_REQUEST_LIMIT;
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
      const verdict = await countAttempt(app.db, `mfa-onboarding:${session.personId}`, requestLimit);
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

  // Testers read the codes the test gateway "sent" here; the route does not exist outside development.
  if (app.config.environment === 'development') {
    routes.get(
      '/api/dev/sms-outbox',
      { schema: { querystring: smsOutboxQuerySchema, response: { 200: smsOutboxResponseSchema, 400: validationErrorSchema } } },
      async (request, reply) => {
        const messages = await readOutbox(app.db, normalizePhoneNumber(request.query.phoneNumber));
        return reply
          .header('cache-control', 'no-store')
          .send({ messages: messages.map((m) => ({ phoneNumber: m.phoneNumber, text: m.text, sentAt: m.sentAt.toISOString() })) });
      },
    );
  }
}
