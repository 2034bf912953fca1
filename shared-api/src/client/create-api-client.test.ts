import { z } from 'zod';
import { ApiError, failureMessageId, toApiFailure, type ApiFailure } from './api-error';
import { createApiClient, type ApiClientOptions } from './create-api-client';
import { loadPage } from './load-page';

interface Recorded {
  method: string;
  url: URL;
  body: string;
  at: number;
}

type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

/** A fetch that answers from a queue (the last reply repeats) and records every request. */
function fakeFetch(...replies: Reply[]) {
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({ method: request.method, url: new URL(request.url), body: await request.clone().text(), at: Date.now() });
    const reply = replies.length > 1 ? replies.shift() : replies[0];
    if (reply === undefined) throw new Error('no reply queued');
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(request) : reply.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const okSchema = z.object({ type: z.literal('success') });

function client(fetch: typeof globalThis.fetch, overrides: Partial<ApiClientOptions> = {}) {
  const onSessionExpires = jest.fn();
  const onUnauthorized = jest.fn();
  const api = createApiClient({
    baseUrl: 'http://portal.test',
    getCsrfToken: () => 'csrf-123',
    onSessionExpires,
    onUnauthorized,
    fetch,
    ...overrides,
  });
  return { api, onSessionExpires, onUnauthorized };
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return toApiFailure(error);
  }
  throw new Error('expected the call to fail');
}

describe('createApiClient', () => {
  test('GET parses the answer with the given schema and sends search params', async () => {
    const { fetch, requests } = fakeFetch(json({ type: 'success' }));
    const { api } = client(fetch);
    await expect(api.get('/api/things', okSchema, { searchParams: { page: 2, q: 'flu', skip: undefined } })).resolves.toEqual({ type: 'success' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url.pathname).toBe('/api/things');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ page: '2', q: 'flu' });
  });

  test('state-changing calls carry the csrfToken as a query parameter and send JSON; GET does not', async () => {
    const { fetch, requests } = fakeFetch(json({ type: 'success' }));
    const { api } = client(fetch);
    await api.post('/api/logout', okSchema, { searchParams: { lang: 'fi' }, json: { reason: 'x' } });
    await api.put('/api/a', okSchema);
    await api.patch('/api/b', okSchema);
    await api.delete('/api/c', okSchema);
    await api.get('/api/d', okSchema);
    expect(requests.map((r) => [r.method, r.url.searchParams.get('csrfToken')])).toEqual([
      ['POST', 'csrf-123'],
      ['PUT', 'csrf-123'],
      ['PATCH', 'csrf-123'],
      ['DELETE', 'csrf-123'],
      ['GET', null],
    ]);
    expect(requests[0]?.url.searchParams.get('lang')).toBe('fi');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ reason: 'x' });
  });

  test('every response reports the session expiry header, error answers too', async () => {
    const { fetch } = fakeFetch(
      json({ type: 'success' }, 200, { 'x-session-expires': '2026-11-22T10:30:00.000Z' }),
      json({ type: 'NotFound', message: 'x' }, 404, { 'x-session-expires': '2026-11-22T10:31:00.000Z' }),
      json({ type: 'success' }),
    );
    const { api, onSessionExpires } = client(fetch);
    await api.get('/api/a', okSchema);
    await expect(api.get('/api/b', okSchema)).rejects.toBeInstanceOf(ApiError);
    await api.get('/api/c', okSchema);
    expect(onSessionExpires.mock.calls).toEqual([['2026-11-22T10:30:00.000Z'], ['2026-11-22T10:31:00.000Z']]);
  });

  test('a GET is retried twice on network errors, after 300 ms and then 600 ms', async () => {
    const { fetch, requests } = fakeFetch(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), json({ type: 'success' }));
    const { api } = client(fetch);
    await expect(api.get('/api/a', okSchema)).resolves.toEqual({ type: 'success' });
    expect(requests).toHaveLength(3);
    const [first, second, third] = requests.map((r) => r.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(290);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(590);
  });

  test('a GET that keeps failing gives up after three attempts with a network failure', async () => {
    const { fetch, requests } = fakeFetch(new TypeError('fetch failed'));
    const { api } = client(fetch);
    await expect(failureOf(api.get('/api/a', okSchema))).resolves.toEqual({ kind: 'network' });
    expect(requests).toHaveLength(3);
  });

  test('state-changing calls are never retried', async () => {
    const { fetch, requests } = fakeFetch(new TypeError('Failed to fetch'));
    const { api } = client(fetch);
    await expect(failureOf(api.post('/api/a', okSchema))).resolves.toEqual({ kind: 'network' });
    await expect(failureOf(api.delete('/api/a', okSchema))).resolves.toEqual({ kind: 'network' });
    expect(requests).toHaveLength(2);
  });

  test('error answers are not retried and map to their kinds', async () => {
    const { fetch, requests } = fakeFetch(
      json({ type: 'ValidationError', details: [{ path: 'phone', message: 'Too short' }] }, 400),
      json({ type: 'Unauthorized', message: 'x' }, 401),
      json({ type: 'NotFound', message: 'x' }, 404),
      json({ type: 'CsrfTokenInvalid', message: 'x' }, 403),
      new Response('oops', { status: 500 }),
    );
    const { api, onUnauthorized } = client(fetch);
    await expect(failureOf(api.post('/api/a', okSchema))).resolves.toEqual({ kind: 'validation', details: [{ path: 'phone', message: 'Too short' }] });
    await expect(failureOf(api.get('/api/a', okSchema))).resolves.toEqual({ kind: 'unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(failureOf(api.get('/api/a', okSchema))).resolves.toEqual({ kind: 'not-found', body: { type: 'NotFound', message: 'x' } });
    await expect(failureOf(api.post('/api/a', okSchema))).resolves.toEqual({ kind: 'http', status: 403, type: 'CsrfTokenInvalid' });
    await expect(failureOf(api.get('/api/a', okSchema))).resolves.toEqual({ kind: 'http', status: 500 });
    expect(requests).toHaveLength(5);
  });

  test('a 429 carries its Retry-After, in seconds or as a date, so the page can say when to try again', async () => {
    const { fetch } = fakeFetch(
      json({ type: 'TooManyRequests', message: 'x' }, 429, { 'retry-after': '42' }),
      json({ type: 'TooManyRequests', message: 'x' }, 429, { 'retry-after': new Date(Date.now() + 120_000).toUTCString() }),
      json({ type: 'TooManyRequests', message: 'x' }, 429),
    );
    const { api } = client(fetch);
    await expect(failureOf(api.post('/api/a', okSchema))).resolves.toEqual({ kind: 'http', status: 429, type: 'TooManyRequests', retryAfterSeconds: 42 });
    const dated = await failureOf(api.post('/api/a', okSchema));
    expect(dated.kind === 'http' && dated.retryAfterSeconds).toBeGreaterThan(110);
    await expect(failureOf(api.post('/api/a', okSchema))).resolves.toEqual({ kind: 'http', status: 429, type: 'TooManyRequests' });
  });

  test('a slow answer times out as a network failure, without retry', async () => {
    const never = (request: Request) =>
      new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    const { fetch, requests } = fakeFetch(never);
    const { api } = client(fetch, { timeoutMs: 50 });
    await expect(failureOf(api.get('/api/slow', okSchema))).resolves.toEqual({ kind: 'network' });
    expect(requests).toHaveLength(1);
  });

  test('the caller can abort a call', async () => {
    const never = (request: Request) =>
      new Promise<Response>((_resolve, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    const { fetch, requests } = fakeFetch(never);
    const { api } = client(fetch);
    const controller = new AbortController();
    const pending = failureOf(api.get('/api/a', okSchema, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 10);
    await expect(pending).resolves.toEqual({ kind: 'aborted' });
    expect(requests).toHaveLength(1);
  });

  test('an answer that does not match its schema is an unexpected failure', async () => {
    const { fetch } = fakeFetch(json({ type: 'other' }));
    const { api } = client(fetch);
    await expect(failureOf(api.get('/api/a', okSchema))).resolves.toMatchObject({ kind: 'unexpected' });
  });
});

describe('toApiFailure and failureMessageId', () => {
  test("axios-style 'Network Error' and ECONNABORTED count as network failures", () => {
    expect(toApiFailure(new Error('Network Error'))).toEqual({ kind: 'network' });
    expect(toApiFailure(Object.assign(new Error('timeout of 10000ms exceeded'), { code: 'ECONNABORTED' }))).toEqual({ kind: 'network' });
    expect(toApiFailure(new Error('boom'))).toEqual({ kind: 'unexpected', message: 'boom' });
  });

  test('network failures read the network text, everything else the generic text', () => {
    expect(failureMessageId({ kind: 'network' })).toBe('common.error.network');
    expect(failureMessageId({ kind: 'http', status: 500 })).toBe('common.error.generic');
  });
});

test('loadPage asks the page loader with the language and the route parameters', async () => {
  const { fetch, requests } = fakeFetch(json({ routeId: 'records.visit', params: { id: '42' }, state: { status: 'ok' } }));
  const { api } = client(fetch);
  const page = await loadPage(api, 'records.visit', 'sv', { id: '42' });
  expect(page).toEqual({ routeId: 'records.visit', params: { id: '42' }, state: { status: 'ok' } });
  expect(requests[0]?.url.pathname).toBe('/api/pages/records.visit');
  expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ id: '42', lang: 'sv' });
});

test("loadPage answers a loader's 404 page state (not found) as the page's state, and other 404s as failures", async () => {
  const notFound = { routeId: 'records.visit', params: { id: '7' }, state: { status: 'visit-not-found' } };
  const { fetch } = fakeFetch(json(notFound, 404), json({ type: 'NotFound', message: "No page 'x'" }, 404));
  const { api } = client(fetch);
  await expect(loadPage(api, 'records.visit', 'fi', { id: '7' })).resolves.toEqual(notFound);
  await expect(failureOf(loadPage(api, 'x', 'fi'))).resolves.toMatchObject({ kind: 'not-found' });
});
