/**
 * What went wrong with an API call, as callers react to it (spec part 2 §8, docs/product-decisions.md, "Behaviour of API calls").
 * Every failure of the client is thrown as an ApiError carrying one of these.
 */
export type ApiFailure =
  /** 400 ValidationError: `details[].path` name the fields */
  | { kind: 'validation'; details: Array<{ path: string; message: string }> }
  /** no answer: 'Network Error', ECONNABORTED, a timeout (ky TimeoutError) or a failed fetch */
  | { kind: 'network' }
  /** 401: the session has ended */
  | { kind: 'unauthorized' }
  /** `body`: the answer's JSON, when it had one (a page loader's not-found answer is a page state) */
  | { kind: 'not-found'; body?: unknown }
  /**
   * any other error status; `type` is the body's machine-readable type when it has one (e.g.
   * 'CsrfTokenInvalid'); `retryAfterSeconds` the answer's Retry-After (a 429 says when to try again)
   */
  | { kind: 'http'; status: number; type?: string; retryAfterSeconds?: number }
  /** the caller aborted (left the page); nothing to show */
  | { kind: 'aborted' }
  /** an answer that does not match its schema, or an error of the client itself; report it */
  | { kind: 'unexpected'; message: string };

export type ApiFailureKind = ApiFailure['kind'];

/**
 * What marks an ApiError whichever copy of this module made it: each bundle (the shell, every remote)
 * has its own copy of shared-api, so an error the shell's client throws into a remote's page is not
 * an instance of the remote's ApiError class. A registered symbol is the same in every copy.
 */
const API_ERROR_BRAND = Symbol.for('@portal/shared-api/ApiError');

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly [API_ERROR_BRAND] = true;
  constructor(readonly failure: ApiFailure) {
    super(`API call failed: ${failure.kind}${failure.kind === 'http' ? ` ${failure.status}` : ''}`);
  }
}

/** Whether `error` is an ApiError from any bundle's copy of shared-api (check this, never `instanceof ApiError`). */
export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && (error as { [API_ERROR_BRAND]?: unknown })[API_ERROR_BRAND] === true;
}

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** Failures that mean "no answer arrived" (spec part 1 §8: message 'Network Error' or code ECONNABORTED). */
export function isNetworkFailure(error: unknown): boolean {
  const name = field(error, 'name');
  const message = field(error, 'message');
  return (
    name === 'TimeoutError' ||
    field(error, 'code') === 'ECONNABORTED' ||
    message === 'Network Error' ||
    // fetch rejects with a TypeError when the network fails ('Failed to fetch', 'fetch failed', …)
    error instanceof TypeError
  );
}

export function isAbortFailure(error: unknown): boolean {
  return field(error, 'name') === 'AbortError';
}

/** Maps any thrown value to a failure (an ApiError keeps its own). HTTP answers are mapped by the client. */
export function toApiFailure(error: unknown): ApiFailure {
  if (isApiError(error)) return error.failure;
  if (isAbortFailure(error)) return { kind: 'aborted' };
  if (isNetworkFailure(error)) return { kind: 'network' };
  const message = field(error, 'message');
  return { kind: 'unexpected', message: typeof message === 'string' ? message : String(error) };
}

/** Seconds from a Retry-After header (delay-seconds or an HTTP date), or undefined when it has none that reads. */
export function retryAfterSecondsOf(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Maps an HTTP error status and its (already parsed, possibly empty) JSON body to a failure. */
export function failureFromResponse(status: number, body: unknown, retryAfter?: string | null): ApiFailure {
  const type = field(body, 'type');
  if (status === 400 && type === 'ValidationError') {
    const details = field(body, 'details');
    return { kind: 'validation', details: Array.isArray(details) ? details.filter(isDetail) : [] };
  }
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 404) return body === undefined ? { kind: 'not-found' } : { kind: 'not-found', body };
  const retryAfterSeconds = retryAfterSecondsOf(retryAfter);
  return {
    kind: 'http',
    status,
    ...(typeof type === 'string' ? { type } : {}),
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  };
}

function isDetail(value: unknown): value is { path: string; message: string } {
  return typeof field(value, 'path') === 'string' && typeof field(value, 'message') === 'string';
}

/**
 * The common message id to show for a failure when a page has nothing more specific
 * (docs/product-decisions.md, "Behaviour of API calls": network → 'Network error. Please try again.', else the generic text).
 */
export function failureMessageId(failure: ApiFailure): 'common.error.network' | 'common.error.generic' {
  return failure.kind === 'network' ? 'common.error.network' : 'common.error.generic';
}
