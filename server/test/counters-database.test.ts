import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { like } from 'drizzle-orm';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/index';
import { createDatabaseCounters } from '../src/counters/database';
import { counterWindows } from '../src/counters/schema';
import { openTestDatabase, testConfig } from './helpers';

/**
 * Issue 32: the attempt limits count with the one limiter on the database counter store when there
 * is no REDIS_URL, so instances on one database share them (a guesser gets no allowance per
 * instance); fair use stays in each instance's memory. The Redis and memory stores' own tests are in
 * counters-redis.test.ts.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the database counter store on a fake clock', () => {
  /** The last second of a minute window, and the first of the next one. */
  const edge = Math.floor(Date.now() / HOUR) * HOUR + 10 * HOUR;
  let database: DatabaseHandle;
  before(async () => {
    database = await openTestDatabase();
  });
  after(async () => database?.close());

  it('counts in fixed windows and reads the previous window with each hit, as the memory and Redis stores do', async () => {
    const counters = createDatabaseCounters(database.db);
    const key = `slide:${Math.random()}`;
    for (let i = 1; i <= 3; i++) assert.deepEqual(await counters.hit(key, MINUTE, edge - 1_000), { current: i, previous: 0, elapsedMs: MINUTE - 1_000, windowMs: MINUTE });
    assert.deepEqual(await counters.peek(key, MINUTE, edge - 1_000), { current: 3, previous: 0, elapsedMs: MINUTE - 1_000, windowMs: MINUTE }, 'peek does not count');
    assert.deepEqual(await counters.hit(key, MINUTE, edge + 1_000), { current: 1, previous: 3, elapsedMs: 1_000, windowMs: MINUTE });
    assert.deepEqual(await counters.hit(key, MINUTE, edge + 2_000), { current: 2, previous: 3, elapsedMs: 2_000, windowMs: MINUTE });
    assert.deepEqual(await counters.hit(key, MINUTE, edge + MINUTE + 1_000), { current: 1, previous: 2, elapsedMs: 1_000, windowMs: MINUTE });
    assert.deepEqual(await counters.peek(key, MINUTE, edge + 3 * MINUTE), { current: 0, previous: 0, elapsedMs: 0, windowMs: MINUTE });
    assert.equal((await counters.hit(`${key}:other`, MINUTE, edge + 2_000)).current, 1);
    assert.equal((await counters.hit(key, 10 * MINUTE, edge + 2_000)).previous, 0);
    await counters.ping();
  });

  it('a minute limit’s sweep leaves the hourly windows alone, and old windows go', async () => {
    const counters = createDatabaseCounters(database.db);
    const hourly = `hourly:${Math.random()}`;
    const stale = `stale:${Math.random()}`;
    await counters.hit(stale, MINUTE, edge - 2 * 24 * HOUR);
    await counters.hit(hourly, HOUR, edge - 1_000);
    // the sweep runs 1 in 50 hits: enough minute hits that it surely ran (the chance it never does is 0.98^500)
    for (let i = 0; i < 500; i++) await counters.hit(`minute:${i % 5}`, MINUTE, edge + 1_000);
    assert.equal((await counters.peek(hourly, HOUR, edge + 1_000)).previous, 1, 'the hour before is still the previous window');
    const rows = await database.db.select().from(counterWindows).where(like(counterWindows.key, `${stale}%`));
    assert.deepEqual(rows, [], 'a window two days old is swept');
  });
});

describe('two instances on one database, without Redis', () => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  before(async () => {
    database = await openTestDatabase();
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-counters-db-'));
      dirs.push(dataDir);
      const app = await buildApp(testConfig(dataDir), { database, prepareDatabase: false, logger: false });
      await app.ready();
      apps.push(app);
    }
  });
  after(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('fair use counts in each instance’s memory, the attempt limits in the database', () => {
    for (const app of apps) {
      assert.equal(app.counterStore.kind, 'memory');
      assert.equal(app.attemptLimiter.store.kind, 'database');
    }
  });

  it('identification attempts from one address are counted once for both instances (60 per 10 minutes), not 60 on each', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const address = '203.0.113.78';
    const start = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op', remoteAddress: address, headers: { accept: 'application/json' } });
    for (let i = 0; i < 60; i++) assert.equal((await start(i % 2 === 0 ? first : second)).statusCode, 303, `attempt ${i + 1}`);
    for (const app of [first, second]) {
      const refused = await start(app);
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
    }
    const rows = await first.db.select().from(counterWindows).where(like(counterWindows.key, `%${address}%`));
    assert.equal(rows.length, 1, 'one window of one key in the database');
    assert.equal(rows[0]?.count, 62);
  });

  it('the limiter itself: a rule counted on one instance refuses on the other, with the same Retry-After', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const key = `test:shared:${Math.random()}`;
    const rule = { max: 3, windowSeconds: 60 };
    const now = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + 30_000);
    for (let i = 0; i < 3; i++) assert.equal((await (i % 2 === 0 ? first : second).attemptLimiter.count(key, rule, now)).allowed, true);
    const refused = await second.attemptLimiter.count(key, rule, now);
    assert.equal(refused.allowed, false);
    // four in this window, half a minute in: from the next window on they weigh 4 × (1 − u / 60 s) ≤ 3 after u = 15 s
    assert.equal(refused.retryAfterSeconds, 45);
    // the next attempt counts itself: 5 × (1 − u / 60 s) ≤ 3 after u = 24 s
    assert.deepEqual(await first.attemptLimiter.nextAllowed(key, rule, now), new Date(now.getTime() + 54_000));
  });
});
