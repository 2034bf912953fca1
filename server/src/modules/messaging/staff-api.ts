import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { multilineTextSchema, textSchema, trimmedMultilineTextSchema, type ApiErrorBody } from '@portal/shared-api';
import { validationError } from '../../http/errors';
import { constantTimeEqual } from '../../util/constant-time';
import { correlationIdOf } from '../audit/index';
import {
  assignThread,
  closeThread,
  deleteMessage,
  listProfessionals,
  listThreadsOfCustomer,
  postProfessionalReply,
  reopenThread,
  StaffError,
  type StaffChannel,
} from './staff';

export const STAFF_API_PREFIX = '/api/staff/messaging';

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const threadParams = z.object({ threadId: id });
const messageParams = z.object({ messageId: id });
const replyBody = z.object({
  professionalUserId: id,
  content: trimmedMultilineTextSchema.min(1).max(10_000),
  invitationIds: z.array(id).max(10).optional(),
});
const assignBody = z.object({ assigneeUserId: id });
const deleteBody = z.object({ deletedByUserId: id, reason: multilineTextSchema.max(500).default('') });
/** Every call may name the professional who acts: the patient's access log then shows their role. */
const actingQuery = z.object({ professionalUserId: id.optional() });
const threadsQuery = actingQuery.extend({ identityCode: textSchema.min(10).max(11) });

/** Compares in constant time, whatever the lengths. */
export function bearerTokenMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  return constantTimeEqual(match[1], expected);
}

function refusal(reply: FastifyReply, error: unknown) {
  if (!(error instanceof StaffError)) throw error;
  if (error.code === 'not-found') return reply.status(404).send({ type: 'NotFound', message: error.message } satisfies ApiErrorBody);
  return reply.status(400).send(validationError([{ path: error.path, message: error.message }]));
}

/** A request's staff channel: its audit rows carry the request's id and correlation id, and the acting professional's role. */
const viaApi = (request: { id: string; query: unknown }): StaffChannel => {
  const acting = actingQuery.safeParse(request.query);
  return {
    channel: 'api',
    requestId: request.id,
    correlationId: correlationIdOf(request),
    ...(acting.success && acting.data.professionalUserId !== undefined ? { professionalUserId: acting.data.professionalUserId } : {}),
  };
};

/**
 * The professionals' API for testers, only when STAFF_API_TOKEN is set (otherwise its paths are
 * simply not there: 404). Every call needs `Authorization: Bearer <token>`.
 *
 *   GET  /api/staff/messaging/professionals
 *   GET  /api/staff/messaging/threads?identityCode=150385-9013[&professionalUserId=]
 *   POST /api/staff/messaging/threads/:threadId/replies   { professionalUserId, content, invitationIds? }
 *   POST /api/staff/messaging/threads/:threadId/close
 *   POST /api/staff/messaging/threads/:threadId/reopen
 *   POST /api/staff/messaging/threads/:threadId/assign    { assigneeUserId }
 *   POST /api/staff/messaging/messages/:messageId/delete  { deletedByUserId, reason }
 *
 * Every call but the professionals' list reads a patient's data and is audited (see staff.ts): the
 * patient's access log shows it as read by a healthcare professional, or by a doctor or a nurse when
 * the call names the acting professional (`?professionalUserId=` on any call; a reply's and a
 * deletion's body name them already). An unknown professional is 400 with that path.
 */
export function installStaffApi(app: FastifyInstance, token: string): void {
  void app.register(
    async (scope) => {
      // Bearer-authenticated: a patient's cookie is never read here, whatever the method.
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, csrf: 'bearer', session: false };
      });
      // Before the body is even parsed: without the token a caller learns nothing.
      scope.addHook('onRequest', async (request, reply) => {
        if (!bearerTokenMatches(request.headers.authorization, token)) {
          return reply.status(401).send({ type: 'Unauthorized', message: 'A valid staff token is required' } satisfies ApiErrorBody);
        }
      });
      const routes = scope.withTypeProvider<ZodTypeProvider>();

      routes.get('/professionals', async () => ({ professionals: await listProfessionals(app.db) }));

      routes.get('/threads', { schema: { querystring: threadsQuery } }, async (request, reply) => {
        try {
          return { threads: await listThreadsOfCustomer(app.db, { identityCode: request.query.identityCode }, viaApi(request)) };
        } catch (error) {
          return refusal(reply, error);
        }
      });

      routes.post('/threads/:threadId/replies', { schema: { params: threadParams, body: replyBody } }, async (request, reply) => {
        try {
          const message = await postProfessionalReply(app.db, { threadId: request.params.threadId, ...request.body }, viaApi(request));
          return reply.status(201).send({ type: 'success', messageId: message.id, created: message.createdAt.toISOString() });
        } catch (error) {
          return refusal(reply, error);
        }
      });

      for (const [action, run] of [
        ['close', closeThread],
        ['reopen', reopenThread],
      ] as const) {
        routes.post(`/threads/:threadId/${action}`, { schema: { params: threadParams, querystring: actingQuery } }, async (request, reply) => {
          try {
            await run(app.db, { threadId: request.params.threadId }, viaApi(request));
            return { type: 'success' };
          } catch (error) {
            return refusal(reply, error);
          }
        });
      }

      routes.post('/threads/:threadId/assign', { schema: { params: threadParams, querystring: actingQuery, body: assignBody } }, async (request, reply) => {
        try {
          await assignThread(app.db, { threadId: request.params.threadId, assigneeUserId: request.body.assigneeUserId }, viaApi(request));
          return { type: 'success' };
        } catch (error) {
          return refusal(reply, error);
        }
      });

      routes.post('/messages/:messageId/delete', { schema: { params: messageParams, body: deleteBody } }, async (request, reply) => {
        try {
          await deleteMessage(app.db, { messageId: request.params.messageId, ...request.body }, viaApi(request));
          return { type: 'success' };
        } catch (error) {
          return refusal(reply, error);
        }
      });
    },
    { prefix: STAFF_API_PREFIX },
  );
}
