/**
 * The drain on SIGTERM (issue 30), seen from outside the built server (dist/main.js, `npm run
 * build`): /readyz turns 503 at once while requests are still served for SHUTDOWN_DRAIN_DELAY_MS,
 * then new connections are refused, the request in flight finishes with 200, an idle kept-alive
 * connection does not hold the close, and the process exits 0. A request that never finishes makes
 * it exit 1 at SHUTDOWN_TIMEOUT_MS; a second signal makes it exit at once.
 *
 * The request in flight is a POST whose body is sent in two parts: the server has routed it and
 * waits for the rest, which this test sends when it chooses.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { cleanUp as dropDatabases, freePort, signInThroughBroker, throwAwayDatabase, waitUntilHealthy } from '../bench/harness';
import { waitFor, waitUntil } from './wait';

const serverDir = path.resolve(import.meta.dirname, '..');
const built = fs.existsSync(path.join(serverDir, 'dist', 'main.js'));
const HOST = '127.0.0.1';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

interface RunningServer {
  child: ChildProcess;
  port: number;
  origin: string;
  exited: Promise<Exit>;
  output: () => string;
}

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
after(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  await dropDatabases();
});

// One PostgreSQL database for every server here (the second start finds it migrated and seeded);
// PGlite gets a folder per server, since a server killed mid-shutdown leaves its folder as it was.
let postgresUrl: Promise<string> | undefined;
function databaseUrl(): Promise<string> {
  if (!process.env.DATABASE_URL) return Promise.resolve('');
  postgresUrl ??= throwAwayDatabase(process.env.DATABASE_URL, 'portal_shutdown').then((db) => db.url);
  return postgresUrl;
}

async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
  dataDirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: await databaseUrl(),
      DATA_DIR: dataDir,
      SHELL_DIST: path.join(dataDir, 'no-shell-build'),
      REMOTES_DIST_ROOT: path.join(serverDir, 'test', 'fixtures', 'remotes'),
      APP_ENV: 'development',
      DEMO: 'true',
      HOST,
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  const origin = `http://${HOST}:${port}`;
  try {
    await waitUntilHealthy(origin, child, 120_000);
    // ready too: the remote registry's first read comes just after the listener opens
    await waitUntil('readyz answers 200', async () => (await statusOf(`${origin}/readyz`)) === 200, 10_000, 100);
  } catch (error) {
    throw new Error(`${String(error)}\n${output}`, { cause: error });
  }
  return { child, port, origin, exited, output: () => output };
}

/**
 * POST /api/logout with the first half of its body sent; `finish` sends the rest and resolves with
 * the answer's status and body (200 `{ type: 'success' }`). With a session it ends that session in
 * the database, so its 200 says the database was still open for the request in flight.
 */
async function startSlowRequest(port: number, session?: { cookie: string; csrfToken: string }) {
  const body = JSON.stringify({ note: 'x'.repeat(64) });
  const half = Math.floor(body.length / 2);
  const socket = net.connect({ port, host: HOST });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    [
      `POST /api/logout${session ? `?csrfToken=${encodeURIComponent(session.csrfToken)}` : ''} HTTP/1.1`,
      `Host: ${HOST}:${port}`,
      ...(session ? [`Cookie: ${session.cookie}`] : []),
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body.slice(0, half),
    ].join('\r\n'),
  );
  return {
    received: () => received,
    async finish(): Promise<{ status: number; head: string; body: string }> {
      socket.write(body.slice(half));
      await ended;
      const [head = '', answer = ''] = received.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head, body: answer };
    },
    destroy: () => socket.destroy(),
  };
}

/** A kept-alive connection that has had its answer and now sits idle; resolves `closed` when the server closes it. */
async function idleKeptAliveConnection(port: number) {
  const socket = net.connect({ port, host: HOST });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  const answered = new Promise<string>((resolve) => socket.setEncoding('utf8').once('data', (chunk: string) => resolve(chunk)));
  socket.write(['GET /livez HTTP/1.1', `Host: ${HOST}:${port}`, 'Connection: keep-alive', '', ''].join('\r\n'));
  const head = await answered;
  return { head, closed };
}

/** Whether a new TCP connection to the port is refused (nobody listens) rather than accepted. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: HOST });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * Until the server has taken a request to `urlPath` (Fastify logs "incoming request" once the request's
 * head is read): from then on it is in flight, waiting for the rest of its body.
 */
async function untilInFlight(server: RunningServer, urlPath: string): Promise<void> {
  await waitUntil(`the server has taken the request to ${urlPath}`, () =>
    server
      .output()
      .split('\n')
      .some((line) => line.includes('"incoming request"') && line.includes(`"url":"${urlPath}`)),
  );
}

/** The status of a GET, its body read so the connection is free again. */
async function statusOf(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

describe('the drain on SIGTERM (the built server)', { skip: built ? false : 'no build: run npm run build in server/' }, () => {
  test('readyz turns 503 while requests are still served, then new connections are refused, the request in flight finishes and the process exits 0', async (t) => {
    const DRAIN_MS = 2_000;
    const TIMEOUT_MS = 10_000;
    const server = await startServer({ SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    const idle = await idleKeptAliveConnection(server.port);
    assert.match(idle.head, /^HTTP\/1\.1 200/);
    assert.match(idle.head, /connection: keep-alive/i);
    // localhost: the public URL the server derives from PORT, which the broker checks the Origin against
    const mikko = await signInThroughBroker(`http://localhost:${server.port}`, '150385-9013');
    const slow = await startSlowRequest(server.port, mikko);
    await untilInFlight(server, '/api/logout');

    const signalled = Date.now();
    server.child.kill('SIGTERM');

    // Within the drain delay: readyz says draining, while ordinary requests are answered as ever.
    const readyz = await waitFor(
      'readyz answers 503',
      async () => {
        const answer = await fetch(`${server.origin}/readyz`);
        if (answer.status === 503) return answer;
        await answer.arrayBuffer();
        return undefined;
      },
      DRAIN_MS,
      25,
    );
    assert.equal(((await readyz.json()) as { status: string }).status, 'draining');
    const sawDraining = Date.now() - signalled;
    const livez = await fetch(`${server.origin}/livez`);
    assert.equal(livez.status, 200);
    assert.equal(livez.headers.get('connection'), 'close', 'every answer closes its connection while draining');
    const page = await fetch(`${server.origin}/remotes.json`);
    assert.equal(page.status, 200);
    await page.arrayBuffer();
    const servedUntil = Date.now() - signalled;
    assert.ok(servedUntil < DRAIN_MS, `503 after ${sawDraining} ms and requests served until ${servedUntil} ms, within the drain delay`);
    assert.equal(slow.received(), '', 'the request in flight waits for its body');

    // After the delay: the listener is closed, the request in flight holds the close.
    try {
      await waitUntil('new connections are refused', () => refused(server.port), DRAIN_MS + 5_000, 50);
    } catch (error) {
      throw new Error(`${String(error)}\n${server.output()}`, { cause: error });
    }
    const refusedAt = Date.now() - signalled;
    assert.ok(refusedAt >= DRAIN_MS - 100, `refused after ${refusedAt} ms, not before the drain delay of ${DRAIN_MS} ms`);
    await idle.closed;
    assert.equal(server.child.exitCode, null, 'still running while a request is in flight');

    const answer = await slow.finish();
    assert.equal(answer.status, 200, answer.body);
    assert.deepEqual(JSON.parse(answer.body), { type: 'success' });
    assert.match(answer.head, /^set-cookie: portal_session=;/im, 'the session was ended and its cookie cleared');

    const exit = await server.exited;
    assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 0, signal: null }, server.output());
    assert.ok(exit.at - signalled < DRAIN_MS + TIMEOUT_MS, `exited ${exit.at - signalled} ms after SIGTERM`);
    t.diagnostic(`draining seen after ${sawDraining} ms, refused from ${refusedAt} ms, exit 0 after ${exit.at - signalled} ms`);
  });

  test('a request that never finishes makes the process exit 1 at SHUTDOWN_TIMEOUT_MS', async (t) => {
    const DRAIN_MS = 300;
    const TIMEOUT_MS = 1_500;
    const server = await startServer({ SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    const stuck = await startSlowRequest(server.port);
    await untilInFlight(server, '/api/logout');
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    stuck.destroy();
    const took = exit.at - signalled;
    assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 1, signal: null }, server.output());
    assert.ok(took >= DRAIN_MS + TIMEOUT_MS - 100 && took < DRAIN_MS + TIMEOUT_MS + 3_000, `exited ${took} ms after SIGTERM`);
    assert.match(server.output(), /shutdown timeout/);
    t.diagnostic(`exit 1 after ${took} ms`);
  });

  test('a second signal during the drain exits at once', async (t) => {
    const DRAIN_MS = 10_000;
    const server = await startServer({ SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS) });
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // the first signal has been taken: the instance is draining
    await waitUntil('readyz answers 503', async () => (await statusOf(`${server.origin}/readyz`)) === 503, 5_000, 25);
    server.child.kill('SIGINT');
    const exit = await server.exited;
    const took = exit.at - signalled;
    assert.deepEqual({ code: exit.code, signal: exit.signal }, { code: 1, signal: null }, server.output());
    assert.ok(took < 3_000, `exited ${took} ms after the first signal, not after the ${DRAIN_MS} ms drain`);
    t.diagnostic(`exit 1 after ${took} ms`);
  });
});
