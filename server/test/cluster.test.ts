/**
 * The short variant of npm run bench:cluster (bench/cluster/): HAProxy in front of two built
 * servers (dist/main.js) on one PostgreSQL database, under a low rate of Mikko's mixed traffic:
 *  - a rolling restart (SIGTERM each in turn, started again once it has exited, next once HAProxy
 *    sees it up): no request fails;
 *  - one server killed (SIGKILL): at most the requests it had in flight fail (+3), every answer is
 *    OK again within HAProxy's inter × fall + 1 s, no acknowledged message is lost.
 * Runs on the PostgreSQL run only (DATABASE_URL; PGlite is one process's database) and only where
 * HAProxy is installed (HAPROXY_PATH, else /usr/sbin/haproxy); otherwise it skips, saying why.
 * Uses TEST_REDIS_URL when set (keys under a prefix of its own). The test command builds the server before the server tests.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, test } from 'node:test';
import { cleanUp } from '../bench/harness';
import { Cluster, ensureHaproxy, HAPROXY_PATH } from '../bench/cluster/cluster';
import { killOne, rollingRestart, type Row, type TrafficSettings } from '../bench/cluster/scenarios';
import { signInPersonas, TRAFFIC_PERSONAS } from '../bench/cluster/traffic';

const databaseUrl = process.env.DATABASE_URL;
const skip = !databaseUrl
  ? 'PostgreSQL only (DATABASE_URL unset): PGlite is one process, a cluster needs a shared database'
  : !ensureHaproxy({ install: false })
    ? `HAProxy is not installed (${HAPROXY_PATH}; apt-get install haproxy, or set HAPROXY_PATH)`
    : false;
if (skip) console.info(`cluster.test.ts skipped: ${skip}`);

const settings: TrafficSettings = { rate: 10, messageEvery: 10, marginMs: 2000 };

after(() => cleanUp());

function assertWithin(row: Row): void {
  assert.deepEqual(row.problems, [], `${row.scenario} over budget: ${row.problems.join('; ')}`);
}

// The timeout is a hang limit: two servers started three times each took over 110 s on a busy machine.
test('a cluster of two behind HAProxy: a rolling restart fails no request; a killed server fails at most its requests in flight', { skip, timeout: 300_000 }, async () => {
  const cluster = await Cluster.start({
    instances: 2,
    adminDatabaseUrl: databaseUrl!,
    // the shared test Redis, under keys of this test's own (the sign-in limits count per address)
    ...(process.env.TEST_REDIS_URL ? { env: { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_KEY_PREFIX: `portal-cluster-test-${randomBytes(4).toString('hex')}:` } } : {}),
  });
  try {
    const sessions = await signInPersonas(cluster.origin, { mikko: TRAFFIC_PERSONAS.mikko });
    const rolling = await rollingRestart(cluster, sessions, settings);
    assertWithin(rolling);
    assert.ok(rolling.ok > 0, 'the traffic got answers');
    const killed = await killOne(cluster, sessions, settings, 1, { restartAfter: false });
    assertWithin(killed);
  } finally {
    await cluster.stopAll();
  }
});
