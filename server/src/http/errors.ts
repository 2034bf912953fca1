import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ValidationErrorBody } from '@portal/shared-api';

type ApiErrorType = ApiErrorBody['type'];

/** An error with a status and a safe message the client may see. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: ApiErrorType,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'NotFound', message);
export const unauthorized = (message = 'Sign-in required') => new ApiError(401, 'Unauthorized', message);

export function validationError(details: ValidationErrorBody['details']): ValidationErrorBody {
  return { type: 'ValidationError', details };
}

/** '/a/0/b' (JSON pointer from the zod type provider) → 'a.0.b' */
function dottedPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

/** One error answer for the whole server: 400 ValidationError with paths, safe messages, no stacks. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(
        validationError(error.validation.map((v) => ({ path: dottedPath(v.instancePath), message: v.message ?? 'Invalid value' }))),
      );
    }
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ type: error.type, message: error.message } satisfies ApiErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ type: 'InternalError', message: 'Something went wrong' } satisfies ApiErrorBody);
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type, body too large: the client's fault, said without internals.
      if (error.statusCode === 429) {
        return reply.status(429).send({ type: 'TooManyRequests', message: 'Too many requests' } satisfies ApiErrorBody);
      }
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Body must not be empty'
              : 'Malformed request';
      return reply.status(error.statusCode).send(validationError([{ path: '', message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ type: 'InternalError', message: 'Something went wrong' } satisfies ApiErrorBody);
  });
}
