import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INITIAL_STATE_ELEMENT_ID, ROUTE_TABLE_PATH, frontPageStateSchema } from '@portal/shared-api';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, expireSession, initialStateOf, routeTableOf, signIn, type TestApp } from './helpers';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

describe('language and unknown paths', () => {
  it('sends / to the Finnish front page', async () => {
    const res = await t.app.inject({ url: '/' });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/fi');
  });

  it('sends an unknown language to /fi', async () => {
    const res = await t.app.inject({ url: '/de/kaynnit' });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, '/fi');
  });

  it("answers 404 for a file the browser asks for by itself, never the front page (which would read and audit the person's data again)", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const url of ['/favicon.ico', '/robots.txt', '/apple-touch-icon.png']) {
      const res = await t.app.inject({ url, headers: mikko.headers });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.headers.location, undefined, url);
    }
    // a path that is not a file still goes to the front page
    assert.equal((await t.app.inject({ url: '/kaynnit' })).headers.location, '/fi');
  });

  it('answers an unknown page with the shell and status 404, page null', async () => {
    const res = await t.app.inject({ url: '/sv/finns-inte' });
    assert.equal(res.statusCode, 404);
    assert.match(String(res.headers['content-type']), /text\/html/);
    const state = initialStateOf(res);
    assert.equal(state.page, null);
    assert.equal(state.lang, 'sv');
    assert.match(res.body, /<html lang="sv"/);
  });
});

describe('page kinds', () => {
  it('redirects a logged-in page to the login page of its language with nextPath', async () => {
    const res = await t.app.inject({ url: '/en/visits?sort=desc' });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, `/en/login?nextPath=${encodeURIComponent('/en/visits?sort=desc')}`);
  });

  it('treats an expired session as none', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    await expireSession(t.app, mikko.sessionId);
    const res = await t.app.inject({ url: '/fi/kaynnit', headers: mikko.headers });
    assert.equal(res.statusCode, 302);
    assert.equal(res.headers.location, `/fi/kirjaudu?nextPath=${encodeURIComponent('/fi/kaynnit')}`);
  });

  it('always opens the expired-session page, with no user', async () => {
    const res = await t.app.inject({ url: '/fi/katkennut-istunto' });
    assert.equal(res.statusCode, 200);
    const state = initialStateOf(res);
    assert.equal(state.user, null);
    assert.equal(state.session, null);
  });

  it('serves an anonymous page to anyone', async () => {
    const res = await t.app.inject({ url: '/en/login?nextPath=%2Fen' });
    assert.equal(res.statusCode, 200);
    assert.equal(initialStateOf(res).page, null);
  });

  it('leaves out pages of the other brand', async () => {
    const res = await t.app.inject({ url: '/fi/asiointipolku' });
    assert.equal(res.statusCode, 404);
    assert.ok(!(await routeTableOf(t.app)).some((r) => r.id === 'landing'));
  });
});

describe("the children's brand's entry", () => {
  let children: TestApp;
  before(async () => {
    children = await createTestApp({ BRAND: 'children' });
  });
  after(async () => children.close());

  for (const [lang, landing] of [
    ['fi', '/fi/asiointipolku'],
    ['sv', '/sv/transaktionsbana'],
    ['en', '/en/transaction-path'],
  ] as const) {
    it(`sends a visitor who is not signed in from /${lang} to the transaction-path landing`, async () => {
      const res = await children.app.inject({ url: `/${lang}` });
      assert.equal(res.statusCode, 302);
      assert.equal(res.headers.location, landing);
      const page = await children.app.inject({ url: landing });
      assert.equal(page.statusCode, 200);
    });
  }

  it('sends / to the Finnish front page, which leads on to the landing', async () => {
    const res = await children.app.inject({ url: '/' });
    assert.equal(res.headers.location, '/fi');
    const next = await children.app.inject({ url: '/fi' });
    assert.equal(next.headers.location, '/fi/asiointipolku');
  });

  it('keeps a deep link going to the login page with its nextPath', async () => {
    const res = await children.app.inject({ url: '/en/visits' });
    assert.equal(res.headers.location, `/en/login?nextPath=${encodeURIComponent('/en/visits')}`);
  });

  it('shows a signed-in guardian or child the front page itself', async () => {
    const mikko = await signIn(children.app, PERSONAS.mikko);
    const res = await children.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
  });
});

describe('initial state', () => {
  it("leaves the route table out of the page: GET /routes.json has the brand's, without the schema's defaults, which the shell's parse puts back (issue 31)", async () => {
    const page = await t.app.inject({ url: '/fi/kirjaudu' });
    const embedded = JSON.parse(new RegExp(`<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(page.body)?.[1] ?? 'null') as Record<string, unknown>;
    assert.equal('routes' in embedded, false, 'the page carries no route table');
    assert.equal(embedded.lang, 'fi');

    const res = await t.app.inject({ url: ROUTE_TABLE_PATH });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'private, no-cache');
    assert.match(String(res.headers.vary), /cookie/i);
    const raw = res.json() as Record<string, unknown>[];
    const rawFront = raw.find((route) => route.id === 'front-page');
    assert.ok(rawFront);
    assert.equal('layout' in rawFront || 'brands' in rawFront || 'features' in rawFront, false, JSON.stringify(rawFront));
    assert.ok(raw.every((route) => !Array.isArray(route.brands) || (route.brands as string[]).includes('adult')), "only this brand's pages");
    const parsed = await routeTableOf(t.app);
    assert.equal(parsed.length, raw.length);
    const front = parsed.find((route) => route.id === 'front-page');
    assert.deepEqual([front?.layout, front?.brands, front?.features], [{ menu: true, footer: true, fullWidth: false }, ['adult', 'children'], []]);
    const login = parsed.find((route) => route.id === 'login');
    assert.deepEqual(login?.layout, { menu: false, footer: true, fullWidth: false }, 'a layout that differs keeps what differs, the rest comes back');

    // a second page asks again and gets a 304 while nothing changed
    const etag = String(res.headers.etag);
    const again = await t.app.inject({ url: ROUTE_TABLE_PATH, headers: { 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  it('embeds the front page state for a signed-in patient', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'no-store');
    const state = initialStateOf(res);
    assert.equal(state.user?.firstName, 'Mikko');
    assert.ok(state.user?.csrfToken && state.user.csrfToken !== mikko.csrfToken, 'the csrfToken comes masked (sessions/csrf-mask.ts)');
    assert.equal(state.page?.routeId, 'front-page');
    assert.equal(state.session?.timeoutMinutes, 30);
    // conversations, then appointments, then the records on the front page (spec part 1 §1); remotes added later follow
    assert.deepEqual(state.remotes.remotes.map((r) => r.id).slice(0, 3), ['mf-messaging', 'mf-booking', 'mf-records']);
    const routes = await routeTableOf(t.app, mikko.headers);
    const ids = routes.map((r) => r.id);
    assert.ok(ids.includes('front-page') && ids.includes('records.visits') && ids.includes('messaging.thread'));
    const front = frontPageStateSchema.parse(state.page?.state);
    assert.ok((front.summaries['mf-messaging']?.totalCount ?? 0) > 0, 'Mikko has conversations');
    assert.ok((front.summaries['mf-messaging']?.threads.length ?? 0) <= 3);
    assert.equal(routes.find((r) => r.id === 'records.visits')?.owner, 'mf-records');
    // Mikko has a phone and no SMS login yet: the onboarding box gets his number
    assert.equal(state.mfaOnboardingParam?.phoneNumber, '+358 40 555 0101');
  });

  it('escapes < inside the embedded JSON', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi/kaynnit?x=%3C/script%3E', headers: mikko.headers });
    const script = res.body.slice(res.body.indexOf('portal-initial-state'));
    assert.equal(script.split('</script>').length, 2);
  });
});

describe('remotes and static files', () => {
  it('serves the remotes manifest uncached, and never from a cache shared by browsers (it is per visitor)', async () => {
    const res = await t.app.inject({ url: '/remotes.json' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['cache-control'], 'private, no-cache');
    assert.equal(res.json().overridesAllowed, true);
  });

  it('serves remote entry files no-cache and hashed chunks immutable, both CORS-open', async () => {
    const entry = await t.app.inject({ url: '/remotes/mf-records/remoteEntry.js' });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['cache-control'], 'no-cache');
    assert.equal(entry.headers['access-control-allow-origin'], '*');
    const manifest = await t.app.inject({ url: '/remotes/mf-records/mf-manifest.json' });
    assert.equal(manifest.headers['cache-control'], 'no-cache');
    const chunk = await t.app.inject({ url: '/remotes/mf-records/412.3f9a1c2b.js' });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(chunk.headers['cross-origin-resource-policy'], 'cross-origin');
  });

  it('sends the pre-compressed copy the browser accepts, and the plain file otherwise', async () => {
    const gzipped = await t.app.inject({ url: '/remotes/mf-records/412.3f9a1c2b.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzipped.statusCode, 200);
    assert.equal(gzipped.headers['content-encoding'], 'gzip');
    assert.match(String(gzipped.headers.vary), /accept-encoding/i);
    const plain = await t.app.inject({ url: '/remotes/mf-records/412.3f9a1c2b.js', headers: { 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.length > 0);
  });

  it('keeps a file a deployment replaces in place no-cache in its pre-compressed copy too (a year-long cache would keep the old entry)', async () => {
    const entry = await t.app.inject({ url: '/remotes/mf-records/remoteEntry.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(entry.statusCode, 200);
    assert.equal(entry.headers['content-encoding'], 'gzip');
    assert.equal(entry.headers['cache-control'], 'no-cache');
    const chunk = await t.app.inject({ url: '/remotes/mf-records/412.3f9a1c2b.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');
  });

  it("sends a script without the headers only a document reads, keeping nosniff; a page keeps them all", async () => {
    const chunk = await t.app.inject({ url: '/remotes/mf-records/412.3f9a1c2b.js' });
    assert.equal(chunk.statusCode, 200);
    assert.equal(chunk.headers['x-content-type-options'], 'nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) assert.equal(chunk.headers[name], undefined, name);
    const page = await t.app.inject({ url: '/fi/kirjaudu' });
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-content-type-options']) assert.ok(page.headers[name], name);
  });

  it('sends a CSP without inline scripts', async () => {
    const res = await t.app.inject({ url: '/fi/kirjaudu' });
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
    // the built-in test payment provider is this server: forms post nowhere else
    assert.match(csp, /form-action 'self';/);
  });

  it('lets the pay page post to the banks and show their logos when Paytrail is the payment provider', async () => {
    const paytrail = await createTestApp({ PAYMENT_PROVIDER: 'paytrail', PAYMENT_PROVIDER_API_URL: 'https://services.paytrail.com' });
    try {
      const csp = String((await paytrail.app.inject({ url: '/fi/kirjaudu' })).headers['content-security-policy']);
      assert.match(csp, /form-action 'self' https:;/);
      assert.match(csp, /img-src [^;]*https:\/\/resources\.paytrail\.com/);
    } finally {
      await paytrail.close();
    }
  });
});
