/**
 * @jest-environment node
 */
// node environment: ky needs the fetch API's Request/Response, which jsdom lacks.
import { MessagingThreadsDocument } from '@portal/shared-api';
import { createSessionClients } from './session-clients';
import { createSessionStore } from './session-store';

function recordingFetch(body: unknown) {
  const requests: string[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(`${request.method} ${request.url}`);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-session-expires': '2030-01-01T11:00:00.000Z' } });
  });
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

describe('the session clients the shell hands every remote', () => {
  test('the messaging client sends the csrfToken and slides the session with every answer', async () => {
    const session = createSessionStore('2030-01-01T10:00:00.000Z');
    const { fetch, requests } = recordingFetch({ data: { messagingThreads: { totalCount: 0, paginatedThreads: [] } } });
    const { messaging } = createSessionClients({ baseUrl: 'https://portal.test', csrfToken: 'csrf-abc', session, fetch });
    await messaging.request(MessagingThreadsDocument, {});
    expect(requests).toEqual(['POST https://portal.test/api/customer-messaging?csrfToken=csrf-abc']);
    expect(session.getState().expiresAt).toBe('2030-01-01T11:00:00.000Z');
  });

  test('the REST client slides the session with every answer too', async () => {
    const session = createSessionStore('2030-01-01T10:00:00.000Z');
    const { fetch, requests } = recordingFetch({ status: 'ok', items: [], totalCount: 0 });
    const { api } = createSessionClients({ baseUrl: 'https://portal.test', csrfToken: 'csrf-abc', session, fetch });
    await api.get('/api/visits', { parse: (data: unknown) => data });
    expect(requests).toEqual(['GET https://portal.test/api/visits']);
    expect(session.getState().expiresAt).toBe('2030-01-01T11:00:00.000Z');
  });
});
