import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FrontPageState, RouteDefinition } from '@portal/shared-api';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/index';
import type { RemoteRegistry, RemotesView, ServedRemote } from '../src/modules/remote-registry/contract';
import { createStaticRemoteRegistry } from '../src/pages/static-remote-registry';
import { PERSONAS } from '../src/demo/seed/personas';
import { fixturesDir, initialStateOf, openTestDatabase, routeTableOf, signIn, testConfig } from './helpers';

/**
 * Issue 29: every visitor is served the versions the registry names for their canary bucket, and a
 * change of the registry reaches the next page without a restart. The registry here is a fake whose
 * views the tests switch: the built-in fixture remotes, and a version 2 of mf-records with a page
 * more (in its menu), an anonymous page its own pre-render bundle renders, on another origin.
 */

/** A registry whose view the test sets: `canary` for buckets below `percent`, `active` for the rest. */
function switchableRegistry(config: Config) {
  const builtin = createStaticRemoteRegistry(config).viewFor(0);
  let active: ServedRemote[] = builtin.remotes;
  let canary: { remote: ServedRemote; percent: number } | null = null;
  let revision = 1;
  const served: string[] = [];
  const errors: string[] = [];
  const withCanary = (remotes: ServedRemote[]) =>
    canary === null ? remotes : remotes.map((remote) => (remote.id === canary?.remote.id ? { ...canary.remote, canary: true } : remote));
  const registry: RemoteRegistry = {
    viewFor(bucket): RemotesView {
      const remotes = canary !== null && bucket < canary.percent ? withCanary(active) : active;
      return { remotes, overridesAllowed: builtin.overridesAllowed, revision };
    },
    allServed: () => [...active, ...(canary ? [{ ...canary.remote, canary: true }] : [])],
    refresh: async () => undefined,
    ready: () => true,
    countServed: (remoteId, version) => void served.push(`${remoteId}@${version}`),
    countClientError: (remoteId, version) => void errors.push(`${remoteId}@${version}`),
  };
  return {
    registry,
    builtin: builtin.remotes,
    served,
    errors,
    /** `remote` to the buckets below `percent` */
    startCanary(remote: ServedRemote, percent: number) {
      canary = { remote, percent };
      revision += 1;
    },
    /** every visitor gets these remotes */
    activate(remotes: ServedRemote[]) {
      active = remotes;
      canary = null;
      revision += 1;
    },
    reset() {
      active = builtin.remotes;
      canary = null;
      revision += 1;
      served.length = 0;
      errors.length = 0;
    },
  };
}

const NEW_PAGE: RouteDefinition = {
  id: 'records.new-page',
  paths: { fi: 'uusi-sivu', sv: 'ny-sida', en: 'new-page' },
  kind: 'logged-in',
  brands: ['adult', 'children'],
  features: [],
  layout: { menu: true, footer: true, fullWidth: false },
  menu: { group: 'other', order: 90, labelId: 'records.menu.new-page', label: { fi: 'Uusi sivu', sv: 'Ny sida', en: 'New page' } },
};
const NEWS_PAGE: RouteDefinition = {
  id: 'records.news',
  paths: { fi: 'uutiset', sv: 'nyheter', en: 'news' },
  kind: 'anonymous',
  brands: ['adult', 'children'],
  features: [],
  layout: { menu: false, footer: true, fullWidth: false },
};

/** mf-records version 2: its routes.json (the built-in one and two pages more) and a pre-render bundle that says its version. */
function writeVersion2(dir: string): void {
  const builtinRoutes: unknown[] = JSON.parse(readFileSync(path.join(fixturesDir, 'remotes', 'mf-records', 'dist', 'routes.json'), 'utf8'));
  mkdirSync(path.join(dir, 'prerender'), { recursive: true });
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify([...builtinRoutes, NEW_PAGE, NEWS_PAGE]));
  writeFileSync(
    path.join(dir, 'prerender', 'index.cjs'),
    `exports.render = ({ url }) => url.startsWith('/fi/uutiset') ? { html: '<h1>news from mf-records v2</h1>', css: '' } : null;`,
  );
}

/** A shell build whose pre-render bundle draws the side menu from the route table it is given. */
function writeShellBuild(dir: string): void {
  mkdirSync(path.join(dir, 'prerender'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang=fi><head><!--portal-initial-state--></head><body><div id=portal-root></div><script defer src=/shell/main.js></script></body></html>');
  const texts = { 'shell.brand.adult.title': 'Brand', 'shell.brand.children.title': 'Children', 'shell.skipToContent': 'Skip' };
  writeFileSync(path.join(dir, 'skeleton-messages.json'), JSON.stringify({ fi: texts, sv: texts, en: texts }));
  writeFileSync(
    path.join(dir, 'prerender', 'index.cjs'),
    `exports.render = () => null;
exports.renderMenu = ({ state }) => state.user ? '<nav class="shell-menu">' + state.routes.filter((r) => r.menu).map((r) => '<a data-route="' + r.id + '">' + (r.menu.label ? r.menu.label[state.lang] : r.id) + '</a>').join('') + '</nav>' : null;`,
  );
}

let work: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let config: Config;
let fake: ReturnType<typeof switchableRegistry>;
let version2: ServedRemote;
let mikkoCookie: string;

before(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'remote-versions-'));
  writeShellBuild(path.join(work, 'shell-dist'));
  writeVersion2(path.join(work, 'versions', 'mf-records', 'v2'));
  config = testConfig(path.join(work, 'data'), { SHELL_DIST: path.join(work, 'shell-dist') });
  fake = switchableRegistry(config);
  const records = fake.builtin.find((remote) => remote.id === 'mf-records');
  assert.ok(records);
  version2 = {
    ...records,
    version: 'v2',
    entry: 'https://static.example/mf-records/v2/mf-manifest.json',
    origin: 'https://static.example',
    filesDir: path.join(work, 'versions', 'mf-records', 'v2'),
  };
  database = await openTestDatabase();
  app = await buildApp(config, { database, prepareDatabase: false, logger: false, remoteRegistry: fake.registry });
  await app.ready();
  mikkoCookie = (await signIn(app, PERSONAS.mikko)).cookie;
});
after(async () => {
  await app.close();
  await database.close();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

/** Mikko's page in a canary bucket */
function page(url: string, bucket: number, signedIn = true): Promise<LightMyRequestResponse> {
  return app.inject({ url, headers: { cookie: [`portal-canary=${bucket}`, ...(signedIn ? [mikkoCookie] : [])].join('; ') } });
}

function recordsOf(response: LightMyRequestResponse) {
  return initialStateOf(response).remotes.remotes.find((remote) => remote.id === 'mf-records');
}

function canaryCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookies = response.headers['set-cookie'];
  return (Array.isArray(cookies) ? cookies : cookies === undefined ? [] : [cookies]).find((cookie) => cookie.startsWith('portal-canary='));
}

describe('the canary bucket', () => {
  it('is given to a browser without one, on its first page, for 90 days, readable by no script', async () => {
    const cookie = canaryCookieOf(await app.inject({ url: '/fi/kirjaudu' }));
    assert.match(cookie ?? '', /^portal-canary=(0|[1-9][0-9]?);/);
    assert.match(cookie ?? '', /Max-Age=7776000/);
    assert.match(cookie ?? '', /Path=\//);
    assert.match(cookie ?? '', /HttpOnly/);
    assert.match(cookie ?? '', /SameSite=Lax/);
    assert.doesNotMatch(cookie ?? '', /Secure/, 'over plain http');
  });

  it('is given with /remotes.json too, kept when valid and replaced when not', async () => {
    assert.ok(canaryCookieOf(await app.inject({ url: '/remotes.json' })));
    assert.equal(canaryCookieOf(await app.inject({ url: '/remotes.json', headers: { cookie: 'portal-canary=42' } })), undefined);
    assert.equal(canaryCookieOf(await page('/fi/kirjaudu', 0, false)), undefined);
    for (const invalid of ['100', '-1', '07', 'abc', '1.5']) {
      assert.match(canaryCookieOf(await app.inject({ url: '/fi/kirjaudu', headers: { cookie: `portal-canary=${invalid}` } })) ?? '', /^portal-canary=(0|[1-9][0-9]?);/, invalid);
    }
  });

  it('is Secure when the portal is served over https', async () => {
    const secure = await buildApp(testConfig(path.join(work, 'data-https'), { SHELL_DIST: path.join(work, 'shell-dist'), PUBLIC_URL: 'https://portal.example' }), {
      database,
      prepareDatabase: false,
      logger: false,
      remoteRegistry: fake.registry,
    });
    try {
      assert.match(canaryCookieOf(await secure.inject({ url: '/fi/kirjaudu' })) ?? '', /; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('two buckets, two versions', () => {
  it("each gets its version's route table, side menu and remote location, and each page is counted for its versions", async () => {
    fake.startCanary(version2, 50);
    const inCanary = await page('/fi/kaynnit', 10);
    const outside = await page('/fi/kaynnit', 90);
    assert.equal(inCanary.statusCode, 200);
    assert.equal(outside.statusCode, 200);

    const tableOf = (bucket: number) => routeTableOf(app, { cookie: [`portal-canary=${bucket}`, mikkoCookie].join('; ') });
    assert.ok((await tableOf(10)).some((route) => route.id === 'records.new-page'));
    assert.ok(!(await tableOf(90)).some((route) => route.id === 'records.new-page'));
    assert.match(inCanary.body, /<a data-route="records.new-page">Uusi sivu<\/a>/);
    assert.doesNotMatch(outside.body, /records\.new-page/);

    assert.deepEqual(recordsOf(inCanary), { id: 'mf-records', name: 'mf_records', entry: 'https://static.example/mf-records/v2/mf-manifest.json', frontPageParcels: ['./summary'], version: 'v2' });
    assert.deepEqual(recordsOf(outside), { id: 'mf-records', name: 'mf_records', entry: '/remotes/mf-records/mf-manifest.json', frontPageParcels: ['./summary'], version: 'builtin' });

    assert.ok(fake.served.includes('mf-records@v2'));
    assert.ok(fake.served.includes('mf-records@builtin'));
    assert.equal(fake.served.filter((entry) => entry === 'mf-records@v2').length, 1);
  });

  it("opens the new version's page in its bucket only, and pre-renders it with that version's own bundle", async () => {
    fake.startCanary(version2, 50);
    assert.equal((await page('/fi/uusi-sivu', 10)).statusCode, 200);
    assert.equal((await page('/fi/uusi-sivu', 90)).statusCode, 404);
    const news = await page('/fi/uutiset', 10, false);
    assert.equal(news.statusCode, 200);
    assert.match(news.body, /<h1>news from mf-records v2<\/h1>/);
    assert.equal((await page('/fi/uutiset', 90, false)).statusCode, 404);
  });

  it('answers /remotes.json per bucket, and counts it', async () => {
    fake.startCanary(version2, 50);
    const inCanary = await app.inject({ url: '/remotes.json', headers: { cookie: 'portal-canary=49' } });
    const outside = await app.inject({ url: '/remotes.json', headers: { cookie: 'portal-canary=50' } });
    const recordsIn = (inCanary.json() as { remotes: { id: string; version?: string }[] }).remotes.find((remote) => remote.id === 'mf-records');
    const recordsOut = (outside.json() as { remotes: { id: string; version?: string }[] }).remotes.find((remote) => remote.id === 'mf-records');
    assert.equal(recordsIn?.version, 'v2');
    assert.equal(recordsOut?.version, 'builtin');
    assert.match(String(outside.headers.vary), /cookie/i);
    assert.deepEqual(fake.served.filter((entry) => entry.startsWith('mf-records@')), ['mf-records@v2', 'mf-records@builtin']);
  });

  it("allows the canary's static origin in the CSP of every page while it is served, and no longer once it is not", async () => {
    fake.startCanary(version2, 50);
    for (const bucket of [10, 90]) {
      const csp = String((await page('/fi/kirjaudu', bucket, false)).headers['content-security-policy']);
      for (const directive of ['script-src', 'connect-src', 'style-src']) assert.match(csp, new RegExp(`${directive} [^;]*https://static\\.example`), `${directive} for bucket ${bucket}`);
    }
    fake.activate(fake.builtin);
    const csp = String((await page('/fi/kirjaudu', 10, false)).headers['content-security-policy']);
    assert.doesNotMatch(csp, /static\.example/);
    assert.match(csp, /script-src 'self'( http:\/\/localhost:\*)?/);
  });
});

describe('a new version activated while the server runs', () => {
  it("reaches the next page of every visitor: its route table, menu and the front page's summaries", async () => {
    const before = await page('/fi/kaynnit', 90);
    assert.equal(recordsOf(before)?.version, 'builtin');
    assert.equal((await page('/fi/uusi-sivu', 90)).statusCode, 404);

    fake.activate(fake.builtin.map((remote) => (remote.id === 'mf-records' ? version2 : remote)));
    const after = await page('/fi/kaynnit', 90);
    assert.equal(recordsOf(after)?.version, 'v2');
    assert.match(after.body, /<a data-route="records.new-page">Uusi sivu<\/a>/);
    assert.equal((await page('/fi/uusi-sivu', 90)).statusCode, 200);

    // a remote no longer served has no summary on the front page, nor a place in the manifest
    const front = (response: LightMyRequestResponse) => initialStateOf(response).page?.state as FrontPageState;
    assert.ok('mf-payments' in front(await page('/fi', 90)).summaries);
    fake.activate(fake.builtin.filter((remote) => remote.id !== 'mf-payments'));
    const withoutPayments = await page('/fi', 90);
    assert.ok(!('mf-payments' in front(withoutPayments).summaries));
    assert.ok(!initialStateOf(withoutPayments).remotes.remotes.some((remote) => remote.id === 'mf-payments'));
  });
});

describe('POST /api/client-errors', () => {
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/client-errors', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

  it('counts an error of a version served now, with or without a session, and nothing else', async () => {
    fake.startCanary(version2, 50);
    assert.equal((await beacon({ remoteId: 'mf-records', version: 'v2' })).statusCode, 204);
    // a signed-in browser's beacon needs no csrfToken: it reads no session and changes only a counter
    assert.equal((await beacon({ remoteId: 'mf-records', version: 'builtin' }, { cookie: mikkoCookie })).statusCode, 204);
    assert.deepEqual(fake.errors, ['mf-records@v2', 'mf-records@builtin']);
  });

  it('refuses a remote or version not served, and any field beyond the two', async () => {
    const notServed = await beacon({ remoteId: 'mf-records', version: 'v2' });
    assert.equal(notServed.statusCode, 400);
    assert.equal(notServed.json().details[0].path, 'version');
    const unknown = await beacon({ remoteId: 'mf-unknown', version: 'builtin' });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().details[0].path, 'remoteId');
    assert.equal((await beacon({ remoteId: 'mf-records', version: 'builtin', message: 'Mikko Virtanen 150385-9013' })).statusCode, 400);
    assert.equal((await beacon({ remoteId: 'mf-records' })).statusCode, 400);
    assert.deepEqual(fake.errors, []);
  });

  it("refuses another site's browser", async () => {
    const res = await beacon({ remoteId: 'mf-records', version: 'builtin' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(fake.errors, []);
  });
});
