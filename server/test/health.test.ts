/**
 * Health for load balancers (issue 30): GET /livez answers while the process does, GET /readyz
 * answers 200 only when the database answers and is migrated, the remote registry is loaded, every
 * added check holds and the instance is not draining; 503 otherwise, naming the check.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/app';
import type { Database, DatabaseHandle } from '../src/db/index';
import { NotReady } from '../src/modules/health/index';
import { createStaticRemoteRegistry } from '../src/pages/static-remote-registry';
import { createTestApp, openTestDatabase, testConfig, waitFor, type TestApp } from './helpers';

const ALL_OK = { database: 'ok', migrations: 'ok', remoteRegistry: 'ok' };

interface ReadyzBody {
  status: string;
  checks: Record<string, string>;
}

async function readyz(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { response, body: response.json<ReadyzBody>() };
}

/** The registry's first read may still be on its way when the app is ready: wait for it, at most 10 s. */
async function untilReady(app: FastifyInstance) {
  return waitFor('readyz answers 200', async () => {
    const answer = await readyz(app);
    return answer.response.statusCode === 200 ? answer : undefined;
  }, 10_000, 100);
}

/**
 * Keeps every connection of the database busy until released: PGlite's one connection inside an
 * open transaction, or every connection of the PostgreSQL pool checked out. A statement then waits
 * as it would on a database that has stopped answering.
 */
async function holdDatabase(db: Database): Promise<() => void> {
  const client = (db as unknown as { $client: object }).$client;
  if ('transaction' in client && 'exec' in client) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const pglite = client as { transaction(run: () => Promise<void>): Promise<void> };
    void pglite.transaction(async () => {
      started();
      await released;
    });
    await holding;
    return release;
  }
  const pool = client as pg.Pool;
  const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
  return () => held.forEach((connection) => connection.release());
}

/** An app built by hand, for what createTestApp does not vary: its database handle or its remote registry. */
async function buildTestApp(options: { database: DatabaseHandle; registryReady?: () => boolean }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-health-'));
  const config = testConfig(dataDir);
  const registry = createStaticRemoteRegistry(config);
  const app = await buildApp(config, {
    database: options.database,
    prepareDatabase: false,
    logger: false,
    ...(options.registryReady ? { remoteRegistry: { ...registry, ready: options.registryReady } } : {}),
  });
  await app.ready();
  const close = async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, close };
}

describe('GET /livez and GET /readyz', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_CLIENT: '4' });
  });
  after(async () => t?.close());

  it('answer 200 when the process is up and everything it needs is there, never to be cached', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/livez' });
    assert.equal(live.statusCode, 200);
    assert.deepEqual(live.json(), { status: 'ok' });
    assert.equal(live.headers['cache-control'], 'no-store');
    assert.equal(live.headers['set-cookie'], undefined);

    const { response, body } = await untilReady(t.app);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body, { status: 'ready', checks: ALL_OK });
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['content-type']), /^application\/json/);
    assert.notEqual(response.headers.connection, 'close', 'kept alive while not draining');

    // the alias the scripts wait on
    const healthz = await t.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(healthz.statusCode, 200);
    assert.deepEqual(healthz.json(), { status: 'ok' });
  });

  it('are never rate limited, nor count towards the client’s limit', async () => {
    const from = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.30' });
    for (let i = 0; i < 10; i++) {
      assert.equal((await from('/livez')).statusCode, 200, `livez ${i}`);
      assert.equal((await from('/readyz')).statusCode, 200, `readyz ${i}`);
    }
    // The same address's ordinary calls still have their whole minute's allowance (4), and no more.
    const pages = [];
    for (let i = 0; i < 5; i++) pages.push((await from('/fi/kirjaudu')).statusCode);
    assert.deepEqual(pages, [200, 200, 200, 200, 429]);
    assert.equal((await from('/readyz')).statusCode, 200, 'a limited client is probed as ever');
  });

  it('answer 503 naming the migration this database lacks', async () => {
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const { response, body } = await readyz(t.app);
    assert.equal(response.statusCode, 503);
    assert.deepEqual(body, { status: 'not-ready', checks: { ...ALL_OK, migrations: 'pending' } });
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode, 200, 'alive all the same');
  });

  it('answer 503 naming the migrations when drizzle never migrated the database', async () => {
    await t.database.db.execute(sql`alter table drizzle.__drizzle_migrations rename to __drizzle_migrations_away`);
    try {
      const { response, body } = await readyz(t.app);
      assert.equal(response.statusCode, 503);
      assert.equal(body.checks.migrations, 'pending');
      assert.equal(body.checks.database, 'ok');
    } finally {
      await t.database.db.execute(sql`alter table drizzle.__drizzle_migrations_away rename to __drizzle_migrations`);
    }
  });
});

describe('GET /readyz with the database in trouble', () => {
  it('answers 503 within about a second when the database does not answer, and 200 again once it does', async () => {
    const t = await createTestApp();
    try {
      await untilReady(t.app);
      const release = await holdDatabase(t.database.db);
      let held: Awaited<ReturnType<typeof readyz>>;
      const started = Date.now();
      try {
        held = await readyz(t.app);
      } finally {
        release();
      }
      const took = Date.now() - started;
      assert.equal(held.response.statusCode, 503);
      assert.equal(held.body.status, 'not-ready');
      assert.equal(held.body.checks.database, 'timeout');
      // the check's own bound (1 s), not the pool's connection timeout (5 s) nor the balancer's
      assert.ok(took >= 900 && took < 3000, `answered after ${took} ms`);
      assert.equal((await t.app.inject({ method: 'GET', url: '/livez' })).statusCode, 200, 'livez reads nothing');

      const again = await untilReady(t.app);
      assert.equal(again.response.statusCode, 200);
      assert.deepEqual(again.body.checks, ALL_OK);
    } finally {
      await t.close();
    }
  });

  it('answers 503 naming the database when its connection is gone', async () => {
    const database = await openTestDatabase();
    const built = await buildTestApp({ database });
    try {
      assert.equal((await untilReady(built.app)).response.statusCode, 200);
      await database.close();
      const { response, body } = await readyz(built.app);
      assert.equal(response.statusCode, 503);
      assert.equal(body.status, 'not-ready');
      assert.equal(body.checks.database, 'unreachable');
      assert.equal(body.checks.remoteRegistry, 'ok');
      assert.doesNotMatch(response.body, /error|stack|postgres:\/\/|closed|pool/i, 'names the state only');
    } finally {
      await built.close();
    }
  });
});

describe('GET /readyz and the rest of the instance', () => {
  let database: DatabaseHandle;
  before(async () => {
    database = await openTestDatabase();
  });
  after(async () => database?.close());

  it('answers 503 naming the remote registry until it has loaded', async () => {
    let loaded = false;
    const built = await buildTestApp({ database, registryReady: () => loaded });
    try {
      const loading = await readyz(built.app);
      assert.equal(loading.response.statusCode, 503);
      assert.deepEqual(loading.body, { status: 'not-ready', checks: { ...ALL_OK, remoteRegistry: 'loading' } });
      loaded = true;
      const ready = await readyz(built.app);
      assert.equal(ready.response.statusCode, 200);
      assert.deepEqual(ready.body, { status: 'ready', checks: ALL_OK });
    } finally {
      await built.close();
    }
  });

  it('runs the checks other code adds, naming each one’s state and nothing of its error', async () => {
    const built = await buildTestApp({ database, registryReady: () => true });
    try {
      let cacheState: 'ok' | 'down' | 'broken' = 'ok';
      built.app.readiness.addCheck('cache', async () => {
        if (cacheState === 'down') throw new NotReady('unreachable');
        if (cacheState === 'broken') throw new Error('connect ECONNREFUSED redis://:s3cret@10.0.0.7:6379');
      });
      assert.throws(() => built.app.readiness.addCheck('cache', async () => undefined), /cache/);

      assert.deepEqual((await readyz(built.app)).body, { status: 'ready', checks: { ...ALL_OK, cache: 'ok' } });
      cacheState = 'down';
      const down = await readyz(built.app);
      assert.equal(down.response.statusCode, 503);
      assert.deepEqual(down.body, { status: 'not-ready', checks: { ...ALL_OK, cache: 'unreachable' } });
      cacheState = 'broken';
      const broken = await readyz(built.app);
      assert.equal(broken.response.statusCode, 503);
      assert.equal(broken.body.checks.cache, 'failed');
      assert.doesNotMatch(broken.response.body, /s3cret|10\.0\.0\.7|ECONNREFUSED/);

      built.app.readiness.addCheck('hung', () => new Promise<void>(() => undefined));
      const started = Date.now();
      const hung = await readyz(built.app);
      assert.equal(hung.body.checks.hung, 'timeout');
      assert.ok(Date.now() - started < 3000, 'bounded by the check timeout');
    } finally {
      await built.close();
    }
  });

  it('answers 503 while draining, while the instance goes on serving and closes each connection it answers', async () => {
    const built = await buildTestApp({ database, registryReady: () => true });
    try {
      assert.equal((await readyz(built.app)).response.statusCode, 200);
      built.app.readiness.startDraining();
      const { response, body } = await readyz(built.app);
      assert.equal(response.statusCode, 503);
      assert.deepEqual(body, { status: 'draining', checks: ALL_OK });
      const live = await built.app.inject({ method: 'GET', url: '/livez' });
      assert.equal(live.statusCode, 200, 'draining is not dead: no restart');
      assert.equal(live.headers.connection, 'close');
      const page = await built.app.inject({ method: 'GET', url: '/remotes.json' });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers.connection, 'close');
    } finally {
      await built.close();
    }
  });
});

// Redis (REDIS_URL) is every instance's one shared counter store: /readyz names it, but an outage of
// it leaves the instances in the balancer (reads go on, fail open), or one Redis restart would take
// the whole portal out at once.
describe('/readyz with REDIS_URL', () => {
  const liveRedis = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `portal-health-${process.pid}-${Date.now()}:`;

  it('names Redis ok when it answers', async () => {
    const t = await createTestApp({ REDIS_URL: liveRedis, REDIS_KEY_PREFIX: prefix });
    try {
      const { response, body } = await untilReady(t.app);
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(body, { status: 'ready', checks: { ...ALL_OK, redis: 'ok' } });
    } finally {
      await t.close();
    }
  });

  it('stays 200 but says degraded, naming Redis, when Redis does not answer', async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_COMMAND_TIMEOUT_MS: '200' });
    try {
      await untilReady(t.app);
      const { response, body } = await readyz(t.app);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(body.status, 'degraded');
      assert.notEqual(body.checks.redis, 'ok');
      assert.deepEqual({ ...body.checks, redis: 'ok' }, { ...ALL_OK, redis: 'ok' });
    } finally {
      await t.close();
    }
  });
});
