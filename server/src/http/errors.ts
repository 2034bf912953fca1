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

/**
 * A request the server refuses before any route reads it (a body nested too deep …): answered as a
 * 400 ValidationError with these details.
 */
export class RequestValidationError extends Error {
  constructor(readonly details: ValidationErrorBody['details']) {
    super(details.map((d) => `${d.path}: ${d.message}`).join('; '));
  }
}

/** '/a/0/b' (JSON pointer from the zod type provider) → ['a', '0', 'b'] */
function pathSegments(instancePath: string): string[] {
  return instancePath.split('/').filter(Boolean);
}

interface ZodIssueAsValidation {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * The details of a schema validation error, each naming the field at fault: zod reports an unknown
 * key at the object that holds it (path '' for the body itself), with the key in `keys`, so each key
 * becomes its own problem at `<object>.<key>`; a problem with the whole body, query or params is
 * said at that part's name (`body`, `querystring`, `params`).
 */
export function validationDetails(issues: readonly ZodIssueAsValidation[], part: string | undefined): ValidationErrorBody['details'] {
  return issues.flatMap((issue) => {
    const at = pathSegments(issue.instancePath);
    const keys = issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys) ? (issue.params.keys as unknown[]).map(String) : null;
    // an empty key is named `""`, so the path still points somewhere a client can read
    if (keys && keys.length) return keys.map((key) => ({ path: [...at, key === '' ? '""' : key].join('.'), message: `Unknown field '${key}'` }));
    return [{ path: at.length ? at.join('.') : (part ?? 'request'), message: issue.message ?? 'Invalid value' }];
  });
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'statusCode' in error;
}

/** Fastify's own refusals of a request, with the part of the request at fault and a safe message. */
const FRAMEWORK_REFUSALS: Record<string, { path: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { path: 'body', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { path: 'content-type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_TYPE: { path: 'content-type', message: 'Unsupported content type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { path: 'body', message: 'Body must not be empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { path: 'body', message: 'Body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { path: 'content-length', message: 'Content-Length does not match the body' },
  FST_ERR_BAD_URL: { path: 'url', message: 'The address is not valid: a percent-encoded character is malformed' },
  FST_ERR_MAX_PARAM_LENGTH: { path: 'url', message: 'A part of the address is too long' },
};

function frameworkRefusal(error: FastifyError): { path: string; message: string } {
  return FRAMEWORK_REFUSALS[error.code] ?? { path: 'request', message: 'Malformed request' };
}

/**
 * Fastify's `frameworkErrors`: the router's refusals (a malformed percent-encoding in the path, a
 * path parameter too long) otherwise answer in Fastify's own shape, before any route or error
 * handler. They answer in the app's ValidationError shape instead.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).header('cache-control', 'no-store').send(validationError([frameworkRefusal(error)]));
}

/** One error answer for the whole server: 400 ValidationError with paths, safe messages, no stacks. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = (error as { validationContext?: string }).validationContext;
      return reply.status(400).send(validationError(validationDetails(error.validation, part)));
    }
    if (error instanceof RequestValidationError) {
      return reply.status(400).send(validationError(error.details));
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
      return reply.status(error.statusCode).send(validationError([frameworkRefusal(error)]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ type: 'InternalError', message: 'Something went wrong' } satisfies ApiErrorBody);
  });
}
