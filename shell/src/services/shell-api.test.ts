/**
 * @jest-environment node
 */
// node environment: ky needs the fetch API's Request/Response, which jsdom lacks.
import type { Lang } from '@portal/shared-api';
import { createSessionClients } from './session-clients';
import { createSessionStore } from './session-store';
import { createShellApi } from './shell-api';

function shellApi(lang: Lang, fetch: typeof globalThis.fetch, session = createSessionStore(null)) {
  return createShellApi({ lang, client: createSessionClients({ baseUrl: 'https://portal.test', csrfToken: 'csrf-abc', session, fetch }).api });
}

function fakeFetch(body: unknown, headers: Record<string, string> = {}) {
  const requests: string[] = [];
  const bodies: unknown[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(`${request.method} ${request.url}`);
    const text = await request.text();
    if (text) bodies.push(JSON.parse(text));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  });
  return { fetch: fetch as typeof globalThis.fetch, requests, bodies };
}

describe('the shell API', () => {
  test('logout posts /api/logout with the csrfToken', async () => {
    const { fetch, requests } = fakeFetch({ type: 'success' });
    const api = shellApi('en', fetch);
    await api.logout();
    expect(requests).toEqual(['POST https://portal.test/api/logout?csrfToken=csrf-abc']);
  });

  test('x-session-expires of a response slides the session store', async () => {
    const session = createSessionStore('2030-01-01T10:00:00.000Z');
    const { fetch, requests } = fakeFetch(
      { routeId: 'front-page', params: {}, state: { firstName: 'Mikko', summaries: {} } },
      { 'x-session-expires': '2030-01-01T10:30:00.000Z' },
    );
    const api = shellApi('sv', fetch, session);
    await expect(api.loadPage('front-page', {})).resolves.toMatchObject({ routeId: 'front-page' });
    expect(requests).toEqual(['GET https://portal.test/api/pages/front-page?lang=sv']);
    expect(session.getState().expiresAt).toBe('2030-01-01T10:30:00.000Z');
  });

  test('requesting an SMS code posts the number with csrfToken and lang and does not read the answer', async () => {
    const { fetch, requests, bodies } = fakeFetch('not the documented answer');
    const api = shellApi('fi', fetch);
    await expect(api.requestMfaCode('+358 40 555 0101')).resolves.toBeUndefined();
    expect(requests).toEqual(['POST https://portal.test/api/mfa-onboarding?lang=fi&csrfToken=csrf-abc']);
    expect(bodies).toEqual([{ phoneNumber: '+358 40 555 0101' }]);
  });

  test('accessibility feedback is posted with lang and the csrfToken, and its answer is not read', async () => {
    const { fetch, requests, bodies } = fakeFetch({ type: 'success', id: 1, received: '2026-11-29T10:00:00.000Z' });
    const api = shellApi('sv', fetch);
    await expect(api.sendAccessibilityFeedback({ description: 'Fokus försvinner.', email: 'a@example.fi' })).resolves.toBeUndefined();
    expect(requests).toEqual(['POST https://portal.test/api/accessibility-feedback?lang=sv&csrfToken=csrf-abc']);
    expect(bodies).toEqual([{ description: 'Fokus försvinner.', email: 'a@example.fi' }]);
  });

  test('answering the challenge puts the code with csrfToken and returns data.type', async () => {
    const { fetch, requests, bodies } = fakeFetch({ data: { type: 'mfa-challenge-failed' } });
    const api = shellApi('en', fetch);
    await expect(api.answerMfaChallenge('1234')).resolves.toBe('mfa-challenge-failed');
    expect(requests).toEqual(['PUT https://portal.test/api/mfa-onboarding?csrfToken=csrf-abc']);
    expect(bodies).toEqual([{ challengeResponseFromUser: '1234' }]);
  });
});
