/**
 * What the server benchmarks share around their measuring (bench/load.ts is the load itself):
 *  - clean-up steps, undone last first on the way out, also on failure and Ctrl+C (runBenchmark
 *    runs a benchmark's main, cleans up and exits with its code);
 *  - a throw-away database on a PostgreSQL, dropped at clean-up;
 *  - the portal server as a child process, so the load generator and the server do not share an
 *    event loop and its RSS is its own: a temporary DATA_DIR (the embedded PGlite's when no
 *    database URL is given), no shell build, the test fixtures' remotes, the fair-use counters
 *    running with limits far above the load;
 *  - Mikko signed in: by that child itself (bench/server.ts), or through the test broker over HTTP
 *    as a browser does (signInThroughBroker, for a server started from src/main.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';

export const serverDir = path.resolve(import.meta.dirname, '..');

/** The machine's shared PostgreSQL, where BENCH_DATABASE_URL does not name another. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: { name: string; run: () => Promise<unknown> }[] = [];

/** A step for clean-up; the steps run last registered first. */
export function onCleanUp(name: string, run: () => Promise<unknown>): void {
  cleanups.push({ name, run });
}

/** Runs the registered steps (and forgets them); a step that fails is reported and the others still run. */
let cleaning: Promise<void> | null = null;

/**
 * Undoes what was registered, last first. A second call while one runs waits for it: Ctrl+C starts
 * a clean-up while the benchmark goes on, fails and cleans up too, and must not exit before the
 * first has stopped everything.
 */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    try {
      for (const step of cleanups.splice(0).reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`cleanup (${step.name}) failed:`, error);
        }
      }
    } finally {
      cleaning = null;
    }
  })();
  return cleaning;
}

/**
 * Runs a benchmark: `main` resolves with the exit code (1 over budget); an error is printed and
 * exits 1. Everything registered with onCleanUp is undone in every case, Ctrl+C included (exit 130).
 */
export async function runBenchmark(main: () => Promise<number>): Promise<never> {
  process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
  let code = 1;
  try {
    code = await main();
  } catch (error) {
    console.error(error);
  } finally {
    await cleanUp();
  }
  process.exit(code);
}

/** Runs `run` with a client connected to the PostgreSQL database at `url`, and disconnects. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the PostgreSQL server of `url`. */
export function databaseUrl(url: string, name: string): string {
  const named = new URL(url);
  named.pathname = `/${name}`;
  return named.toString();
}

/**
 * A fresh database `<prefix>_<random>` on the PostgreSQL of `adminUrl`, dropped at clean-up unless
 * `keep` (then it is the caller's to drop).
 */
export async function throwAwayDatabase(adminUrl: string, prefix: string, { keep = false } = {}): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  if (!keep) onCleanUp('drop the database', () => withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)));
  return { name, url: databaseUrl(adminUrl, name) };
}

/** A TCP port nobody listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** node's arguments: what it runs, e.g. ['--import', 'tsx', 'src/main.ts'] (relative to server/) */
  args: string[];
  /** DATABASE_URL; empty: the embedded PGlite in the temporary DATA_DIR */
  databaseUrl: string;
  /** the temporary DATA_DIR's name, e.g. 'portal-bench-soak-' (a random ending is added) */
  dataDirPrefix: string;
  /** variables on top of (or instead of) the benchmark defaults: the port, the log level, the benchmark's own */
  env?: Record<string, string>;
  /** the child's stdout: piped for its ready line (the default), or ignored */
  stdout?: 'pipe' | 'ignore';
}

/**
 * Starts the portal server as a child process; at clean-up it is stopped (SIGTERM, waited for) and
 * its DATA_DIR removed. Its stderr is this process's.
 */
export function spawnServer(options: ServerProcessOptions): ChildProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), options.dataDirPrefix));
  onCleanUp('remove the server data folder', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const child = spawn(process.execPath, options.args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      SHELL_DIST: path.join(dataDir, 'no-shell-build'),
      REMOTES_DIST_ROOT: path.join(serverDir, 'test', 'fixtures', 'remotes'),
      APP_ENV: 'development',
      DEMO: 'true',
      PORT: '0',
      LOG_LEVEL: 'warn',
      // one client address asking as fast as it can: the fair-use counters run, with limits far above the load
      API_RATE_LIMIT_PER_SESSION: '100000000',
      API_RATE_LIMIT_PER_CLIENT: '100000000',
      API_CONCURRENT_PER_SESSION: '10000',
      API_CONCURRENT_PER_CLIENT: '10000',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'pipe', 'inherit'],
  });
  onCleanUp('stop the server', async () => {
    // a child a signal ended (a benchmark's SIGKILL) has a signalCode and no exitCode
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  return child;
}

/** What bench/server.ts prints once it listens. */
export interface ReadyMessage {
  ready: true;
  port: number;
  /** BENCH_SERVER_BARE_ROUTE: the bare Fastify app's port */
  barePort?: number;
  /** BENCH_SERVER_SIGN_IN: the (first) signed-in persona's session cookie (name=value) and its csrfToken */
  cookie?: string;
  /** BENCH_SERVER_SIGN_IN: every signed-in persona's session cookie, in the list's order */
  cookies?: string[];
  csrfToken?: string;
}

export interface BenchServer {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  origin: string;
  barePort: number;
  /** Mikko's session cookie (name=value) and csrfToken (the first persona's); empty unless signIn was asked for */
  cookie: string;
  /** the session cookie of each persona of `signIn` (a list), in its order */
  cookies: string[];
  csrfToken: string;
}

export interface BenchServerOptions {
  databaseUrl: string;
  /** names the DATA_DIR: portal-bench-<name>- */
  name: string;
  /**
   * Mikko signs in once: the server issues his session as the sign-in does once the broker has
   * answered. A list of personas (bench/server.ts BENCH_SERVER_SIGN_IN, e.g. `leena:ella`): each.
   */
  signIn?: boolean | readonly string[];
  /** a bare Fastify app with one JSON route (GET /bare) in the same process, a baseline */
  bareRoute?: boolean;
  /** node's own flags before the script (e.g. --cpu-prof) */
  nodeFlags?: string[];
  env?: Record<string, string>;
}

/** Starts bench/server.ts (migrate and seed); resolves once it listens. */
export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const child = spawnServer({
    args: [...(options.nodeFlags ?? []), '--import', 'tsx', path.join(serverDir, 'bench', 'server.ts')],
    databaseUrl: options.databaseUrl,
    dataDirPrefix: `portal-bench-${options.name}-`,
    env: {
      ...(options.signIn ? { BENCH_SERVER_SIGN_IN: options.signIn === true ? 'mikko' : options.signIn.join(',') } : {}),
      ...(options.bareRoute ? { BENCH_SERVER_BARE_ROUTE: '1' } : {}),
      ...options.env,
    },
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const message = await new Promise<ReadyMessage>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it listened`)));
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as ReadyMessage;
        if (parsed.ready) resolve(parsed);
      } catch {
        console.info(`[server] ${line}`);
      }
    });
  });
  return {
    child,
    port: message.port,
    origin: `http://127.0.0.1:${message.port}`,
    barePort: message.barePort ?? 0,
    cookie: message.cookie ?? '',
    cookies: message.cookies ?? [],
    csrfToken: message.csrfToken ?? '',
  };
}

/** Waits until the server at `origin` answers /healthz (at most `timeoutMs`); throws if the child exits first. */
export async function waitUntilHealthy(origin: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it answered`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s`);
}

/** Signs in through the built-in test broker like a browser (cookies, redirects); resolves with the session cookie and csrfToken. */
export async function signInThroughBroker(origin: string, identityCode: string): Promise<{ cookie: string; csrfToken: string }> {
  const cookies = new Map<string, string>();
  const request = async (method: string, pathAndQuery: string, form?: Record<string, string>): Promise<Response> => {
    let response = await fetch(`${origin}${pathAndQuery}`, {
      method,
      redirect: 'manual',
      headers: {
        origin,
        ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) cookies.set(pair.slice(0, pair.indexOf('=')), value);
      else cookies.delete(pair.slice(0, pair.indexOf('=')));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const next = new URL(location, origin);
      response = await request('GET', `${next.pathname}${next.search}`);
    }
    return response;
  };
  const html = await (await request('GET', '/oauth/authenticate?lang=fi&next=%2Ffi&acr_values=nordea')).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !token) throw new Error('no broker form');
  const front = await (await request('POST', action, { token, identityCode })).text();
  const csrfToken = /"csrfToken":"([^"]+)"/.exec(front)?.[1];
  const session = cookies.get('portal_session');
  if (!csrfToken || !session) throw new Error('the sign-in did not end in a session');
  return { cookie: `portal_session=${session}`, csrfToken };
}
