/**
 * npm run bench:cluster — the cluster, proved (issue 30): HAProxy (round robin, GET /readyz checked
 * every second, out after 2 failures, in after 2 successes) in front of BENCH_CLUSTER_INSTANCES (3)
 * servers (the build, server/dist/main.js, rebuilt first) on one throw-away PostgreSQL database
 * (BENCH_DATABASE_URL, else the machine's at 127.0.0.1:5432) and one Redis of the bench's own,
 * under BENCH_CLUSTER_RATE (30) requests a second of mixed patient traffic (traffic.ts), a message
 * sent every BENCH_CLUSTER_MESSAGE_EVERY-th (20th) request. The scenarios, each against its budget:
 *  (a) rolling restart: SIGTERM each server in turn, wait for its exit, start it again, wait until
 *      HAProxy sees it up, next — 0 failed requests;
 *  (b) SIGKILL one server: failures only for the requests it had in flight (HAProxy's count just
 *      before the kill + 3), all answers OK again within inter × fall + 1 s, no acknowledged write
 *      lost;
 *  (c) Redis stopped, 2 s down, started on the same port: no 5xx but the fail-closed routes' 503s
 *      (skipped, saying so, while the server does not read REDIS_URL);
 *  (d) mf-booking deployed (deploy:remote, to a folder nginx serves) and rolled back
 *      (rollback:remote) while signed-in page loads go on — 0 failed page loads (deploy.ts).
 * Prints a table (scenario, requests, ok, failed, 429, 503, budget, verdict); exits 1 when any
 * scenario is over its budget or the set-up fails (e.g. "the server has no /readyz").
 * HAProxy is installed (Debian's package, apt-get as root, else sudo) when /usr/sbin/haproxy is
 * missing. Every process, temporary folder and the database are removed on the way out, also on
 * failure and Ctrl+C.
 */
import { spawnSync } from 'node:child_process';
import { cleanUp, LOCAL_POSTGRES_URL, serverDir } from '../harness';
import { Cluster, ensureHaproxy, ownRedis, serverSupportsRedis, stopStarting } from './cluster';
import { killOne, printTable, restartRedis, rollingRestart, skippedRow, type Row, type TrafficSettings } from './scenarios';
import { signInPersonas } from './traffic';
import { deployAndRollback, mintToken, staticOrigin } from './deploy';

const INSTANCES = Number(process.env.BENCH_CLUSTER_INSTANCES ?? 3);
/** the scenarios to run, e.g. `ab` (default all: abcd) */
const ONLY = process.env.BENCH_CLUSTER_ONLY ?? 'abcd';
const SETTINGS: TrafficSettings = {
  rate: Number(process.env.BENCH_CLUSTER_RATE ?? 30),
  messageEvery: Number(process.env.BENCH_CLUSTER_MESSAGE_EVERY ?? 20),
  marginMs: 3000,
};

async function main(): Promise<number> {
  ensureHaproxy({ install: true });
  console.info('Building the server (server/dist/main.js)…');
  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`the server build failed (${build.status})`);

  const redisSupported = serverSupportsRedis();
  const redis = redisSupported ? await ownRedis() : null;
  console.info(`Starting ${INSTANCES} servers on a fresh PostgreSQL database${redis ? ` and Redis at ${redis.url}` : ' (the server reads no REDIS_URL yet)'}, HAProxy in front…`);
  // the feature team's static origin for (d); the servers must allow it from their start
  const origin = await staticOrigin('*');
  const cluster = await Cluster.start({
    instances: INSTANCES,
    adminDatabaseUrl: process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    redis,
    env: {
      REMOTE_ORIGINS: origin.origin,
      REMOTE_REGISTRY_POLL_MS: '500',
      // (c)'s flood from one anonymous address meets it; the traffic is signed in (per session: unlimited)
      API_RATE_LIMIT_PER_CLIENT: '100',
    },
    ...(process.env.BENCH_CLUSTER_CHECK_PATH ? { checkPath: process.env.BENCH_CLUSTER_CHECK_PATH } : {}),
  });
  console.info(`HAProxy at ${cluster.origin}: ${cluster.instances.map((i) => `${i.name} :${i.port}`).join(', ')}`);
  const sessions = await signInPersonas(cluster.origin);
  console.info(`Signed in through HAProxy: ${sessions.map((s) => s.persona).join(', ')}; ${SETTINGS.rate} requests/s, a message every ${SETTINGS.messageEvery}`);

  const rows: Row[] = [];
  const notChosen = (scenario: string) => skippedRow(scenario, `not in BENCH_CLUSTER_ONLY=${ONLY}`);
  rows.push(ONLY.includes('a') ? await rollingRestart(cluster, sessions, SETTINGS) : notChosen('(a) rolling restart'));
  rows.push(ONLY.includes('b') ? await killOne(cluster, sessions, SETTINGS, Math.min(1, INSTANCES - 1)) : notChosen('(b) SIGKILL one'));
  // (d) before (c): (c) ends with a flood that spends the per-client limit the deploy commands count on
  const deployRow = ONLY.includes('d') ? await deployAndRollback(cluster, sessions.slice(0, 1), SETTINGS, origin, mintToken(cluster)) : notChosen('(d) remote deploy + rollback');
  if (!ONLY.includes('c')) rows.push(notChosen('(c) Redis restart'));
  else rows.push(redis ? await restartRedis(cluster, sessions, SETTINGS, redis) : skippedRow('(c) Redis restart', 'the server reads no REDIS_URL (no Redis support in server/src yet)'));
  rows.push(deployRow);

  await cluster.stopAll();
  printTable(rows);
  const over = rows.filter((row) => row.problems.length);
  console.info(over.length ? `\nOver budget: ${over.map((row) => row.scenario).join(', ')}` : '\nEvery scenario run is within its budget.');
  return over.length ? 1 : 0;
}

/**
 * harness.ts runBenchmark, plus SIGTERM and no new servers once a signal came: the scenario under
 * way fails as its servers go, and its error is not the news then.
 */
let signalled: number | null = null;
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.on(signal, () => {
    signalled = code;
    stopStarting();
    console.info(`\n${signal}: cleaning up…`);
    void cleanUp().then(() => process.exit(code));
  });
}
let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  if (signalled === null) console.error(error);
} finally {
  await cleanUp();
}
process.exit(signalled ?? exitCode);
