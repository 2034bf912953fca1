import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { DEFAULT_CONNECTION_TIMEOUT_MS } from '../src/db/index';
import { testConfig, waitUntil } from './helpers';

/**
 * Waiting for a PostgreSQL connection has a limit (DATABASE_CONNECTION_TIMEOUT_MS): a request fails
 * once it has waited that long, instead of waiting for ever, when the database does not answer or
 * when every connection of the pool is busy. Before, the pool had no limit and such a request hung.
 */

describe('DATABASE_CONNECTION_TIMEOUT_MS', () => {
  it(`is ${DEFAULT_CONNECTION_TIMEOUT_MS} ms unless set, and refuses what is not a positive whole number of ms`, () => {
    assert.equal(loadConfig({ DEMO: 'true' }).databaseConnectionTimeoutMs, DEFAULT_CONNECTION_TIMEOUT_MS);
    assert.equal(loadConfig({ DATABASE_CONNECTION_TIMEOUT_MS: '1500', DEMO: 'true' }).databaseConnectionTimeoutMs, 1500);
    for (const bad of ['0', '-1', '2.5', 'soon']) {
      assert.throws(() => loadConfig({ DATABASE_CONNECTION_TIMEOUT_MS: bad, DEMO: 'true' }), ConfigError, bad);
    }
  });
});

describe('a database that takes the connection and never answers', () => {
  // what a hung database or a half-open network path looks like to the pool: the TCP connection
  // opens, the start-up message gets no answer
  const silent = net.createServer((socket) => sockets.add(socket));
  const sockets = new Set<net.Socket>();
  let app: FastifyInstance;
  let dataDir: string;

  before(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-server-data-'));
    const config = testConfig(dataDir, {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/portal`,
      DATABASE_CONNECTION_TIMEOUT_MS: '300',
      // otherwise the start reads the attachment URLs' secret from the database, and fails the same way
      ATTACHMENT_URL_SECRET: 'a-secret-of-at-least-thirty-two-characters',
    });
    app = await buildApp(config, { prepareDatabase: false, logger: false });
    await app.ready();
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails the request after the timeout with a 500, instead of holding it', { timeout: 10_000 }, async () => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/appointments?lang=fi' });
    const waited = performance.now() - started;
    assert.equal(response.statusCode, 500);
    assert.deepEqual(response.json(), { type: 'InternalError', message: 'Something went wrong' });
    assert.ok(waited >= 250, `answered after ${Math.round(waited)} ms, before the database could have`);
    assert.ok(waited < 3_000, `answered after ${Math.round(waited)} ms`);
    assert.ok(sockets.size > 0, 'the server did try the database');
  });
});

const url = process.env.DATABASE_URL;

describe('a PostgreSQL pool whose every connection is busy', { skip: url ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  let app: FastifyInstance;
  let dataDir: string;
  let locker: pg.Client;

  before(async () => {
    await withClient(url!, (client) => client.query(`create database ${name}`));
    const named = new URL(url!);
    named.pathname = `/${name}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-server-data-'));
    // the app's own pool (migrated and seeded on start), so the setting is the one that counts
    app = await buildApp(testConfig(dataDir, { DATABASE_URL: named.toString(), DATABASE_CONNECTION_TIMEOUT_MS: '300' }), { logger: false });
    await app.ready();
    locker = new pg.Client({ connectionString: named.toString() });
    await locker.connect();
  });
  after(async () => {
    await locker?.end();
    await app?.close();
    await withClient(url!, (client) => client.query(`drop database if exists ${name} with (force)`));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails a request that finds no free connection after the timeout, while the busy ones finish', { timeout: 30_000 }, async () => {
    const search = () => app.inject({ method: 'GET', url: '/api/appointments?lang=fi' });
    assert.equal((await search()).statusCode, 200);
    // searches that wait on a lock hold every connection of the pool (10)
    await locker.query('begin');
    await locker.query('lock table appointment_slots in access exclusive mode');
    const held = Array.from({ length: 10 }, search);
    const pool = (app.db as unknown as { $client: pg.Pool }).$client;
    await waitUntil('every connection of the pool is checked out', () => pool.totalCount === 10 && pool.idleCount === 0);

    const started = performance.now();
    const refused = await search();
    const waited = performance.now() - started;
    assert.equal(refused.statusCode, 500);
    assert.ok(waited < 2_000, `answered after ${Math.round(waited)} ms, not after the timeout`);

    await locker.query('commit');
    const statuses = (await Promise.all(held)).map((response) => response.statusCode);
    assert.ok(statuses.includes(200), `the held searches answered ${statuses.join(', ')}`);
    assert.equal((await search()).statusCode, 200);
  });
});

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
