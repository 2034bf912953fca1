import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, normalizePhoneNumber, smsOutboxQuerySchema, smsOutboxResponseSchema, validationErrorSchema, type ApiErrorBody } from '@portal/shared-api';
import type { TestSmsGateway } from '../../modules/mfa/index';
import { createOutboxSmsGateway, readOutbox } from './outbox';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The socket's own peer, not request.ip: behind a trusted proxy that comes from a header anyone can write. */
function isLocalCaller(request: FastifyRequest): boolean {
  return LOOPBACK.has(request.raw.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/** The outbox: every SMS lands in the sms_outbox table, and GET /api/dev/sms-outbox shows it. */
export const testSmsGateway: TestSmsGateway = {
  install(app: FastifyInstance) {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    // Testers read the codes the test gateway "sent" here. It hands out sign-in codes, so it answers
    // only a caller on this machine (not through a proxy) or one with the staff token, whatever the
    // environment; with a real SMS gateway it does not exist.
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
    return createOutboxSmsGateway(app.db);
  },
};
