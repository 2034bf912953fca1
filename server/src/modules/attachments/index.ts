import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  ATTACHMENT_KEY_PATTERN,
  ATTACHMENT_MAX_TOTAL_BYTES,
  apiErrorSchema,
  normalizeContentType,
  textSchema,
  validationErrorSchema,
  type ApiErrorBody,
  type ValidationErrorBody,
} from '@portal/shared-api';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { ApiError, notFound, unauthorized, validationError } from '../../http/errors';
import { defineModule, type ContentSecurityPolicySources } from '../module';
import { checkUpload, detectContentType, isUndeclared } from './content-check';
import { createLocalStorage, DOWNLOAD_PATH_PREFIX, UPLOAD_PATH_PREFIX, type LocalAttachmentStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import { messageAttachments } from './schema';
import { loadStorageConfig, type StorageConfig } from './config';
import { contentDisposition, type AttachmentStorage } from './storage';
import { purgeStaleAttachments } from './service';
import { createUrlSigner } from './url-signing';

export { AttachmentError, attachmentsForMessages, createUploadTicket, downloadUrl, linkAttachments, purgeStaleAttachments } from './service';
export type { AttachmentErrorCode, LinkedAttachment, UploadTicket } from './service';
export { claimUpload, type ClaimRefusal, type ClaimResult } from './claim';
export { DOWNLOAD_URL_TTL_MS, UNLINKED_ATTACHMENT_TTL_MS, UPLOAD_URL_TTL_MS } from './service';
export { loadStorageConfig, type StorageConfig } from './config';
export type { AttachmentStorage } from './storage';
/** Which messages have attachments: messaging's lists and its download check. */
export { hasLinkedAttachments, messageOfAttachment } from './message-links';

declare module 'fastify' {
  interface FastifyInstance {
    /** where message attachments live; hand it to the attachment service's functions */
    attachmentStorage: AttachmentStorage;
  }
}

export interface AttachmentsOptions {
  /** default: from loadStorageConfig(process.env) */
  storageConfig?: StorageConfig;
  /** default: built from the storage config (tests hand in their own) */
  storage?: AttachmentStorage;
}

const forbidden = (message: string) => new ApiError(403, 'Forbidden', message);

const keyParamsSchema = z.object({ key: z.string().regex(ATTACHMENT_KEY_PATTERN) });
const uploadQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: textSchema.min(1).max(100),
  csrfToken: textSchema.optional(),
});
const downloadQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: textSchema.min(1).max(100),
  name: textSchema.min(1).max(255),
});
const uploadResponseSchema = z.object({ type: z.literal('uploaded'), sizeBytes: z.number().int() });

const TOO_LARGE_MESSAGE = 'Attachment file is too large. Maximum attachment size is 9MB.';
const REJECTED_MESSAGES = {
  'type-not-allowed': 'This file type is not allowed.',
  'content-mismatch': "The file's content does not match its type.",
  empty: 'The file is empty.',
} as const;

/** The storage of a configuration: S3 when configured, else files in `${dataDir}/attachments`. */
export function createAttachmentStorage(db: Database, dataDir: string, config: StorageConfig): AttachmentStorage {
  if (config.kind === 's3') return createS3Storage(config);
  return createLocalStorage({ dir: path.join(dataDir, 'attachments'), signer: createUrlSigner(db, config.urlSecret) });
}

function csrfTokenOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.csrfToken;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Message attachments below the messaging API: `app.attachmentStorage` for the service functions
 * (createUploadTicket, linkAttachments, downloadUrl, attachmentsForMessages) and, for the local
 * disk storage, the signed routes the browser uses:
 *
 * - PUT /api/attachments/upload/:key?expires&signature&csrfToken: the file as the raw body (any
 *   Content-Type, at most 9437184 bytes). Needs the uploader's session and csrfToken; checks the
 *   bytes at once (400 ValidationError at path `file` when they are not an allowed type or not
 *   what the Content-Type says) and accepts one upload per ticket.
 * - GET /api/attachments/download/:key?expires&signature&name: the linked file as a download.
 *
 * The routes log at warn only: their URLs carry signatures and file names.
 */
export function installAttachments(app: FastifyInstance, options: AttachmentsOptions = {}): void {
  const storage =
    options.storage ?? createAttachmentStorage(app.db, app.config.dataDir, options.storageConfig ?? loadStorageConfig(process.env));
  app.decorate('attachmentStorage', storage);
  if (storage.kind !== 'local') return;
  const local = storage as LocalAttachmentStorage;

  // Reads (or creates) the URL secret now, not inside some caller's transaction: on PGlite a query
  // outside an open transaction waits for it to end.
  app.addHook('onReady', async () => {
    await local.prepare();
  });

  // Encapsulated: the raw-body parser and the 413 answer are for these routes only.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: ATTACHMENT_MAX_TOTAL_BYTES }, (_request, body, done) => done(null, body));

    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.status(413).send(validationError([{ path: 'file', message: TOO_LARGE_MESSAGE }]));
      }
      // Everything else gets the server's one error answer.
      throw error;
    });

    const routes = scope.withTypeProvider<ZodTypeProvider>();

    /** Before the body is read: only the ticket's uploader, with a valid link, may send bytes. */
    async function admitUpload(request: FastifyRequest, reply: FastifyReply) {
      const session = request.session;
      if (!session) throw unauthorized();
      if (!app.sessions.csrfTokenMatches(session, csrfTokenOf(request))) {
        return reply.status(403).send({ type: 'CsrfTokenInvalid', message: 'The csrfToken query parameter is missing or wrong' } satisfies ApiErrorBody);
      }
      const params = keyParamsSchema.safeParse(request.params);
      const query = uploadQuerySchema.safeParse(request.query);
      if (!params.success || !query.success || !(await local.verifyUpload(params.data.key, query.data.expires, query.data.signature))) {
        throw forbidden('This upload link has expired or is not valid');
      }
      const [row] = await app.db
        .select({ uploaderPersonId: messageAttachments.uploaderPersonId, status: messageAttachments.status, expiresAt: messageAttachments.expiresAt })
        .from(messageAttachments)
        .where(eq(messageAttachments.key, params.data.key));
      if (!row || row.uploaderPersonId !== session.personId || row.status !== 'pending' || row.expiresAt.getTime() < Date.now()) {
        throw forbidden('This upload link has expired or has been used');
      }
    }

    routes.put(
      `${UPLOAD_PATH_PREFIX}:key`,
      {
        logLevel: 'warn',
        bodyLimit: ATTACHMENT_MAX_TOTAL_BYTES,
        // Any declared type: the bytes themselves are checked against the allowed formats.
        config: { bodyTypes: '*' },
        onRequest: admitUpload,
        schema: {
          params: keyParamsSchema,
          querystring: uploadQuerySchema,
          response: { 200: uploadResponseSchema, 400: validationErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 413: validationErrorSchema },
        },
      },
      async (request, reply) => {
        const session = request.session;
        if (!session) throw unauthorized();
        const { key } = request.params;
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const declaredHeader = request.headers['content-type'];
        const declared = isUndeclared(declaredHeader) ? null : normalizeContentType(declaredHeader ?? '');
        const now = new Date();
        const detected = bytes.length > 0 ? await detectContentType(bytes, true) : null;
        const verdict = bytes.length > 0 ? checkUpload(detected, declared) : ({ ok: false, reason: 'empty' } as const);

        const outcome = await withTransaction(app.db, async (t) => {
          // The row lock makes a second PUT of the same ticket wait, then find it used.
          const [row] = await t
            .select({ id: messageAttachments.id })
            .from(messageAttachments)
            .where(and(eq(messageAttachments.key, key), eq(messageAttachments.status, 'pending'), eq(messageAttachments.uploaderPersonId, session.personId)))
            .for('update');
          if (!row) return 'used' as const;
          const common = { declaredContentType: declared, detectedContentType: detected, sizeBytes: bytes.length, uploadedAt: now };
          if (!verdict.ok) {
            // The bytes are never stored.
            await t.update(messageAttachments).set({ ...common, status: 'rejected' }).where(eq(messageAttachments.id, row.id));
            return 'rejected' as const;
          }
          await local.write(key, bytes);
          await t.update(messageAttachments).set({ ...common, status: 'uploaded' }).where(eq(messageAttachments.id, row.id));
          return 'uploaded' as const;
        });

        if (outcome === 'used') throw forbidden('This upload link has expired or has been used');
        if (outcome === 'rejected' && !verdict.ok) {
          request.log.warn({ declared, detected, sizeBytes: bytes.length }, 'attachment upload rejected');
          return reply.status(400).send({
            type: 'ValidationError',
            details: [{ path: 'file', message: REJECTED_MESSAGES[verdict.reason] }],
          } satisfies ValidationErrorBody);
        }
        return { type: 'uploaded' as const, sizeBytes: bytes.length };
      },
    );

    routes.get(
      `${DOWNLOAD_PATH_PREFIX}:key`,
      { logLevel: 'warn' },
      async (request, reply) => {
        const params = keyParamsSchema.safeParse(request.params);
        const query = downloadQuerySchema.safeParse(request.query);
        if (
          !params.success ||
          !query.success ||
          !(await local.verifyDownload(params.data.key, query.data.expires, query.data.name, query.data.signature))
        ) {
          throw forbidden('This download link has expired or is not valid');
        }
        const { key } = params.data;
        const [row] = await app.db
          .select({ contentType: messageAttachments.declaredContentType })
          .from(messageAttachments)
          .where(and(eq(messageAttachments.key, key), eq(messageAttachments.status, 'linked')));
        const file = row?.contentType ? await local.stat(key) : null;
        if (!row?.contentType || !file) throw notFound('The attachment was not found');
        return reply
          .header('content-type', row.contentType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(query.data.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Opened despite the disposition, a file still runs nothing and reaches nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(local.openRead(key));
      },
    );
  });
}

/**
 * Uploads that were never sent with a message are removed after a day. Every instance runs it; the
 * purge deletes by row, so two instances purging at once do no harm.
 */
function scheduleAttachmentPurge(app: FastifyInstance): void {
  const HOUR_MS = 60 * 60 * 1000;
  const purge = () => {
    purgeStaleAttachments(app.db, app.attachmentStorage).catch((err: unknown) => app.log.error({ err }, 'purging stale attachments failed'));
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(purge, HOUR_MS);
    // the purge never keeps the process alive
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** Where the browser sends attachment uploads besides this server (the page's CSP): S3-compatible storage. */
function storageSources(storage: StorageConfig): ContentSecurityPolicySources {
  if (storage.kind !== 's3') return {};
  if (storage.endpoint) return { 'connect-src': [new URL(storage.endpoint).origin] };
  return { 'connect-src': [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`, `https://s3.${storage.region}.amazonaws.com`] };
}

/** Message attachments: the storage (`app.attachmentStorage`), its signed routes and the hourly purge. */
export const attachmentsModule = defineModule({
  name: 'attachments',
  loadConfig: loadStorageConfig,
  contentSecurityPolicy: storageSources,
  install(app, config) {
    installAttachments(app, { storageConfig: config });
    scheduleAttachmentPurge(app);
  },
});
