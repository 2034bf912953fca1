import { ApiError, isApiError, type ApiFailure } from '../client/api-error';
import type { ApiClient, BodyRequestOptions, ResponseParser, SearchParams } from '../client/create-api-client';
import type { PageState } from '../schemas/initial-state';
import { pageLoaderPath } from '../schemas/pages/loader';

export type MockMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MockRequest {
  method: MockMethod;
  path: string;
  searchParams: Record<string, string>;
  json: unknown;
}

/** A handler answers with data (parsed with the call's schema, so fakes cannot drift from the contract) or throws. */
export type MockHandler = unknown | ((request: MockRequest) => unknown);

/** Keys are 'METHOD /path', e.g. 'GET /api/pages/front-page' or 'POST /api/logout'. */
export type MockHandlers = Record<string, MockHandler>;

export interface MockApiClient extends ApiClient {
  /** every call made, in order */
  readonly calls: MockRequest[];
  /** adds or replaces handlers */
  use(handlers: MockHandlers): void;
}

/** Throw this from a handler (or use it as the handler) to make the call fail like the real client would. */
export function mockFailure(failure: ApiFailure): ApiError {
  return new ApiError(failure);
}

/** The handler key of a page loader: mockPageKey('front-page') → 'GET /api/pages/front-page'. */
export function mockPageKey(routeId: string): string {
  return `GET ${pageLoaderPath(routeId)}`;
}

/** A page loader answer for `loadPage` (the params echo the request's). */
export function mockPageState(state: unknown): (request: MockRequest) => PageState {
  return (request) => {
    const { lang: _lang, ...params } = request.searchParams;
    return { routeId: decodeURIComponent(request.path.split('/').pop() ?? ''), params, state };
  };
}

function plainSearchParams(input: SearchParams | undefined): Record<string, string> {
  const entries = input instanceof URLSearchParams ? [...input] : Object.entries(input ?? {});
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== null).map(([name, value]) => [name, String(value)]));
}

/**
 * An ApiClient without a server, for remote and shell tests. Unhandled calls fail loudly
 * (an 'unexpected' failure naming the call) so a test never passes on a call it did not expect.
 */
export function createMockApiClient(initialHandlers: MockHandlers = {}): MockApiClient {
  const handlers: MockHandlers = { ...initialHandlers };
  const calls: MockRequest[] = [];

  async function call<T>(method: MockMethod, path: string, schema: ResponseParser<T>, options: BodyRequestOptions = {}): Promise<T> {
    const request: MockRequest = { method, path, searchParams: plainSearchParams(options.searchParams), json: options.json };
    calls.push(request);
    // let the caller's code run past its await, as with a real request
    await Promise.resolve();
    if (options.signal?.aborted) throw new ApiError({ kind: 'aborted' });
    const key = `${method} ${path}`;
    if (!(key in handlers)) throw new ApiError({ kind: 'unexpected', message: `No mock handler for ${key}` });
    const handler = handlers[key];
    if (isApiError(handler)) throw handler;
    const data = typeof handler === 'function' ? await (handler as (request: MockRequest) => unknown)(request) : handler;
    return schema.parse(data);
  }

  return {
    calls,
    use: (more) => Object.assign(handlers, more),
    get: (path, schema, options) => call('GET', path, schema, options),
    post: (path, schema, options) => call('POST', path, schema, options),
    put: (path, schema, options) => call('PUT', path, schema, options),
    patch: (path, schema, options) => call('PATCH', path, schema, options),
    delete: (path, schema, options) => call('DELETE', path, schema, options),
  };
}
