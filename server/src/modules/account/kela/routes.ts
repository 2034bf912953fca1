import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  KELA_CARD_IMAGE_PATH,
  KELA_CARD_PATH,
  KELA_FINISH_UPLOAD_PATH,
  KELA_INIT_UPLOAD_PATH,
  kelaCardResponseSchema,
  kelaFinishUploadQuerySchema,
  kelaFinishUploadResponseSchema,
  kelaInitUploadRequestSchema,
  kelaInitUploadResponseSchema,
  kelaQuerySchema,
  kelaSideSchema,
  validationErrorSchema,
  type ApiErrorBody,
  type KelaFinishUploadResponse,
  textSchema,
} from '@portal/shared-api';
import { ApiError, notFound, unauthorized, validationError } from '../../../http/errors';
import { auditedRead, patientAccess } from '../../patients/index';
import type { AccountConfig } from '../config';
import { finishKelaUpload, initKelaUpload, kelaCardOf, kelaImageOf } from './service';

const CSRF_INVALID: ApiErrorBody = { type: 'CsrfTokenInvalid', message: 'The csrfToken query parameter is missing or wrong' };

/**
 * The Kela card's calls (spec part 2 §7):
 *
 * - GET /api/kela-card?csrfToken → `{ imageUrl: { front, back } }` (an audited read; nulls without a card);
 * - POST /api/kela-card/init-upload?csrfToken `{ mimetypes: { front, back } }` → two upload URLs of
 *   the attachment storage and a token (only image/jpeg and image/png; else 400 with the paths);
 * - GET /api/kela-card/finish-upload?csrfToken&token → checks both uploaded objects' bytes and makes
 *   them the card; 400 with the side's path and §5's message when one is not the JPEG/PNG declared,
 *   403 for a token that is unknown, someone else's, used or expired;
 * - GET /api/kela-card/image/:side: the saved image itself. The portal's CSP allows images only
 *   from its own origin, so the images are served here, from whichever storage holds them, and only
 *   to the card's owner's session (the `v` parameter changes with the image, never the access).
 *
 * GETs are not CSRF-checked by the route policy; finish-upload changes state and the spec has the
 * csrfToken on GET /api/kela-card too, so both check it here.
 */
export function installKelaCard(app: FastifyInstance, config: AccountConfig): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const csrfOk = (request: FastifyRequest, csrfToken: string | undefined) =>
    request.session !== null && request.session !== undefined && app.sessions.csrfTokenMatches(request.session, csrfToken);

  routes.get(
    KELA_CARD_PATH,
    {
      schema: {
        querystring: kelaQuerySchema,
        response: { 200: kelaCardResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.session) throw unauthorized();
      if (!csrfOk(request, request.query.csrfToken)) return reply.status(403).send(CSRF_INVALID);
      return auditedRead(app.db, patientAccess(request), 'account.kela-card', (subject) => kelaCardOf(app.db, subject));
    },
  );

  routes.post(
    KELA_INIT_UPLOAD_PATH,
    {
      schema: {
        querystring: kelaQuerySchema,
        body: kelaInitUploadRequestSchema,
        response: { 200: kelaInitUploadResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      // Before the body is validated: only a signed-in caller learns what the body should be.
      // (The sessions module has checked the csrfToken already.)
      preValidation: async (request) => {
        if (!request.session) throw unauthorized();
      },
    },
    async (request) => {
      const access = patientAccess(request);
      return initKelaUpload(
        app.db,
        app.attachmentStorage,
        { actorPersonId: access.actorPersonId, subjectPersonId: access.subjectPersonId },
        request.body,
        config.kelaUploadTtlSeconds,
      );
    },
  );

  routes.get(
    KELA_FINISH_UPLOAD_PATH,
    {
      schema: {
        querystring: kelaFinishUploadQuerySchema,
        response: { 200: kelaFinishUploadResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preValidation: async (request, reply) => {
        if (!request.session) throw unauthorized();
        const csrfToken = (request.query as Record<string, unknown> | undefined)?.csrfToken;
        if (!csrfOk(request, typeof csrfToken === 'string' ? csrfToken : undefined)) return reply.status(403).send(CSRF_INVALID);
      },
    },
    async (request, reply) => {
      const access = patientAccess(request);
      const outcome = await finishKelaUpload(
        app.db,
        app.attachmentStorage,
        { actorPersonId: access.actorPersonId, subjectPersonId: access.subjectPersonId },
        request.query.token,
      );
      if (outcome.kind === 'invalid-token') throw new ApiError(403, 'Forbidden', 'This upload has expired or has been used. Choose the images again.');
      if (outcome.kind === 'refused') {
        request.log.warn({ paths: outcome.details.map((d) => d.path) }, 'Kela card images refused');
        return reply.status(400).send(validationError(outcome.details));
      }
      return { type: 'success' } satisfies KelaFinishUploadResponse;
    },
  );

  routes.get(
    `${KELA_CARD_IMAGE_PATH}/:side`,
    {
      logLevel: 'warn',
      schema: {
        params: z.object({ side: kelaSideSchema }),
        querystring: z.object({ v: textSchema.max(64).optional() }),
      },
    },
    async (request, reply) => {
      if (!request.session) throw unauthorized();
      const { side } = request.params;
      const image = await auditedRead(app.db, patientAccess(request), 'account.kela-card.image', (subject) =>
        kelaImageOf(app.db, app.attachmentStorage, subject, side),
      { side });
      if (!image) throw notFound('There is no Kela card image');
      return reply
        .header('content-type', image.contentType)
        .header('content-length', String(image.bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  );
}
