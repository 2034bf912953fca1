import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { validationErrorSchema } from '@portal/shared-api';
import { people } from '../src/modules/patients/schema';
import { sessions } from '../src/modules/sessions/schema';
import { identityLoginFlows } from '../src/modules/identity/schema';
import {
  brokerForm,
  buildHarness,
  lastStep,
  openTestDatabase,
  temporaryDataDir,
  TestBrowser,
  type Step,
  type TestDatabase,
} from './identity-harness';

/**
 * Sign-in through the built-in test identity broker, over HTTP (Fastify inject), against PGlite or
 * the PostgreSQL in DATABASE_URL.
 */
let database: TestDatabase;
let data: { dir: string; remove(): Promise<void> };
let app: FastifyInstance;

before(async () => {
  database = await openTestDatabase();
  data = await temporaryDataDir();
  app = await buildHarness({ db: database.handle.db, dataDir: data.dir });
});

after(async () => {
  await app?.close();
  await database?.close();
  await data?.remove();
});

/** Walks from /oauth/authenticate to the broker's login page. */
async function openBrokerPage(browser: TestBrowser, query: string): Promise<{ steps: Step[]; html: string }> {
  const steps = await browser.navigate('GET', `/oauth/authenticate?${query}`);
  const page = lastStep(steps);
  assert.equal(page.response.statusCode, 200, `broker page answered ${page.response.statusCode}`);
  assert.match(page.url, /^\/broker\/interaction\//);
  return { steps, html: page.response.body };
}

/** Submits an identity code on the broker page and follows redirects up to the portal's answer. */
async function submitIdentityCode(browser: TestBrowser, html: string, identityCode: string): Promise<Step[]> {
  const form = brokerForm(html);
  return browser.navigate('POST', form.action, { token: form.token, identityCode }, '/fi/');
}

function callbackStep(steps: Step[]): Step {
  const step = steps.find((s) => s.url.startsWith('/oauth/callback'));
  assert.ok(step, 'the flow reached /oauth/callback');
  return step;
}

function setsSessionCookie(step: Step): boolean {
  const header = step.response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.some((line) => /^portal_session=[^;]+/.test(line) && !/^portal_session=;/.test(line));
}

describe('GET /oauth/authenticate', () => {
  test('an unknown identification method answers 400 ValidationError at acr_values', async () => {
    const response = await app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=evilbank' });
    assert.equal(response.statusCode, 400);
    const body = validationErrorSchema.parse(response.json());
    assert.deepEqual(
      body.details.map((d) => d.path),
      ['acr_values'],
    );
  });

  test('a missing method and a bad language are both reported with their paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/oauth/authenticate?lang=de' });
    assert.equal(response.statusCode, 400);
    const paths = validationErrorSchema.parse(response.json()).details.map((d) => d.path).sort();
    assert.deepEqual(paths, ['acr_values', 'lang']);
  });

  test('starts a PKCE authorization request at the built-in broker and keeps the flow in the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/oauth/authenticate?lang=sv&next=/sv/recept&acr_values=op' });
    assert.equal(response.statusCode, 303);
    const location = new URL(String(response.headers.location));
    assert.equal(`${location.origin}${location.pathname}`, 'http://portal.test/broker/auth');
    assert.equal(location.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(location.searchParams.get('acr_values'), 'op');
    assert.equal(location.searchParams.get('ui_locales'), 'sv');
    const state = location.searchParams.get('state');
    assert.ok(state);
    const [flow] = await database.handle.db.select().from(identityLoginFlows).where(eq(identityLoginFlows.state, state));
    assert.ok(flow, 'flow stored under its state');
    assert.equal(flow.nextPath, '/sv/recept');
    assert.equal(flow.lang, 'sv');
    assert.notEqual(flow.codeVerifier, location.searchParams.get('code_challenge'), 'only the challenge leaves the server');
    const lifetime = flow.expiresAt.getTime() - Date.now();
    assert.ok(lifetime > 9 * 60_000 && lifetime <= 10 * 60_000, `expires in about 10 minutes (${lifetime} ms)`);
  });
});

describe('the built-in broker', () => {
  test('its page names the chosen bank and has a labelled identity code field, quick picks and a cancel link', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=fi&acr_values=nordea');
    assert.match(html, /<html lang="fi">/);
    assert.match(html, /<h1>Nordea<\/h1>/);
    assert.match(html, /<label for="identity-code">Henkilötunnus<\/label>/);
    assert.match(html, /<input id="identity-code" name="identityCode"/);
    assert.match(html, /<button type="submit" class="broker__continue">Jatka<\/button>/);
    for (const [name, code] of [
      ['Mikko Virtanen', '150385-9013'],
      ['Aino Korhonen', '021178-912P'],
      ['Jukka Mäkinen', '240690-935P'],
      ['Leena Nieminen', '121264-9685'],
      ['Pekka Laine', '050575Y983A'],
    ]) {
      assert.ok(html.includes(`value="${code}"><span class="broker__persona-name">${name}</span>`), `quick pick for ${name}`);
    }
    assert.match(html, /<a href="\/broker\/interaction\/[^"]+\/abort\?token=[^"]+">Peruuta tunnistautuminen<\/a>/);
    assert.doesNotMatch(html, /<script|style=/, 'nothing the CSP would block');
  });

  test('its page speaks Swedish and English when asked, and localizes the mobile certificate', async () => {
    const sv = await openBrokerPage(new TestBrowser(app), 'lang=sv&acr_values=mobiilivarmenne');
    assert.match(sv.html, /<html lang="sv">/);
    assert.match(sv.html, /<h1>Mobilcertifikat<\/h1>/);
    assert.match(sv.html, />Personbeteckning<\/label>/);
    assert.match(sv.html, />Fortsätt<\/button>/);
    const en = await openBrokerPage(new TestBrowser(app), 'lang=en&acr_values=spankki');
    assert.match(en.html, /<html lang="en">/);
    assert.match(en.html, /<h1>S-Pankki<\/h1>/);
    assert.match(en.html, />Personal identity code<\/label>/);
    assert.match(en.html, />Continue<\/button>/);
  });

  test('serves its stylesheet', async () => {
    const response = await app.inject({ method: 'GET', url: '/broker/assets/broker.css' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/css/);
  });

  test('publishes OpenID discovery at /broker', async () => {
    const response = await app.inject({ method: 'GET', url: '/broker/.well-known/openid-configuration', headers: { host: 'portal.test' } });
    assert.equal(response.statusCode, 200);
    const body = response.json() as { issuer: string; code_challenge_methods_supported: string[] };
    assert.equal(body.issuer, 'http://portal.test/broker');
    assert.ok(body.code_challenge_methods_supported.includes('S256'));
  });

  test('an invalid identity code shows the page again with the error next to the field and the value kept', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=fi&acr_values=op');
    const form = brokerForm(html);
    const response = await browser.request('POST', form.action, { token: form.token, identityCode: '150385-9014' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers.location, undefined, 'no redirect');
    assert.match(response.body, /aria-invalid="true"/);
    assert.match(response.body, /aria-describedby="identity-code-hint identity-code-error"/);
    assert.match(response.body, /<p id="identity-code-error" class="broker__error">Tarkista henkilötunnus<\/p>/);
    assert.match(response.body, /value="150385-9014"/);
    // The same interaction still works with a correct code.
    const steps = await submitIdentityCode(browser, response.body, '150385-9013');
    assert.equal(callbackStep(steps).response.headers.location, '/fi#signed-in');
  });

  test('a form post without the interaction token is refused', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=fi&acr_values=op');
    const form = brokerForm(html);
    const response = await browser.request('POST', form.action, { token: 'forged', identityCode: '150385-9013' });
    assert.equal(response.statusCode, 403);
    assert.equal(response.headers.location, undefined);
  });

  test('a post from a browser without the interaction cookie is refused', async () => {
    const { html } = await openBrokerPage(new TestBrowser(app), 'lang=fi&acr_values=op');
    const form = brokerForm(html);
    const response = await new TestBrowser(app).request('POST', form.action, { token: form.token, identityCode: '150385-9013' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers.location, undefined);
  });
});

describe('the complete sign-in', () => {
  test('a persona signs in: session cookie set, person recorded with names, redirect to next', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=fi&next=%2Ffi%2Freseptit%3Fa%3D1&acr_values=nordea');
    const steps = await submitIdentityCode(browser, html, '021178-912P');
    const callback = callbackStep(steps);
    assert.equal(callback.response.statusCode, 303);
    assert.equal(callback.response.headers.location, '/fi/reseptit?a=1#signed-in');
    assert.ok(setsSessionCookie(callback), 'portal_session cookie set');
    const sessionCookie = ([] as string[]).concat(callback.response.headers['set-cookie'] ?? []).find((line) => line.startsWith('portal_session='));
    assert.match(String(sessionCookie), /; HttpOnly/i, 'scripts cannot read the session cookie');
    assert.match(String(sessionCookie), /; SameSite=Lax/i);
    assert.doesNotMatch(String(sessionCookie), /Max-Age|Expires/i, 'the server decides the expiry; the browser forgets it on exit');
    const token = browser.cookie('portal_session');
    assert.ok(token);
    const session = await app.sessions.resume(token);
    assert.ok(session, 'the cookie names a live session');
    const [person] = await database.handle.db.select().from(people).where(eq(people.id, session.personId));
    assert.equal(person?.identityCode, '021178-912P');
    assert.equal(person?.givenName, 'Aino');
    assert.equal(person?.familyName, 'Korhonen');
  });

  test('a typed code in lower case with spaces works and signs in that person', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=fi&acr_values=aktia');
    const steps = await submitIdentityCode(browser, html, '  050575y983a ');
    assert.equal(callbackStep(steps).response.headers.location, '/fi#signed-in');
    const session = await app.sessions.resume(browser.cookie('portal_session') ?? '');
    const [person] = await database.handle.db.select().from(people).where(eq(people.id, session?.personId ?? ''));
    assert.equal(person?.identityCode, '050575Y983A');
  });

  for (const [lang, next] of [
    ['fi', '//evil.example'],
    ['sv', 'https://evil.example/'],
    ['en', '/\\evil.example'],
  ] as const) {
    test(`an unsafe next (${next}) lands on the front page /${lang}`, async () => {
      const browser = new TestBrowser(app);
      const { html } = await openBrokerPage(browser, `lang=${lang}&next=${encodeURIComponent(next)}&acr_values=op`);
      const form = brokerForm(html);
      const steps = await browser.navigate('POST', form.action, { token: form.token, identityCode: '150385-9013' }, `/${lang}`);
      const callback = callbackStep(steps);
      assert.equal(callback.response.headers.location, `/${lang}#signed-in`);
      assert.ok(setsSessionCookie(callback));
    });
  }

  test('a replayed callback fails safely: login page with the error, no new session', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=sv&acr_values=op');
    const steps = await browser.navigate('POST', brokerForm(html).action, { token: brokerForm(html).token, identityCode: '150385-9013' }, '/sv');
    const callback = callbackStep(steps);
    assert.equal(callback.response.headers.location, '/sv#signed-in');
    const before = await database.handle.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    const replay = await browser.request('GET', callback.url);
    assert.equal(replay.statusCode, 303);
    // The state is gone, so its language is unknown: the default language's login page.
    assert.equal(replay.headers.location, '/fi/kirjaudu?error=identification-failed');
    assert.equal(setsSessionCookie({ ...callback, response: replay }), false);
    const afterReplay = await database.handle.db.select({ n: sql<number>`count(*)::int` }).from(sessions);
    assert.deepEqual(afterReplay, before);
  });

  test('an unknown state or a callback without one goes to the login page with the error', async () => {
    for (const url of ['/oauth/callback?code=abc&state=made-up', '/oauth/callback', '/oauth/callback?error=access_denied']) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 303, url);
      assert.equal(response.headers.location, '/fi/kirjaudu?error=identification-failed', url);
    }
  });

  test('a callback URL opened in another browser does not sign that browser in', async () => {
    const victim = new TestBrowser(app);
    const attacker = new TestBrowser(app);
    const { html } = await openBrokerPage(attacker, 'lang=en&acr_values=op');
    const steps = await attacker.navigate('POST', brokerForm(html).action, { token: brokerForm(html).token, identityCode: '150385-9013' }, '/oauth/callback');
    const toCallback = attacker.sameSite(String(lastStep(steps).response.headers.location));
    assert.ok(toCallback && toCallback.startsWith('/oauth/callback?'), 'the flow stopped before the callback');
    const response = await victim.request('GET', toCallback);
    assert.equal(response.headers.location, '/en/login?error=identification-failed');
    assert.equal(victim.cookie('portal_session'), undefined);
  });

  test('a callback URL replayed in another browser first does not cancel the real sign-in (issue 10 §5)', async () => {
    const person = new TestBrowser(app);
    const thief = new TestBrowser(app);
    const { html } = await openBrokerPage(person, 'lang=en&acr_values=op');
    const steps = await person.navigate('POST', brokerForm(html).action, { token: brokerForm(html).token, identityCode: '150385-9013' }, '/oauth/callback');
    const toCallback = person.sameSite(String(lastStep(steps).response.headers.location));
    assert.ok(toCallback && toCallback.startsWith('/oauth/callback?'), 'the flow stopped before the callback');
    const stolen = await thief.request('GET', toCallback);
    assert.equal(stolen.headers.location, '/en/login?error=identification-failed');
    assert.equal(thief.cookie('portal_session'), undefined);
    const own = await person.request('GET', toCallback);
    assert.equal(own.statusCode, 303);
    assert.doesNotMatch(String(own.headers.location), /error=/);
    assert.ok(person.cookie('portal_session'), 'the person who began the sign-in is signed in');
  });

  test('an expired flow fails with the login page of its language', async () => {
    const browser = new TestBrowser(app);
    const { steps, html } = await openBrokerPage(browser, 'lang=en&next=/en/visits&acr_values=op');
    const state = new URL(String(steps[0]?.response.headers.location)).searchParams.get('state') ?? '';
    const finish = await browser.navigate('POST', brokerForm(html).action, { token: brokerForm(html).token, identityCode: '150385-9013' }, '/oauth/callback');
    await database.handle.db
      .update(identityLoginFlows)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(identityLoginFlows.state, state));
    const callback = await browser.request('GET', browser.sameSite(String(lastStep(finish).response.headers.location)) ?? '');
    assert.equal(callback.statusCode, 303);
    assert.match(String(callback.headers.location), /^\/(fi\/kirjaudu|en\/login)\?error=identification-failed/);
    assert.equal(browser.cookie('portal_session'), undefined);
  });

  test('cancelling at the broker returns access_denied: the login page of the language, with the error and next', async () => {
    const browser = new TestBrowser(app);
    const { html } = await openBrokerPage(browser, 'lang=sv&next=/sv/recept&acr_values=danskebank');
    const cancel = /href="([^"]+\/abort\?token=[^"]+)"/.exec(html)?.[1];
    assert.ok(cancel);
    const steps = await browser.navigate('GET', cancel.replaceAll('&amp;', '&'), undefined, '/sv/');
    const callback = callbackStep(steps);
    assert.match(callback.url, /error=access_denied/);
    assert.equal(callback.response.headers.location, '/sv/logga-in?error=identification-failed&nextPath=%2Fsv%2Frecept');
    assert.equal(browser.cookie('portal_session'), undefined);
  });

  test('signing in again replaces the previous session', async () => {
    const browser = new TestBrowser(app);
    const first = await openBrokerPage(browser, 'lang=fi&acr_values=op');
    await submitIdentityCode(browser, first.html, '150385-9013');
    const firstToken = browser.cookie('portal_session') ?? '';
    assert.ok(await app.sessions.resume(firstToken));
    const second = await openBrokerPage(browser, 'lang=fi&acr_values=op');
    assert.match(second.html, /<input id="identity-code"/, 'the broker asks again (prompt=login)');
    await submitIdentityCode(browser, second.html, '121264-9685');
    const secondToken = browser.cookie('portal_session') ?? '';
    assert.notEqual(secondToken, firstToken);
    assert.equal(await app.sessions.resume(firstToken), null, 'the old session is gone');
    const session = await app.sessions.resume(secondToken);
    const [person] = await database.handle.db.select().from(people).where(eq(people.id, session?.personId ?? ''));
    assert.equal(person?.givenName, 'Leena');
  });
});

describe('state shared between instances', () => {
  test('a flow begun on one instance finishes on another (same database and data folder)', async () => {
    const other = await buildHarness({ db: database.handle.db, dataDir: data.dir });
    try {
      const keys = JSON.parse(await readFile(path.join(data.dir, 'broker-jwks.json'), 'utf8')) as { keys: unknown[] };
      assert.equal(keys.keys.length, 1, 'signing keys kept in the data folder');
      const browser = new TestBrowser(app);
      const { html } = await openBrokerPage(browser, 'lang=fi&next=/fi/kaynnit&acr_values=op');
      // The rest of the flow is answered by the other instance.
      const switched = new TestBrowser(other);
      Object.assign(switched, { cookies: (browser as unknown as { cookies: unknown }).cookies });
      const steps = await submitIdentityCode(switched, html, '240690-935P');
      assert.equal(callbackStep(steps).response.headers.location, '/fi/kaynnit#signed-in');
      assert.ok(switched.cookie('portal_session'));
    } finally {
      await other.close();
    }
  });
});

describe('rate limits on identification', () => {
  test('too many sign-in starts from one address answer 429 with a localized message', async () => {
    const limited = await buildHarness({
      db: database.handle.db,
      dataDir: data.dir,
      rateLimits: { authenticate: { max: 2, windowSeconds: 600 } },
    });
    try {
      const ip = '203.0.113.9';
      const start = (accept: string) =>
        limited.inject({ method: 'GET', url: '/oauth/authenticate?lang=sv&acr_values=op', remoteAddress: ip, headers: { accept } });
      assert.equal((await start('text/html')).statusCode, 303);
      assert.equal((await start('text/html')).statusCode, 303);
      const html = await start('text/html');
      assert.equal(html.statusCode, 429);
      assert.ok(Number(html.headers['retry-after']) > 0);
      assert.match(html.body, /<html lang="sv">/);
      assert.match(html.body, /<h1>För många försök<\/h1>/);
      const json = await start('application/json');
      assert.equal(json.statusCode, 429);
      assert.deepEqual(json.json(), { type: 'TooManyRequests', message: 'För många försök. Du kan försöka igen senare.' });
      // Another address is not affected.
      const other = await limited.inject({ method: 'GET', url: '/oauth/authenticate?lang=sv&acr_values=op', remoteAddress: '203.0.113.10' });
      assert.equal(other.statusCode, 303);
    } finally {
      await limited.close();
    }
  });

  test('too many identity code attempts at the broker answer 429 on the page, counted across instances', async () => {
    const options = { db: database.handle.db, dataDir: data.dir, rateLimits: { brokerLogin: { max: 2, windowSeconds: 600 } } };
    const first = await buildHarness(options);
    const second = await buildHarness(options);
    try {
      // An address of its own: the other tests' attempts do not count here.
      const browser = new TestBrowser(first, undefined, '198.51.100.7');
      const { html } = await openBrokerPage(browser, 'lang=en&acr_values=op');
      const form = brokerForm(html);
      assert.equal((await browser.request('POST', form.action, { token: form.token, identityCode: 'wrong' })).statusCode, 400);
      const onSecond = new TestBrowser(second, undefined, '198.51.100.7');
      Object.assign(onSecond, { cookies: (browser as unknown as { cookies: unknown }).cookies });
      assert.equal((await onSecond.request('POST', form.action, { token: form.token, identityCode: 'wrong' })).statusCode, 400);
      const limited = await browser.request('POST', form.action, { token: form.token, identityCode: '150385-9013' });
      assert.equal(limited.statusCode, 429);
      assert.match(limited.body, /role="alert"><h2>Too many retries<\/h2><p>You can retry again later.<\/p>/);
      assert.equal(limited.headers.location, undefined);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('an external identity broker (OIDC_ISSUER set)', () => {
  test('discovery and the token exchange reach the issuer over HTTP; no broker of our own', async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const brokerData = await temporaryDataDir();
    // The issuer: another server's built-in broker on a real port.
    const issuer = await buildHarness({ db: database.handle.db, dataDir: brokerData.dir, publicUrl });
    await issuer.listen({ port, host: '127.0.0.1' });
    const portal = await buildHarness({ db: database.handle.db, dataDir: data.dir, publicUrl, oidcIssuer: `${publicUrl}/broker` });
    try {
      const ownBroker = await portal.inject({ method: 'GET', url: '/broker/.well-known/openid-configuration' });
      assert.equal(ownBroker.statusCode, 404, 'the built-in broker is off');
      const browser = new TestBrowser((requestPath) => (requestPath.startsWith('/broker/') ? issuer : portal), publicUrl);
      const page = lastStep(await browser.navigate('GET', '/oauth/authenticate?lang=en&next=/en/visits&acr_values=op'));
      assert.equal(page.response.statusCode, 200);
      const form = brokerForm(page.response.body);
      const steps = await browser.navigate('POST', form.action, { token: form.token, identityCode: '150385-9013' }, '/en/');
      const callback = callbackStep(steps);
      assert.equal(callback.response.headers.location, '/en/visits#signed-in');
      assert.ok(setsSessionCookie(callback));
    } finally {
      await portal.close();
      await issuer.close();
      await brokerData.remove();
    }
  });
});

describe('logging', () => {
  test('the log never holds an identity code, the authorization code or a token', async () => {
    const lines: string[] = [];
    const logged = await buildHarness({ db: database.handle.db, dataDir: data.dir, logLines: lines });
    try {
      const browser = new TestBrowser(logged, undefined, '192.0.2.44');
      const { html } = await openBrokerPage(browser, 'lang=fi&acr_values=op');
      const form = brokerForm(html);
      await browser.request('POST', form.action, { token: form.token, identityCode: '311299-456Y' });
      const steps = await browser.navigate('POST', form.action, { token: form.token, identityCode: '021178-912P' }, '/fi');
      const callback = callbackStep(steps);
      const code = new URL(callback.url, 'http://portal.test').searchParams.get('code');
      assert.ok(code);
      await browser.request('GET', callback.url); // a replay: logged as a failure
      const log = lines.join('');
      assert.match(log, /sign-in failed/, 'the log was captured');
      for (const secret of ['021178-912P', '311299-456Y', code, form.token, browser.cookie('portal_session') ?? 'none']) {
        assert.ok(!log.includes(secret), `the log holds ${secret.slice(0, 4)}…`);
      }
    } finally {
      await logged.close();
    }
  });
});
