import ky, { HTTPError, type KyInstance } from 'ky';
import { SESSION_EXPIRES_HEADER } from '../schemas/errors';
import { ApiError, failureFromResponse, isAbortFailure, isNetworkFailure, toApiFailure } from './api-error';

/**
 * Anything with `parse` (a zod schema, classic or zod/mini). Typed structurally so this module
 * imports no zod at run time and browser code can pass the cheapest schema it has.
 */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export type SearchParams = URLSearchParams | Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  searchParams?: SearchParams;
  /** abort when the caller leaves the page (docs/product-decisions.md, "Behaviour of API calls") */
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface BodyRequestOptions extends RequestOptions {
  /** sent as JSON */
  json?: unknown;
}

export interface ApiClient {
  get<T>(path: string, schema: ResponseParser<T>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, schema: ResponseParser<T>, options?: BodyRequestOptions): Promise<T>;
  put<T>(path: string, schema: ResponseParser<T>, options?: BodyRequestOptions): Promise<T>;
  patch<T>(path: string, schema: ResponseParser<T>, options?: BodyRequestOptions): Promise<T>;
  delete<T>(path: string, schema: ResponseParser<T>, options?: BodyRequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  /** origin (and optional path prefix) put before every path; default: same origin */
  baseUrl?: string;
  /** the session's csrfToken (from the initial state's user); appended to every state-changing call */
  getCsrfToken(): string | null | undefined;
  /** called with the ISO instant of every response's x-session-expires header */
  onSessionExpires(expiresAt: string): void;
  /** called on every 401, before the call fails */
  onUnauthorized?(): void;
  /** per attempt; default 10000 ms (spec part 1 §9 messaging timeout) */
  timeoutMs?: number;
  /** for tests and the server; default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
}

export const GET_RETRY_LIMIT = 2;
/** 300 ms before the first retry, 600 ms before the second (docs/product-decisions.md, "Behaviour of API calls") */
export const retryDelayMs = (attempt: number) => 300 * 2 ** (attempt - 1);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

function toSearchParams(input: SearchParams | undefined): URLSearchParams {
  if (input instanceof URLSearchParams) return new URLSearchParams(input);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  return params;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl = '', getCsrfToken, onSessionExpires, onUnauthorized, timeoutMs = 10_000 } = options;

  const http: KyInstance = ky.create({
    timeout: timeoutMs,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      limit: GET_RETRY_LIMIT,
      // only GET; POST/PUT/PATCH/DELETE are never retried automatically
      methods: ['get'],
      statusCodes: [],
      afterStatusCodes: [],
      delay: retryDelayMs,
      // retry when no answer arrived, never on an answer, a timeout or the caller's abort
      shouldRetry: ({ error }) => !isAbortFailure(error) && error.name !== 'TimeoutError' && isNetworkFailure(error),
    },
    hooks: {
      afterResponse: [
        (_request, _options, response) => {
          const expiresAt = response.headers.get(SESSION_EXPIRES_HEADER);
          if (expiresAt) onSessionExpires(expiresAt);
        },
      ],
    },
  });

  async function call<T>(method: Method, path: string, schema: ResponseParser<T>, request: BodyRequestOptions = {}): Promise<T> {
    const searchParams = toSearchParams(request.searchParams);
    if (method !== 'get') {
      const csrfToken = getCsrfToken();
      if (csrfToken) searchParams.set('csrfToken', csrfToken);
    }
    let data: unknown;
    try {
      const response = await http(`${baseUrl.replace(/\/$/, '')}${path}`, {
        method,
        searchParams,
        ...(request.json !== undefined ? { json: request.json } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        headers: { accept: 'application/json', ...request.headers },
      });
      data = await readJson(response);
    } catch (error) {
      if (error instanceof HTTPError) {
        const failure = failureFromResponse(error.response.status, await readJson(error.response), error.response.headers.get('retry-after'));
        if (failure.kind === 'unauthorized') onUnauthorized?.();
        throw new ApiError(failure);
      }
      throw new ApiError(toApiFailure(error));
    }
    try {
      return schema.parse(data);
    } catch (error) {
      throw new ApiError({ kind: 'unexpected', message: `Response of ${method.toUpperCase()} ${path} does not match its schema: ${(error as Error).message}` });
    }
  }

  return {
    get: (path, schema, request) => call('get', path, schema, request),
    post: (path, schema, request) => call('post', path, schema, request),
    put: (path, schema, request) => call('put', path, schema, request),
    patch: (path, schema, request) => call('patch', path, schema, request),
    delete: (path, schema, request) => call('delete', path, schema, request),
  };
}
