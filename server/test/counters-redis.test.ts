import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { like, sql } from 'drizzle-orm';
import { RESERVE_APPOINTMENT_PATH } from '@portal/shared-api';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/index';
import { throttled, type CounterBackend } from '../src/counters/index';
import { createMemoryCounters } from '../src/counters/memory';
import { createRedisCounters } from '../src/counters/redis';
import { counterWindows } from '../src/counters/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, openTestDatabase, signIn, testConfig, type TestApp } from './helpers';

/**
 * Issue 30: the limits' counters on Redis (REDIS_URL), shared by every instance, with no database
 * write per API call; what happens when Redis is away (fair use lets calls through, attempts answer
 * 503); and the counter stores themselves on a fake clock.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Nothing listens there: a Redis that is down. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';
const FRONT_PAGE = '/api/pages/front-page?lang=fi';
const MINUTE = 60_000;
/** Keys of their own for each run: the PGlite and PostgreSQL runs may share the Redis at once. */
const prefixOf = (what: string) => `portal-test:${what}:${randomBytes(6).toString('hex')}:`;

async function deleteKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

async function apiRateLimitRows(app: FastifyInstance): Promise<number> {
  const [row] = await app.db.select({ n: sql<number>`count(*)::int` }).from(sql`api_rate_limits`);
  return Number(row?.n);
}

describe('the counter stores on a fake clock', () => {
  /** The last second of a minute window, and the first of the next one. */
  const edge = Math.floor(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
  const prefix = prefixOf('unit');
  const backends: { name: string; open: () => Promise<CounterBackend> }[] = [
    { name: 'memory', open: async () => createMemoryCounters() },
    { name: 'redis', open: () => createRedisCounters({ url: REDIS_URL, keyPrefix: prefix, commandTimeoutMs: 1_000, onConnectionError: () => undefined }) },
  ];
  after(async () => deleteKeys(prefix));

  for (const { name, open } of backends) {
    it(`${name}: counts in fixed windows and reads the previous window with each hit`, async () => {
      const counters = await open();
      try {
        const key = `slide:${Math.random()}`;
        for (let i = 1; i <= 3; i++) assert.deepEqual(await counters.hit(key, MINUTE, edge - 1_000), { current: i, previous: 0, elapsedMs: MINUTE - 1_000, windowMs: MINUTE });
        assert.deepEqual(await counters.peek(key, MINUTE, edge - 1_000), { current: 3, previous: 0, elapsedMs: MINUTE - 1_000, windowMs: MINUTE }, 'peek does not count');
        // the next window: its own count starts again, the previous window's three come with it
        assert.deepEqual(await counters.hit(key, MINUTE, edge + 1_000), { current: 1, previous: 3, elapsedMs: 1_000, windowMs: MINUTE });
        assert.deepEqual(await counters.hit(key, MINUTE, edge + 2_000), { current: 2, previous: 3, elapsedMs: 2_000, windowMs: MINUTE });
        // two windows on, the burst is no longer the previous window
        assert.deepEqual(await counters.hit(key, MINUTE, edge + MINUTE + 1_000), { current: 1, previous: 2, elapsedMs: 1_000, windowMs: MINUTE });
        assert.deepEqual(await counters.peek(key, MINUTE, edge + 3 * MINUTE), { current: 0, previous: 0, elapsedMs: 0, windowMs: MINUTE });
        // keys and window lengths do not mix
        assert.equal((await counters.hit(`${key}:other`, MINUTE, edge + 2_000)).current, 1);
        assert.equal((await counters.hit(key, 10 * MINUTE, edge + 2_000)).previous, 0);
        await counters.ping();
      } finally {
        await counters.close();
      }
    });
  }

  it('memory: a window is forgotten once it can no longer be the previous one, and the oldest go first beyond maxEntries', async () => {
    const counters = createMemoryCounters({ maxEntries: 2 });
    await counters.hit('a', MINUTE, edge - 1_000);
    await counters.hit('b', MINUTE, edge - 1_000);
    await counters.hit('c', MINUTE, edge - 1_000);
    assert.equal((await counters.peek('a', MINUTE, edge - 1_000)).current, 0, 'the oldest key made room');
    assert.equal((await counters.peek('c', MINUTE, edge - 1_000)).current, 1);
    // kept while it can be the previous window
    assert.equal((await counters.peek('c', MINUTE, edge + 30_000)).previous, 1);
  });

  it('redis: a window’s key expires once it can no longer be the previous one', async () => {
    const counters = await createRedisCounters({ url: REDIS_URL, keyPrefix: prefix, commandTimeoutMs: 1_000, onConnectionError: () => undefined });
    try {
      const now = Date.now();
      await counters.hit('ttl', MINUTE, now);
      const start = Math.floor(now / MINUTE) * MINUTE;
      const ttl = await counters.redis.pttl(`${prefix}{ttl}:${start}`);
      assert.ok(ttl > MINUTE && ttl <= 2 * MINUTE + 1_000, `PTTL ${ttl}`);
    } finally {
      await counters.close();
    }
  });

  it('throttled logging: the first event at once, then one line per interval with how many it stands for', () => {
    let now = 0;
    const lines: number[] = [];
    const log = throttled(30_000, (count) => lines.push(count), () => now);
    log();
    for (let i = 0; i < 100; i++) log();
    assert.deepEqual(lines, [1]);
    now = 30_000;
    log();
    assert.deepEqual(lines, [1, 101]);
  });
});

describe('two instances sharing one Redis (REDIS_URL)', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  const prefix = prefixOf('shared');
  before(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-counters-'));
      dirs.push(dataDir);
      const config = testConfig(dataDir, { REDIS_URL, REDIS_KEY_PREFIX: prefix, API_RATE_LIMIT_PER_SESSION: '6' });
      const app = await buildApp(config, { database, prepareDatabase: false, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  after(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await deleteKeys(prefix);
  });

  it('a patient spread over two instances meets one fair-use limit, and no API call writes api_rate_limits', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    assert.equal(first.counterStore.kind, 'redis');
    await first.counterStore.ping();
    const rowsBefore = await apiRateLimitRows(first);
    const tab = await signIn(first, PERSONAS.mikko);
    const phone = await signIn(second, PERSONAS.mikko);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const [app, session] = i % 2 === 0 ? [first, tab] : [second, phone];
      statuses.push((await app.inject({ method: 'GET', url: FRONT_PAGE, headers: session.headers })).statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 429, 429]);
    assert.equal(await apiRateLimitRows(first), rowsBefore);
  });

  it('identification attempts from one address are counted once for both instances, on Redis (60 per 10 minutes)', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const address = '203.0.113.77';
    const start = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op', remoteAddress: address, headers: { accept: 'application/json' } });
    for (let i = 0; i < 60; i++) assert.equal((await start(i % 2 === 0 ? first : second)).statusCode, 303, `attempt ${i + 1}`);
    for (const app of [first, second]) {
      const refused = await start(app);
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
    }
    const rows = await first.db.select().from(counterWindows).where(like(counterWindows.key, `%${address}%`));
    assert.deepEqual(rows, [], 'counted on Redis, not in the database');
  });
});

describe('Redis unreachable', () => {
  let t: TestApp;
  const logLines: string[] = [];
  before(async () => {
    t = await createTestApp({ REDIS_URL: DEAD_REDIS_URL, REDIS_COMMAND_TIMEOUT_MS: '200' }, { logLines });
  });
  after(async () => t?.close());

  it('fair use fails open: ordinary API reads answer 200, counted and logged once', async () => {
    assert.equal(t.app.counterStore.kind, 'redis');
    await assert.rejects(t.app.counterStore.ping());
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = t.app.counterStore.unavailable['fail-open'];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: mikko.headers });
      assert.equal(res.statusCode, 200, res.body);
    }
    assert.equal(t.app.counterStore.unavailable['fail-open'] - before, 5);
    const warned = logLines.filter((line) => line.includes('fair use lets calls through'));
    assert.equal(warned.length, 1, 'one log line, not one per call');
  });

  it('identification and reservations fail closed: 503 with Retry-After, never a 500', async () => {
    const before = t.app.counterStore.unavailable['fail-closed'];
    const authenticate = await t.app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op', headers: { accept: 'application/json' } });
    assert.equal(authenticate.statusCode, 503, authenticate.body);
    assert.equal(authenticate.headers['retry-after'], '5');
    assert.equal(authenticate.json().type, 'ServiceUnavailable');
    assert.equal(authenticate.headers.location, undefined, 'not sent on to the identity broker');

    const mikko = await signIn(t.app, PERSONAS.mikko);
    const reservation = await t.app.inject({
      method: 'POST',
      url: `${RESERVE_APPOINTMENT_PATH}?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
      headers: mikko.headers,
      payload: { internalOrganization: 'portal', appointmentId: '999999999', healthcareType: 'private', description: 'x', emailAddress: 'mikko.virtanen@example.fi', phone: '040 555 0101' },
    });
    assert.equal(reservation.statusCode, 503, reservation.body);
    assert.equal(reservation.headers['retry-after'], '5');
    assert.equal(t.app.counterStore.unavailable['fail-closed'] - before, 2);
    assert.ok(logLines.some((line) => line.includes('attempts refused with 503')));
    assert.ok(!logLines.some((line) => line.includes('"statusCode":500')));
  });
});

describe('Redis hung (accepts connections, never answers)', () => {
  let t: TestApp;
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  let startedInMs = 0;
  let baselineMs = 0;
  before(async () => {
    // the same app without Redis first: what a start costs on this machine now (a busy CI machine
    // takes tens of seconds for the database alone), so the assertion below measures Redis's share
    const baselineStarted = Date.now();
    await (await createTestApp()).close();
    baselineMs = Date.now() - baselineStarted;
    silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_COMMAND_TIMEOUT_MS: '200' });
    startedInMs = Date.now() - started;
  });
  after(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    silent?.close();
  });

  it('the server starts, reads answer 200 and attempts 503, each without waiting on Redis', async () => {
    // the database's own start takes most of it; the connect timeout (1 s) bounds Redis's share,
    // where a start that waited on the silent Redis would never end
    assert.ok(startedInMs < baselineMs * 1.5 + 10_000, `started in ${startedInMs} ms, ${baselineMs} ms without Redis`);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const readAt = Date.now();
    assert.equal((await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: mikko.headers })).statusCode, 200);
    const authenticate = await t.app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op', headers: { accept: 'application/json' } });
    assert.equal(authenticate.statusCode, 503);
    assert.equal(authenticate.headers['retry-after'], '5');
    assert.ok(Date.now() - readAt < 5_000, `${Date.now() - readAt} ms for a read and an attempt`);
  });
});
