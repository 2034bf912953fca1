import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DeployRemoteVersion, RegistryConflictBody, RemoteRegistryListing, VersionRefusedBody } from '@portal/shared-api';
import { buildApp } from '../src/app';
import { remoteRegistryAudit } from '../src/modules/remote-registry/schema';
import { createDeployToken, revokeDeployToken } from '../src/modules/remote-registry/tokens';
import { createTestApp, fixturesDir, testConfig, testDriver, type TestApp } from './helpers';
import { deployBody, fixtureRoutes, startStaticHost, writeFakeBuild, type FakeBuild, type FakeBuildOptions, type StaticHost } from './remote-registry-builds';

/**
 * The remote registry (issue 29) over HTTP, on the test's database (PGlite, or PostgreSQL with
 * DATABASE_URL): teams deploy versions of their remote from a static host (a node:http server here),
 * the server refuses what would break the portal, and serves the active version or a canary.
 */

const CANARY_MIN_SESSIONS = 20;
let t: TestApp;
let host: StaticHost;
let buildsRoot: string;
let operator: string;
let recordsTeam: string;
let messagingTeam: string;
const others: FastifyInstance[] = [];
const otherDirs: string[] = [];

const env = () => ({
  REMOTE_ORIGINS: host.origin,
  // the tests refresh when they mean to: no poll or flush between their steps
  REMOTE_REGISTRY_POLL_MS: '600000',
  REMOTE_COUNTERS_FLUSH_MS: '600000',
  REMOTE_CANARY_MIN_SESSIONS: String(CANARY_MIN_SESSIONS),
  REMOTE_CANARY_ERROR_MARGIN: '0.05',
  REMOTE_FETCH_TIMEOUT_MS: '3000',
  API_RATE_LIMIT_PER_CLIENT: '100000',
});

function build(folder: string, options: Partial<FakeBuildOptions> & { remoteId?: string } = {}): FakeBuild {
  return writeFakeBuild(buildsRoot, folder, { remoteId: options.remoteId ?? 'mf-records', ...options });
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function deploy(remoteId: string, body: DeployRemoteVersion | Record<string, unknown>, token = operator, app: FastifyInstance = t.app) {
  return app.inject({ method: 'POST', url: `/api/remote-registry/${remoteId}/versions`, headers: auth(token), payload: body });
}

async function listing(token = operator): Promise<RemoteRegistryListing> {
  const res = await t.app.inject({ url: '/api/remote-registry', headers: auth(token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

async function remoteOf(remoteId: string) {
  const remote = (await listing()).remotes.find((r) => r.remoteId === remoteId);
  assert.ok(remote, remoteId);
  return remote;
}

async function activeOf(remoteId: string): Promise<string | null> {
  return (await remoteOf(remoteId)).activeVersion;
}

async function auditOf(remoteId: string) {
  return t.app.db.select().from(remoteRegistryAudit).where(eq(remoteRegistryAudit.remoteId, remoteId)).orderBy(asc(remoteRegistryAudit.id));
}

const served = (app: FastifyInstance, remoteId: string, bucket = 50) => {
  const remote = app.remoteRegistry.viewFor(bucket).remotes.find((r) => r.id === remoteId);
  assert.ok(remote, `${remoteId} is served`);
  return remote;
};

function reasonsOf(body: string): string[] {
  const parsed = JSON.parse(body) as VersionRefusedBody;
  assert.equal(parsed.type, 'VersionRefused');
  return parsed.reasons.map((r) => r.code).sort();
}

/** Another instance of the server on the same database, with a data folder of its own. */
async function otherInstance(extraEnv: Record<string, string> = {}, prepare: (dataDir: string) => void = () => undefined): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-registry-other-'));
  otherDirs.push(dataDir);
  prepare(dataDir);
  const app = await buildApp(testConfig(dataDir, { ...env(), ...extraEnv }), { database: t.database, prepareDatabase: false, logger: false });
  others.push(app);
  await app.ready();
  return app;
}

before(async () => {
  buildsRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-registry-builds-'));
  host = await startStaticHost(buildsRoot);
  t = await createTestApp(env());
  operator = (await createDeployToken(t.app.db, '*', 'operations')).token;
  recordsTeam = (await createDeployToken(t.app.db, 'mf-records', 'records team CI')).token;
  messagingTeam = (await createDeployToken(t.app.db, 'mf-messaging', 'messaging team CI')).token;
});

after(async () => {
  for (const app of others) await app.close();
  await t?.close();
  await host?.close();
  rmSync(buildsRoot, { recursive: true, force: true });
  for (const dir of otherDirs) rmSync(dir, { recursive: true, force: true });
});

describe(`remote registry (issue 29) on ${testDriver}`, () => {
  let recordsBuiltin: string;

  it('registers each configured remote’s build on this disk as its first, active version', async () => {
    const remotes = (await listing()).remotes;
    assert.deepEqual(
      remotes.map((r) => r.remoteId),
      t.config.remotes.remotes.map((r) => r.id),
    );
    const records = remotes.find((r) => r.remoteId === 'mf-records')!;
    assert.match(records.activeVersion ?? '', /^builtin-[0-9a-f]{12}$/);
    recordsBuiltin = records.activeVersion!;
    // the fixture of mf-booking has no mf-manifest.json: no build, but it is served all the same
    assert.equal((await activeOf('mf-booking')), 'builtin-nobuild');
    assert.equal(records.versions[0]?.deployedBy, 'server start');
    const rows = await auditOf('mf-records');
    assert.deepEqual(
      rows.map((r) => [r.action, r.actor, r.fromVersion, r.toVersion]),
      [['builtin', 'server start', null, recordsBuiltin]],
    );
    const view = t.app.remoteRegistry.viewFor(0);
    assert.deepEqual(
      view.remotes.map((r) => r.id),
      t.config.remotes.remotes.map((r) => r.id),
    );
    const servedRecords = served(t.app, 'mf-records');
    assert.equal(servedRecords.version, recordsBuiltin);
    assert.equal(servedRecords.entry, '/remotes/mf-records/mf-manifest.json');
    assert.equal(servedRecords.filesDir, path.join(fixturesDir, 'remotes', 'mf-records', 'dist'));
    assert.equal(servedRecords.origin, null);
    assert.equal(servedRecords.canary, false);
    assert.ok(t.app.remoteRegistry.ready());
  });

  it('takes a deploy token: 401 without one, with an unknown or a revoked one; 403 for another remote; 404 for a remote the portal lacks', async () => {
    const body = deployBody(host.origin, build('mf-records/auth'), 'auth-1', { expectedActiveVersion: recordsBuiltin });
    const none = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/versions', payload: body });
    assert.equal(none.statusCode, 401);
    assert.equal((await deploy('mf-records', body, 'not-a-token')).statusCode, 401);
    const revoked = await createDeployToken(t.app.db, 'mf-records', 'revoked one');
    assert.ok(await revokeDeployToken(t.app.db, revoked.id));
    assert.equal((await deploy('mf-records', body, revoked.token)).statusCode, 401);
    assert.equal((await t.app.inject({ url: '/api/remote-registry', headers: auth(revoked.token) })).statusCode, 401);

    const forbidden = await deploy('mf-records', body, messagingTeam);
    assert.equal(forbidden.statusCode, 403, forbidden.body);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/canary/abort', headers: auth(messagingTeam), payload: {} })).statusCode, 403);
    assert.equal((await deploy('mf-nothing', body)).statusCode, 404);

    // a team sees its own remote
    assert.deepEqual(
      (await listing(recordsTeam)).remotes.map((r) => r.remoteId),
      ['mf-records'],
    );
    // a patient's session means nothing here
    const withCookie = await t.app.inject({ url: '/api/remote-registry', headers: { cookie: 'portal_session=whatever' } });
    assert.equal(withCookie.statusCode, 401);
    assert.equal(await activeOf('mf-records'), recordsBuiltin, 'nothing changed');
    assert.equal(host.requests.length, 0, 'nothing was fetched for a refused caller');
  });

  it('a good version lands, and is served (its server-side files here) after the next refresh', async () => {
    const v1 = build('mf-records/v1');
    const res = await deploy('mf-records', deployBody(host.origin, v1, 'v1', { expectedActiveVersion: recordsBuiltin, reason: 'first deploy' }), recordsTeam);
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json(), { remoteId: 'mf-records', version: 'v1', state: 'active', previousVersion: recordsBuiltin });

    assert.equal(served(t.app, 'mf-records').version, recordsBuiltin, 'served only once the registry is read again');
    await t.app.remoteRegistry.refresh();
    const now = served(t.app, 'mf-records');
    assert.equal(now.version, 'v1');
    assert.equal(now.entry, `${host.origin}/mf-records/v1/mf-manifest.json`);
    assert.equal(now.origin, host.origin);
    assert.equal(now.filesDir, path.join(t.config.dataDir, 'remote-versions', 'mf-records', 'v1'));
    for (const file of ['mf-manifest.json', 'routes.json', 'text-files.json', 'prerender/index.cjs']) {
      assert.deepEqual(readFileSync(path.join(now.filesDir, file)), v1.contents.get(file), file);
    }
    // the browser's files stay on the team's host
    assert.equal(existsSync(path.join(now.filesDir, 'remoteEntry.js')), false);
    assert.ok(t.app.remoteRegistry.allServed().some((r) => r.id === 'mf-records' && r.version === 'v1'));

    const listed = await remoteOf('mf-records');
    assert.equal(listed.activeVersion, 'v1');
    assert.deepEqual(
      listed.versions.map((v) => [v.version, v.deployedBy, v.gitCommit]),
      [
        ['v1', 'records team CI', 'abc1234'],
        [recordsBuiltin, 'server start', null],
      ],
    );
    const rows = (await auditOf('mf-records')).slice(1);
    assert.deepEqual(
      rows.map((r) => [r.action, r.actor, r.fromVersion, r.toVersion, r.reason]),
      [
        ['deploy', 'records team CI', null, 'v1', 'first deploy'],
        ['activate', 'records team CI', recordsBuiltin, 'v1', 'first deploy'],
      ],
    );
  });

  it('another instance materialises the version from its folder, checked against its integrity, before serving it', async () => {
    const other = await otherInstance();
    const there = served(other, 'mf-records');
    assert.equal(there.version, 'v1');
    assert.ok(there.filesDir.startsWith(path.join(other.config.dataDir, 'remote-versions')));
    assert.equal(readFileSync(path.join(there.filesDir, 'routes.json'), 'utf8'), readFileSync(path.join(buildsRoot, 'mf-records/v1/routes.json'), 'utf8'));
    assert.ok(other.remoteRegistry.ready());

    // a version whose files the host no longer has (or has changed) is not served half-ready
    const v1b = build('mf-records/v1b');
    assert.equal((await deploy('mf-records', deployBody(host.origin, v1b, 'v1b', { expectedActiveVersion: 'v1' }))).statusCode, 201);
    writeFileSync(path.join(buildsRoot, 'mf-records/v1b/routes.json'), '[]');
    await other.remoteRegistry.refresh();
    assert.equal(served(other, 'mf-records').version, 'v1', 'the previous version is served on');
    assert.equal(other.remoteRegistry.ready(), false);
    assert.equal(existsSync(path.join(other.config.dataDir, 'remote-versions', 'mf-records', 'v1b')), false);
    // the host has it right again: the next refresh serves it
    writeFileSync(path.join(buildsRoot, 'mf-records/v1b/routes.json'), v1b.contents.get('routes.json')!);
    await other.remoteRegistry.refresh();
    assert.equal(served(other, 'mf-records').version, 'v1b');
    assert.ok(other.remoteRegistry.ready());
    // back to v1 for the tests that follow
    const back = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/rollback', headers: auth(operator), payload: { toVersion: 'v1' } });
    assert.equal(back.statusCode, 200, back.body);
    await t.app.remoteRegistry.refresh();
  });

  describe('refuses a version with 422, listing every reason, and changes nothing', () => {
    async function refused(remoteId: string, body: DeployRemoteVersion): Promise<string[]> {
      const before = await remoteOf(remoteId);
      const folder = path.join(t.config.dataDir, 'remote-versions', remoteId);
      const folders = existsSync(folder) ? readdirSync(folder).sort() : [];
      const res = await deploy(remoteId, body);
      assert.equal(res.statusCode, 422, res.body);
      const after = await remoteOf(remoteId);
      assert.deepEqual(after, before, 'nothing changed');
      assert.deepEqual(existsSync(folder) ? readdirSync(folder).sort() : [], folders, 'no files were kept');
      return reasonsOf(res.body);
    }

    it('originNotAllowed: fetches nothing from an origin not in REMOTE_ORIGINS', async () => {
      const b = build('mf-records/origin');
      host.requests.length = 0;
      assert.deepEqual(await refused('mf-records', { ...deployBody(host.origin, b, 'o1', { expectedActiveVersion: 'v1' }), manifestUrl: 'https://static.example/mf-records/o1/mf-manifest.json' }), ['originNotAllowed']);
      assert.deepEqual(await refused('mf-records', { ...deployBody(host.origin, b, 'o1', { expectedActiveVersion: 'v1' }), manifestUrl: `${host.origin.replace('127.0.0.1', 'localhost')}/mf-records/origin/mf-manifest.json` }), ['originNotAllowed']);
      assert.equal(host.requests.length, 0);
    });

    it('unreachable: the manifest, the entry or a server-side file cannot be fetched', async () => {
      const b = build('mf-records/unreachable');
      assert.deepEqual(await refused('mf-records', { ...deployBody(host.origin, b, 'u1', { expectedActiveVersion: 'v1' }), manifestUrl: `${host.origin}/mf-records/nowhere/mf-manifest.json` }), ['unreachable']);
      rmSync(path.join(buildsRoot, 'mf-records/unreachable/remoteEntry.js'));
      rmSync(path.join(buildsRoot, 'mf-records/unreachable/prerender/index.cjs'));
      assert.deepEqual(await refused('mf-records', deployBody(host.origin, b, 'u2', { expectedActiveVersion: 'v1' })), ['unreachable', 'unreachable']);
    });

    it('integrityMismatch: bytes that are not the ones the integrity names', async () => {
      const b = build('mf-records/integrity');
      const other = build('mf-records/integrity-other');
      const body = deployBody(host.origin, b, 'i1', { expectedActiveVersion: 'v1' });
      assert.deepEqual(await refused('mf-records', { ...body, integrity: { ...body.integrity, entry: other.integrity.entry } }), ['integrityMismatch', 'integrityMismatch']);
      assert.deepEqual(await refused('mf-records', { ...body, files: { ...body.files, 'text-files.json': other.files['text-files.json']! } }), ['integrityMismatch']);
    });

    it('sharedOutOfRange: a shared singleton the shell provides at a version outside the range', async () => {
      const b = build('mf-records/shared', {
        shared: [
          { name: 'react', requiredVersion: '^20.0.0' },
          { name: 'react-dom', requiredVersion: '^19.0.0' },
          { name: 'zustand', requiredVersion: '~4.5.0' },
          // not the shell's: the remote brings its own
          { name: 'left-pad', requiredVersion: '^9.0.0' },
        ],
      });
      const res = await deploy('mf-records', deployBody(host.origin, b, 's1', { expectedActiveVersion: 'v1' }));
      assert.equal(res.statusCode, 422);
      const body = res.json() as VersionRefusedBody;
      assert.deepEqual(body.reasons.map((r) => r.code), ['sharedOutOfRange', 'sharedOutOfRange']);
      assert.match(body.reasons[0]!.message, /react: the remote requires \^20\.0\.0, the shell provides 19\./);
    });

    it('routesInvalid: a routes.json shared-api’s schema refuses', async () => {
      const routes = fixtureRoutes('mf-records') as Record<string, unknown>[];
      const b = build('mf-records/routes', { routes: [{ ...routes[0], kind: 'whenever' }] });
      assert.deepEqual(await refused('mf-records', deployBody(host.origin, b, 'r1', { expectedActiveVersion: 'v1' })), ['routesInvalid']);
    });

    it("routeConflict: a route id or a path another remote or the shell owns", async () => {
      const routes = fixtureRoutes('mf-records') as { id: string; paths: Record<string, string> }[];
      const b = build('mf-records/conflict', {
        routes: [
          ...routes,
          { id: 'front-page', paths: { fi: 'etusivu-2', sv: 'startsida-2', en: 'front-2' }, kind: 'logged-in' },
          { id: 'records.visits-again', paths: { fi: 'viestit/:x', sv: 'x-sv', en: 'x-en' }, kind: 'logged-in' },
        ],
      });
      const res = await deploy('mf-records', deployBody(host.origin, b, 'c1', { expectedActiveVersion: 'v1' }));
      const body = res.json() as VersionRefusedBody;
      assert.equal(res.statusCode, 422);
      const conflicts = body.reasons.filter((r) => r.code === 'routeConflict').map((r) => r.message);
      assert.ok(conflicts.some((m) => m.includes('front-page') && m.includes("shell's")), conflicts.join('\n'));
      assert.ok(conflicts.some((m) => m.includes('/fi/viestit/:x') && m.includes('mf-messaging')), conflicts.join('\n'));
    });

    it('loaderMissing: a page whose server loader is not on this server says the server part ships with the server', async () => {
      const routes = fixtureRoutes('mf-records') as unknown[];
      const b = build('mf-records/loader', { routes: [...routes, { id: 'records.brand-new-page', paths: { fi: 'uusi-sivu', sv: 'ny-sida', en: 'new-page' }, kind: 'logged-in' }] });
      const res = await deploy('mf-records', deployBody(host.origin, b, 'l1', { expectedActiveVersion: 'v1' }));
      assert.equal(res.statusCode, 422);
      const body = res.json() as VersionRefusedBody;
      assert.deepEqual(body.reasons.map((r) => r.code), ['loaderMissing']);
      assert.match(body.reasons[0]!.message, /records\.brand-new-page.*server part of a feature ships with the server/);
    });

    it('messagesMissing: a catalogue without a key another language has, or a language without texts', async () => {
      const missingKey = build('mf-records/messages', { messages: { fi: { 'records.a': 'A', 'records.b': 'B' }, sv: { 'records.a': 'A' }, en: { 'records.a': 'A', 'records.b': 'B' } } });
      const res = await deploy('mf-records', deployBody(host.origin, missingKey, 'm1', { expectedActiveVersion: 'v1' }));
      assert.equal(res.statusCode, 422);
      const body = res.json() as VersionRefusedBody;
      assert.deepEqual(body.reasons.map((r) => r.code), ['messagesMissing']);
      assert.match(body.reasons[0]!.message, /sv lacks 1 key another language has: records\.b/);
      const missingLang = build('mf-records/messages-lang', { messages: { fi: { 'records.a': 'A' }, en: { 'records.a': 'A' } } });
      assert.deepEqual(await refused('mf-records', deployBody(host.origin, missingLang, 'm2', { expectedActiveVersion: 'v1' })), ['messagesMissing']);
    });

    it('prerenderFailed: a pre-render bundle that does not load', async () => {
      const b = build('mf-records/prerender', { prerender: "throw new Error('the bundle is broken');" });
      assert.deepEqual(await refused('mf-records', deployBody(host.origin, b, 'p1', { expectedActiveVersion: 'v1' })), ['prerenderFailed']);
      const noRender = build('mf-records/prerender-2', { prerender: 'exports.somethingElse = 1;' });
      assert.deepEqual(await refused('mf-records', deployBody(host.origin, noRender, 'p2', { expectedActiveVersion: 'v1' })), ['prerenderFailed']);
    });

    it('versionExists: a version id names one build for good', async () => {
      const b = build('mf-records/again');
      assert.deepEqual(await refused('mf-records', deployBody(host.origin, b, 'v1', { expectedActiveVersion: 'v1' })), ['versionExists']);
    });

    it('lists several reasons at once', async () => {
      const routes = fixtureRoutes('mf-records') as unknown[];
      const b = build('mf-records/many', {
        shared: [{ name: 'react', requiredVersion: '^18.0.0' }],
        messages: { fi: { 'records.a': 'A' }, sv: { 'records.a': 'A' }, en: { 'records.b': 'B' } },
        routes: [...routes, { id: 'login', paths: { fi: 'kirjaudu', sv: 'logga-in', en: 'login' }, kind: 'anonymous' }],
        prerender: 'syntax error here(',
      });
      const codes = await refused('mf-records', deployBody(host.origin, b, 'v1', { expectedActiveVersion: 'v1' }));
      for (const code of ['versionExists', 'sharedOutOfRange', 'messagesMissing', 'routeConflict', 'prerenderFailed']) assert.ok(codes.includes(code), `${code} in ${codes.join(', ')}`);
    });

    it('a body the schema refuses is a 400 naming the field', async () => {
      const b = build('mf-records/bad-body');
      const body = deployBody(host.origin, b, 'x', { expectedActiveVersion: 'v1' });
      for (const [field, value] of [
        ['version', '../etc'],
        ['version', 'builtin-0123456789ab'],
        ['manifestUrl', 'ftp://static.example/mf-manifest.json'],
        ['canaryPercent', 100],
      ] as const) {
        const res = await deploy('mf-records', { ...body, [field]: value });
        assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
        assert.ok((res.json() as { details: { path: string }[] }).details.some((d) => d.path === field), res.body);
      }
      const badPath = await deploy('mf-records', { ...body, files: { ...body.files, '../secret': body.integrity.entry } });
      assert.equal(badPath.statusCode, 400, badPath.body);
    });
  });

  it('409 when the active version is not the one the caller expects; nothing changes', async () => {
    const b = build('mf-records/expect');
    const res = await deploy('mf-records', deployBody(host.origin, b, 'e1', { expectedActiveVersion: recordsBuiltin }));
    assert.equal(res.statusCode, 409, res.body);
    const body = res.json() as RegistryConflictBody;
    assert.equal(body.type, 'Conflict');
    assert.equal(body.activeVersion, 'v1');
    assert.equal(await activeOf('mf-records'), 'v1');
    assert.ok(!(await remoteOf('mf-records')).versions.some((v) => v.version === 'e1'));
  });

  it('two remotes deploying at once both land; one remote twice at once: exactly one lands, the other is 409', async () => {
    const records = build('mf-records/v2');
    const messaging = build('mf-messaging/m1', { remoteId: 'mf-messaging' });
    const messagingBuiltin = await activeOf('mf-messaging');
    const [a, b] = await Promise.all([
      deploy('mf-records', deployBody(host.origin, records, 'v2', { expectedActiveVersion: 'v1' }), recordsTeam),
      deploy('mf-messaging', deployBody(host.origin, messaging, 'm1', { expectedActiveVersion: messagingBuiltin }), messagingTeam),
    ]);
    assert.equal(a.statusCode, 201, a.body);
    assert.equal(b.statusCode, 201, b.body);
    assert.equal(await activeOf('mf-records'), 'v2');
    assert.equal(await activeOf('mf-messaging'), 'm1');

    const x = build('mf-records/v3a');
    const y = build('mf-records/v3b');
    const both = await Promise.all([
      deploy('mf-records', deployBody(host.origin, x, 'v3a', { expectedActiveVersion: 'v2' })),
      deploy('mf-records', deployBody(host.origin, y, 'v3b', { expectedActiveVersion: 'v2' })),
    ]);
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [201, 409], both.map((r) => r.body).join('\n'));
    const winner = both[0]!.statusCode === 201 ? 'v3a' : 'v3b';
    assert.equal(await activeOf('mf-records'), winner);
    const versions = (await remoteOf('mf-records')).versions.map((v) => v.version);
    assert.ok(!versions.includes(winner === 'v3a' ? 'v3b' : 'v3a'), 'the loser was not recorded');
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-records').version, winner);
    assert.equal(served(t.app, 'mf-messaging').version, 'm1');
  });

  it('rolls back to the version active before, or to a given one; 404 for an unknown version, 409 on a mismatch', async () => {
    const current = (await activeOf('mf-records'))!;
    const rollback = (payload: object) => t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/rollback', headers: auth(recordsTeam), payload });
    const back = await rollback({ reason: 'errors in production' });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(back.json().activeVersion, 'v2');
    const to = await rollback({ toVersion: 'v1', expectedActiveVersion: 'v2' });
    assert.equal(to.statusCode, 200, to.body);
    assert.equal(await activeOf('mf-records'), 'v1');
    assert.equal((await rollback({ toVersion: 'nope' })).statusCode, 404);
    const mismatch = await rollback({ toVersion: 'v2', expectedActiveVersion: 'v2' });
    assert.equal(mismatch.statusCode, 409);
    assert.equal((mismatch.json() as RegistryConflictBody).activeVersion, 'v1');
    // without a body: back to the one before (v2)
    const bare = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/rollback', headers: auth(recordsTeam) });
    assert.equal(bare.statusCode, 200, bare.body);
    assert.equal(await activeOf('mf-records'), 'v2');
    const rows = (await auditOf('mf-records')).filter((r) => r.action === 'rollback').slice(-3);
    assert.deepEqual(
      rows.map((r) => [r.actor, r.fromVersion, r.toVersion]),
      [
        ['records team CI', current, 'v2'],
        ['records team CI', 'v2', 'v1'],
        ['records team CI', 'v1', 'v2'],
      ],
    );
    assert.equal(rows[0]!.reason, 'errors in production');
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-records').version, 'v2');
  });

  it('a canary serves the visitors whose bucket is below its percent, stickily; promote and abort', async () => {
    const c1 = build('mf-records/c1');
    const res = await deploy('mf-records', deployBody(host.origin, c1, 'c1', { expectedActiveVersion: 'v2', canaryPercent: 10 }));
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json(), { remoteId: 'mf-records', version: 'c1', state: 'canary', previousVersion: 'v2' });
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-records', 3).version, 'c1');
    assert.equal(served(t.app, 'mf-records', 3).canary, true);
    assert.equal(served(t.app, 'mf-records', 9).version, 'c1');
    assert.equal(served(t.app, 'mf-records', 10).version, 'v2');
    assert.equal(served(t.app, 'mf-records', 97).version, 'v2');
    assert.equal(served(t.app, 'mf-records', 97).canary, false);
    // sticky: the same bucket, the same answer
    assert.equal(t.app.remoteRegistry.viewFor(3), t.app.remoteRegistry.viewFor(3));
    assert.deepEqual(
      t.app.remoteRegistry
        .allServed()
        .filter((r) => r.id === 'mf-records')
        .map((r) => r.version)
        .sort(),
      ['c1', 'v2'],
    );
    assert.deepEqual((await remoteOf('mf-records')).canary, { version: 'c1', percent: 10 });
    // one canary at a time, and no other deploy while it runs
    const another = await deploy('mf-records', deployBody(host.origin, build('mf-records/c1b'), 'c1b', { expectedActiveVersion: 'v2' }));
    assert.equal(another.statusCode, 409, another.body);

    const promote = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/canary/promote', headers: auth(recordsTeam), payload: { reason: 'looks good' } });
    assert.equal(promote.statusCode, 200, promote.body);
    assert.deepEqual(promote.json().canary, null);
    assert.equal(promote.json().activeVersion, 'c1');
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-records', 97).version, 'c1');
    assert.equal(served(t.app, 'mf-records', 3).canary, false);

    const noCanary = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/canary/abort', headers: auth(recordsTeam) });
    assert.equal(noCanary.statusCode, 409);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/canary/promote', headers: auth(recordsTeam), payload: {} })).statusCode, 409);

    const c2 = build('mf-records/c2');
    assert.equal((await deploy('mf-records', deployBody(host.origin, c2, 'c2', { expectedActiveVersion: 'c1', canaryPercent: 25 }))).statusCode, 201);
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-records', 24).version, 'c2');
    const abort = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/canary/abort', headers: auth(recordsTeam), payload: { reason: 'wrong colours' } });
    assert.equal(abort.statusCode, 200, abort.body);
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-records', 24).version, 'c1');
    assert.equal(await activeOf('mf-records'), 'c1');

    const actions = (await auditOf('mf-records')).map((r) => r.action);
    assert.deepEqual(actions.slice(-6), ['deploy', 'canary', 'promote', 'deploy', 'canary', 'abort']);
    const abortRow = (await auditOf('mf-records')).at(-1)!;
    assert.deepEqual([abortRow.actor, abortRow.fromVersion, abortRow.toVersion, abortRow.reason], ['records team CI', 'c2', 'c1', 'wrong colours']);
  });

  it('aborts a canary by itself when its error rate exceeds the active version’s by more than the margin', async () => {
    const registry = t.app.remoteRegistry;
    const c3 = build('mf-records/c3');
    assert.equal((await deploy('mf-records', deployBody(host.origin, c3, 'c3', { expectedActiveVersion: 'c1', canaryPercent: 50 }))).statusCode, 201);
    await registry.refresh();
    assert.equal(served(t.app, 'mf-records', 10).version, 'c3');

    for (let i = 0; i < 100; i++) registry.countServed('mf-records', 'c1');
    registry.countClientError('mf-records', 'c1');
    // fewer than the minimum served: not judged yet, however bad
    for (let i = 0; i < CANARY_MIN_SESSIONS - 1; i++) registry.countServed('mf-records', 'c3');
    for (let i = 0; i < 10; i++) registry.countClientError('mf-records', 'c3');
    // versions not served now are not counted (the beacon's remote and version come from browsers)
    registry.countServed('mf-records', 'v1');
    registry.countClientError('mf-nothing', 'x');
    await registry.refresh();
    assert.deepEqual((await remoteOf('mf-records')).canary, { version: 'c3', percent: 50 });
    assert.deepEqual((await remoteOf('mf-records')).counts, { active: { served: 100, clientErrors: 1 }, canary: { served: CANARY_MIN_SESSIONS - 1, clientErrors: 10 } });

    registry.countServed('mf-records', 'c3');
    await registry.refresh();
    const after = await remoteOf('mf-records');
    assert.equal(after.canary, null);
    assert.equal(after.activeVersion, 'c1');
    assert.equal(served(t.app, 'mf-records', 10).version, 'c1', 'the canary is no longer served');
    const row = (await auditOf('mf-records')).at(-1)!;
    assert.equal(row.action, 'auto-abort');
    assert.equal(row.actor, 'canary watch');
    assert.deepEqual([row.fromVersion, row.toVersion], ['c3', 'c1']);
    assert.match(row.reason ?? '', /error rate 0\.500 \(10\/20\).*0\.010 \(1\/100\)/);

    // a canary within the margin stays
    const c4 = build('mf-records/c4');
    assert.equal((await deploy('mf-records', deployBody(host.origin, c4, 'c4', { expectedActiveVersion: 'c1', canaryPercent: 5 }))).statusCode, 201);
    await registry.refresh();
    for (let i = 0; i < 40; i++) registry.countServed('mf-records', 'c4');
    registry.countClientError('mf-records', 'c4');
    await registry.refresh();
    assert.deepEqual((await remoteOf('mf-records')).canary, { version: 'c4', percent: 5 });
    const abort = await t.app.inject({ method: 'POST', url: '/api/remote-registry/mf-records/canary/abort', headers: auth(operator) });
    assert.equal(abort.statusCode, 200);
    await registry.refresh();
  });

  it('a rebuilt server’s built-in replaces an older built-in, but never a deployed version', async () => {
    // another server started from another build of the remotes: mf-account rebuilt, mf-records too
    const distRoot = mkdtempSync(path.join(os.tmpdir(), 'portal-registry-dist-'));
    otherDirs.push(distRoot);
    cpSync(path.join(fixturesDir, 'remotes'), distRoot, { recursive: true });
    writeFileSync(path.join(distRoot, 'mf-account', 'dist', 'mf-manifest.json'), JSON.stringify({ id: 'mf_account', name: 'mf_account', metaData: {} }));
    writeFileSync(path.join(distRoot, 'mf-records', 'dist', 'mf-manifest.json'), JSON.stringify({ id: 'mf_records', name: 'mf_records', metaData: { rebuilt: true } }));
    const accountBefore = await activeOf('mf-account');
    assert.equal(accountBefore, 'builtin-nobuild');

    const other = await otherInstance({ REMOTES_DIST_ROOT: distRoot });
    const accountNow = await activeOf('mf-account');
    assert.match(accountNow ?? '', /^builtin-[0-9a-f]{12}$/);
    assert.notEqual(accountNow, accountBefore);
    assert.equal(await activeOf('mf-records'), 'c1', 'a deployed version stays active');
    const row = (await auditOf('mf-account')).at(-1)!;
    assert.deepEqual([row.action, row.actor, row.fromVersion, row.toVersion], ['builtin', 'server start', 'builtin-nobuild', accountNow]);
    assert.equal(served(other, 'mf-account').filesDir, path.join(distRoot, 'mf-account', 'dist'));
    assert.equal(served(other, 'mf-account').version, accountNow);
    await t.app.remoteRegistry.refresh();
    assert.equal(served(t.app, 'mf-account').version, accountNow);

    // the same build started again changes nothing (and clears what a crashed deploy left half-staged)
    const rows = (await auditOf('mf-account')).length;
    const stale = (dataDir: string) => path.join(dataDir, 'remote-versions', 'mf-records', '.staging-2147483646-dead');
    const again = await otherInstance({ REMOTES_DIST_ROOT: distRoot }, (dataDir) => {
      mkdirSync(stale(dataDir), { recursive: true });
      writeFileSync(path.join(stale(dataDir), 'routes.json'), '[');
    });
    assert.equal((await auditOf('mf-account')).length, rows);
    assert.equal(existsSync(stale(again.config.dataDir)), false);

    // a built-in can be rolled back to only by a server whose disk has that build
    const rollback = (app: FastifyInstance, toVersion: string) => app.inject({ method: 'POST', url: '/api/remote-registry/mf-account/rollback', headers: auth(operator), payload: { toVersion } });
    const toOwn = await rollback(t.app, 'builtin-nobuild');
    assert.equal(toOwn.statusCode, 200, toOwn.body);
    const notHere = await rollback(t.app, accountNow!);
    assert.equal(notHere.statusCode, 409, notHere.body);
    assert.match((notHere.json() as RegistryConflictBody).message, /no longer here/);
    const there = await rollback(other, accountNow!);
    assert.equal(there.statusCode, 200, there.body);
  });

  // Last: it makes every remote's active version a new one.
  it("every remote's own routes.json passes; pages of one path shape are told apart by their parameters' patterns", async () => {
    const repoRoot = path.resolve(fixturesDir, '..', '..', '..');
    const ownRoutes = (remoteId: string) => JSON.parse(readFileSync(path.join(repoRoot, remoteId, 'routes.json'), 'utf8')) as { id: string; params?: Record<string, string> }[];

    // mf-booking's appointment page has one path for a signed-in patient (`varaus/:ids`, numbers)
    // and for a visitor's link (`varaus/:token`, with a letter): without the token's pattern they clash
    const unpatterned = ownRoutes('mf-booking').map((route) => (route.id === 'booking.anonymous-appointment' ? { ...route, params: {} } : route));
    const clash = await deploy('mf-booking', deployBody(host.origin, build('mf-booking/clash', { remoteId: 'mf-booking', routes: unpatterned }), 'clash', { expectedActiveVersion: await activeOf('mf-booking') }));
    assert.equal(clash.statusCode, 422, clash.body);
    const messages = (clash.json() as VersionRefusedBody).reasons.map((r) => `${r.code}: ${r.message}`);
    assert.ok(messages.includes("routeConflict: The fi path /fi/varaus/:token is both booking.appointment's and booking.anonymous-appointment's"), messages.join('\n'));

    for (const remoteId of ['mf-messaging', 'mf-booking', 'mf-records', 'mf-account', 'mf-payments']) {
      const own = build(`${remoteId}/own-routes`, { remoteId, routes: ownRoutes(remoteId) });
      const res = await deploy(remoteId, deployBody(host.origin, own, 'own-routes', { expectedActiveVersion: await activeOf(remoteId) }));
      assert.equal(res.statusCode, 201, `${remoteId}: ${res.body}`);
    }
  });
});
