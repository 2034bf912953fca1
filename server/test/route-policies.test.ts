import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteRecord } from '../src/http/route-policy';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * CSRF, body types and caching, generated from the server's own route list (app.routeCatalogue):
 * a route added tomorrow is covered without anyone writing its test.
 */

const STAFF_TOKEN = 'route-policy-test-staff-token';
const MIKKO = '150385-9013';
const AINO = '021178-912P';

/** A concrete path for a declared one: parameters and wildcards get a harmless value. */
function concretePath(url: string): string {
  return url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '1' : segment === '*' ? 'x' : segment))
    .join('/');
}

/** The same path with one letter percent-encoded, as the router decodes it: `/api/logout` → `/%61pi/logout`. */
function encodedVariants(path: string): string[] {
  const segments = path.split('/');
  const encodeFirstLetter = (index: number) =>
    segments
      .map((segment, i) => (i === index && /^[a-z]/i.test(segment) ? `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}` : segment))
      .join('/');
  const letterSegments = segments.map((s, i) => (/^[a-z]/i.test(s) ? i : -1)).filter((i) => i >= 0);
  const first = letterSegments[0];
  const last = letterSegments[letterSegments.length - 1];
  return [...new Set([first, last].filter((i): i is number => i !== undefined).map(encodeFirstLetter))].filter((p) => p !== path);
}

const withToken = (path: string, token: string | null) => (token === null ? path : `${path}?csrfToken=${encodeURIComponent(token)}`);

describe('route policies (issue 10 §1, §4): decided by the matched route', () => {
  let t: TestApp;
  let mikko: SignedInCaller;
  let aino: SignedInCaller;
  let catalogue: readonly RouteRecord[];

  before(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: STAFF_TOKEN });
    mikko = await signIn(t.app, MIKKO);
    aino = await signIn(t.app, AINO);
    catalogue = t.app.routeCatalogue;
  });
  after(async () => t?.close());

  const stateChanging = () => catalogue.filter((route) => route.csrf !== null);
  const csrfRequired = () => stateChanging().filter((route) => route.csrf === 'required');

  it('lists every state-changing route with a CSRF policy, `required` unless declared otherwise', () => {
    const required = csrfRequired().map((r) => `${r.method} ${r.url}`);
    for (const expected of ['POST /api/logout', 'POST /api/mfa-onboarding', 'PUT /api/mfa-onboarding', 'POST /api/prescription-renewals', 'POST /api/customer-messaging']) {
      assert.ok(required.includes(expected), `${expected} is csrf-required (have: ${required.join(', ')})`);
    }
    assert.ok(required.some((r) => r.startsWith('PUT /api/attachments/upload/')), 'the attachment upload is csrf-required');
    const staff = stateChanging().filter((r) => r.url.startsWith('/api/staff/'));
    assert.ok(staff.length >= 4 && staff.every((r) => r.csrf === 'bearer' && !r.session), 'staff routes are bearer-only and read no session');
    const broker = stateChanging().filter((r) => r.url.startsWith('/broker/'));
    assert.ok(broker.length >= 2 && broker.every((r) => r.csrf === 'anonymous-origin-check' && !r.session));
  });

  it('refuses every csrf-required route, by its plain and by its encoded path, without, with a wrong and with another session\'s token', async () => {
    let checked = 0;
    for (const route of csrfRequired()) {
      const plain = concretePath(route.url);
      for (const path of [plain, ...encodedVariants(plain)]) {
        for (const [label, token] of [['no token', null], ['wrong token', 'not-the-token'], ["another session's token", aino.csrfToken]] as const) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: withToken(path, token),
            headers: { ...mikko.headers, 'content-type': 'application/json' },
            payload: '{}',
          });
          assert.equal(res.statusCode, 403, `${route.method} ${path} with ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          assert.equal(res.json().type, 'CsrfTokenInvalid', `${route.method} ${path} with ${label}`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 5 * 3 * 2, `checked ${checked} requests`);
    // Nothing above changed state: Mikko is still signed in.
    const page = await t.app.inject({ method: 'GET', url: '/api/pages/front-page?lang=fi', headers: mikko.headers });
    assert.equal(page.statusCode, 200);
  });

  it('lets the right token through the encoded path too (the check is not simply refusing odd URLs)', async () => {
    const caller = await signIn(t.app, MIKKO);
    const res = await t.app.inject({ method: 'POST', url: withToken('/%61pi/logout', caller.csrfToken), headers: caller.headers });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { type: 'success' });
    const after = await t.app.inject({ method: 'GET', url: '/api/pages/front-page?lang=fi', headers: caller.headers });
    assert.equal(after.statusCode, 401, 'the session is gone');
  });

  it('refuses a body of a type the route does not declare (a plain HTML form\'s encodings), even with the right token', async () => {
    const caller = await signIn(t.app, MIKKO);
    let checked = 0;
    for (const route of csrfRequired().filter((r) => r.bodyTypes !== '*')) {
      const path = concretePath(route.url);
      for (const [type, payload] of [
        ['application/x-www-form-urlencoded', 'reason=x'],
        ['text/plain', '{"a":1}'],
        ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'],
      ] as const) {
        // a route may declare a form's encoding (the log-out form of a page without JavaScript)
        if (route.bodyTypes.includes(type.split(';')[0]!)) continue;
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: withToken(path, caller.csrfToken),
          headers: { ...caller.headers, 'content-type': type },
          payload,
        });
        assert.equal(res.statusCode, 415, `${route.method} ${path} as ${type}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        assert.equal(res.json().details[0].path, 'content-type');
        checked++;
      }
    }
    assert.ok(checked >= 12, `checked ${checked}`);
  });

  it('never reads the session on bearer routes: a patient\'s cookie with the right csrfToken gets 401', async () => {
    for (const route of stateChanging().filter((r) => r.csrf === 'bearer')) {
      const path = concretePath(route.url);
      for (const url of [path, ...encodedVariants(path)]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: withToken(url, mikko.csrfToken),
          headers: { ...mikko.headers, 'content-type': 'application/json' },
          payload: '{}',
        });
        assert.equal(res.statusCode, 401, `${route.method} ${url}`);
        assert.equal(res.headers['x-session-expires'], undefined, 'no session was resumed');
      }
    }
  });

  it('refuses cross-site browser requests on anonymous routes (Origin, Sec-Fetch-Site)', async () => {
    const routes = stateChanging().filter((r) => r.csrf === 'anonymous-origin-check');
    assert.ok(routes.length > 0);
    for (const route of routes) {
      const path = concretePath(route.url);
      for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: path,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'identityCode=150385-9013',
        });
        assert.equal(res.statusCode, 403, `${route.method} ${path} with ${JSON.stringify(headers)}`);
      }
    }
    // The broker's own page posting to itself passes this check (and then meets the broker's own rules).
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/broker/interaction/unknown-uid',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'identityCode=150385-9013',
    });
    assert.notEqual(sameOrigin.statusCode, 403);
  });

  it('sends Cache-Control: no-store on every API answer, signed in or not (patient data is never cached)', async (ctx) => {
    const routeIds = t.app.routeTable.current().map((route) => route.id);
    assert.ok(routeIds.length > 10);
    let checked = 0;
    for (const routeId of routeIds) {
      for (const headers of [mikko.headers, {}]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/pages/${routeId}?lang=fi`, headers });
        assert.equal(res.headers['cache-control'], 'no-store', `/api/pages/${routeId}: ${res.statusCode}`);
        checked++;
      }
    }
    for (const route of catalogue.filter((r) => r.method === 'GET' && r.url.startsWith('/api/'))) {
      const res = await t.app.inject({ method: 'GET', url: concretePath(route.url), headers: mikko.headers });
      assert.equal(res.headers['cache-control'], 'no-store', `GET ${route.url}: ${res.statusCode}`);
      checked++;
    }
    for (const route of stateChanging().filter((r) => r.url.startsWith('/api/'))) {
      const res = await t.app.inject({ method: route.method as 'POST', url: concretePath(route.url), headers: mikko.headers });
      assert.equal(res.headers['cache-control'], 'no-store', `${route.method} ${route.url}: ${res.statusCode}`);
      checked++;
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: mikko.headers });
    assert.equal(missing.headers['cache-control'], 'no-store');
    ctx.diagnostic(`${checked} API answers checked`);
  });

  it('sends no-store on every HTML page; only hashed static assets are cacheable, and they read no session', async () => {
    for (const url of ['/fi', '/fi/kirjaudu', '/sv', '/en/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: mikko.headers });
      if (res.statusCode >= 300 && res.statusCode < 400) continue;
      assert.equal(res.headers['cache-control'], 'no-store', url);
    }
    const declared = catalogue.filter((r) => r.cache !== 'no-store');
    assert.ok(declared.length > 0);
    for (const route of declared) {
      assert.equal(route.session, false, `${route.method} ${route.url} is cacheable, so it must not depend on a session`);
      assert.notEqual(route.url.startsWith('/api/') && route.url !== '/api', true, `${route.url}: no API answer is cacheable`);
    }
  });
});
