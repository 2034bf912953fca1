import ky, { HTTPError, type KyInstance } from 'ky';
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
import type { Lang } from '../schemas/common';
import { SESSION_EXPIRES_HEADER } from '../schemas/errors';
import { ApiError, failureFromResponse, isAbortFailure, isNetworkFailure, toApiFailure, type ApiFailure } from './api-error';

/** Base path of the messaging GraphQL endpoint (spec part 1 §7). */
export const MESSAGING_ENDPOINT = '/api/customer-messaging';

/**
 * Error codes the messaging server puts in `errors[].extensions.code`. The client maps them onto the
 * portal's ApiFailure kinds so pages handle a messaging failure like any other call's.
 */
export const messagingErrorCodes = [
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'FEATURE_DISABLED',
  'MAINTENANCE',
  'TOO_COMPLEX',
  'INTERNAL',
] as const;
export type MessagingErrorCode = (typeof messagingErrorCodes)[number];

export interface MessagingClientOptions {
  baseUrl?: string;
  getCsrfToken(): string | null | undefined;
  onSessionExpires(expiresAt: string): void;
  onUnauthorized?(): void;
  /** per attempt; default 10000 ms (spec part 1 §9) */
  timeoutMs?: number;
  /** retries of queries on network failures; default 0 (spec part 1 §7). Mutations never retry. */
  retries?: number;
  /** base delay before a retry, doubled each time; default 300 ms */
  retryDelayMs?: number;
  fetch?: typeof globalThis.fetch;
}

export interface MessagingRequestOptions {
  signal?: AbortSignal;
  /**
   * the page's language, sent as Accept-Language: the server answers its fixed texts (professionals'
   * titles, team names, questionnaire titles) in it; without it, the browser's own preference decides
   */
  lang?: Lang;
}

/** A typed operation from ./schemas/messaging/generated.ts (documents are strings). */
export type MessagingDocument<TResult, TVariables> = DocumentTypeDecoration<TResult, TVariables> & { toString(): string };

export interface MessagingClient {
  request<TResult, TVariables>(
    document: MessagingDocument<TResult, TVariables>,
    variables: TVariables,
    options?: MessagingRequestOptions,
  ): Promise<TResult>;
}

interface GraphQLErrorShape {
  message?: unknown;
  path?: unknown;
  extensions?: { code?: unknown; details?: unknown };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The first GraphQL error decides the failure; BAD_USER_INPUT carries field paths in `extensions.details`. */
export function failureFromGraphQLErrors(errors: readonly GraphQLErrorShape[]): ApiFailure {
  const first = errors[0] ?? {};
  const code = isRecord(first.extensions) ? first.extensions.code : undefined;
  switch (code) {
    case 'BAD_USER_INPUT':
    case 'GRAPHQL_VALIDATION_FAILED': {
      const raw = isRecord(first.extensions) ? first.extensions.details : undefined;
      const details = Array.isArray(raw)
        ? raw.filter((d): d is { path: string; message: string } => isRecord(d) && typeof d.path === 'string' && typeof d.message === 'string')
        : [{ path: '', message: typeof first.message === 'string' ? first.message : 'Invalid request' }];
      return { kind: 'validation', details };
    }
    case 'NOT_FOUND':
      return { kind: 'not-found' };
    case 'UNAUTHENTICATED':
      return { kind: 'unauthorized' };
    default:
      return { kind: 'http', status: code === 'FORBIDDEN' || code === 'FEATURE_DISABLED' ? 403 : code === 'MAINTENANCE' ? 503 : 500, type: typeof code === 'string' ? code : 'INTERNAL' };
  }
}

const isMutation = (query: string) => /^\s*mutation\b/.test(query.replace(/^\s*(#[^\n]*\n\s*)*/, ''));

/**
 * The messaging GraphQL client: POSTs the generated typed documents to /api/customer-messaging with
 * the session's csrfToken, 10 s timeout, and retries only queries, only on network failures.
 * Every failure is an ApiError, as with the REST client.
 */
export function createMessagingClient(options: MessagingClientOptions): MessagingClient {
  const { baseUrl = '', getCsrfToken, onSessionExpires, onUnauthorized, timeoutMs = 10_000, retries = 0, retryDelayMs = 300 } = options;
  const http: KyInstance = ky.create({
    timeout: timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      afterResponse: [
        (_request, _options, response) => {
          const expiresAt = response.headers.get(SESSION_EXPIRES_HEADER);
          if (expiresAt) onSessionExpires(expiresAt);
        },
      ],
    },
  });

  async function request<TResult, TVariables>(
    document: MessagingDocument<TResult, TVariables>,
    variables: TVariables,
    requestOptions: MessagingRequestOptions = {},
  ): Promise<TResult> {
    const query = document.toString();
    const searchParams = new URLSearchParams();
    const csrfToken = getCsrfToken();
    if (csrfToken) searchParams.set('csrfToken', csrfToken);
    let body: unknown;
    try {
      const response = await http.post(`${baseUrl.replace(/\/$/, '')}${MESSAGING_ENDPOINT}`, {
        searchParams,
        json: { query, variables },
        headers: {
          accept: 'application/graphql-response+json, application/json',
          ...(requestOptions.lang ? { 'accept-language': requestOptions.lang } : {}),
        },
        throwHttpErrors: true,
        retry: {
          limit: isMutation(query) ? 0 : retries,
          methods: ['post'],
          statusCodes: [],
          afterStatusCodes: [],
          delay: (attempt) => retryDelayMs * 2 ** (attempt - 1),
          shouldRetry: ({ error }) => !isAbortFailure(error) && error.name !== 'TimeoutError' && isNetworkFailure(error),
        },
        ...(requestOptions.signal ? { signal: requestOptions.signal } : {}),
      });
      body = await response.json();
    } catch (error) {
      if (error instanceof HTTPError) {
        const parsed: unknown = await error.response.json().catch(() => undefined);
        // A GraphQL-over-HTTP error answer (e.g. 400 for a document the schema rejects) carries errors[].
        const failure =
          isRecord(parsed) && Array.isArray(parsed.errors) && error.response.status !== 401
            ? failureFromGraphQLErrors(parsed.errors as GraphQLErrorShape[])
            : failureFromResponse(error.response.status, parsed);
        if (failure.kind === 'unauthorized') onUnauthorized?.();
        throw new ApiError(failure);
      }
      throw new ApiError(toApiFailure(error));
    }
    if (!isRecord(body)) throw new ApiError({ kind: 'unexpected', message: 'messaging answer is not a JSON object' });
    if (Array.isArray(body.errors) && body.errors.length > 0) {
      const failure = failureFromGraphQLErrors(body.errors as GraphQLErrorShape[]);
      if (failure.kind === 'unauthorized') onUnauthorized?.();
      throw new ApiError(failure);
    }
    if (!isRecord(body.data)) throw new ApiError({ kind: 'unexpected', message: 'messaging answer has no data' });
    return body.data as TResult;
  }

  return { request };
}
