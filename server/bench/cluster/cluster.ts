/**
 * The cluster of bench:cluster (issue 30) and of its short variant in the server tests: HAProxy in
 * front of N portal servers (the build, server/dist/main.js), all on one PostgreSQL database and,
 * when the server reads REDIS_URL, one Redis of the bench's own (so it can be restarted).
 *
 * HAProxy's configuration is written to a temporary folder: round robin; each server checked with
 * GET /readyz every second, out after 2 failed checks, back after 2 good ones; a request that could
 * not connect is tried again on another server (`retries`, `option redispatch`), and a GET whose
 * server closed the connection without answering (a crash) too — never a POST, which may have been
 * carried out. Its statistics page (CSV) tells the bench which servers it sees up.
 *
 * Everything started here is registered with the harness's clean-up (bench/harness.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, onCleanUp, serverDir, sleep, spawnServer, throwAwayDatabase } from '../harness';

export const HAPROXY_PATH = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** HAProxy's health checking: every `interMs`, out after `fall` failures, in after `rise` successes. */
export const CHECK = { interMs: 1000, fall: 2, rise: 2 };

/**
 * How long a stopping server keeps answering while /readyz says 503 (SHUTDOWN_DRAIN_DELAY_MS):
 * twice the time HAProxy needs to take it out (fall × inter), so no new request reaches it once it
 * stops accepting.
 */
export const DRAIN_DELAY_MS = 2 * CHECK.fall * CHECK.interMs + 1000;

/** true when HAProxy is there, installing Debian's package when it is not and we may (root or sudo). */
export function ensureHaproxy({ install }: { install: boolean }): boolean {
  if (fs.existsSync(HAPROXY_PATH)) return true;
  if (!install) return false;
  console.info(`${HAPROXY_PATH} is missing: installing Debian's haproxy (apt-get install -y haproxy)…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  const installed = run(['apt-get', 'install', '-y', '-qq', 'haproxy']);
  if (installed.status !== 0 || !fs.existsSync(HAPROXY_PATH)) {
    throw new Error(`Could not install haproxy (apt-get exited ${installed.status}); install it (apt-get install haproxy) or set HAPROXY_PATH`);
  }
  return true;
}

/** true when the server's source reads REDIS_URL (the shared counters in Redis are in the tree). */
export function serverSupportsRedis(): boolean {
  const search = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return search(file);
      return entry.name.endsWith('.ts') && fs.readFileSync(file, 'utf8').includes('REDIS_URL');
    });
  return search(path.join(serverDir, 'src'));
}

const builtMain = path.join(serverDir, 'dist', 'main.js');

let stopping = false;
/** From now on no server is started (a scenario under way when Ctrl+C came would start one the clean-up never sees). */
export function stopStarting(): void {
  stopping = true;
}

/** Waits until `child` exits (at most `timeoutMs`); resolves with its exit code or signal. */
export function waitForExit(child: ChildProcess, timeoutMs: number): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(String(child.exitCode ?? child.signalCode));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`process ${child.pid} did not exit within ${timeoutMs / 1000} s`)), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(String(code ?? signal));
    });
  });
}

export interface Redis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of the bench's own on a free port, nothing kept on disk; start() again uses the same port. */
export async function ownRedis(): Promise<Redis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-redis-'));
  onCleanUp('remove the Redis folder', async () => fs.rmSync(dir, { recursive: true, force: true }));
  let child: ChildProcess | null = null;
  const redis: Redis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      child = started;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode}) on port ${port}`);
        if (await answersPing(port)) return;
        await sleep(50);
      }
      throw new Error('redis-server did not answer within 10 s');
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGTERM');
      await waitForExit(running, 10_000);
    },
  };
  onCleanUp('stop Redis', () => redis.stop());
  await redis.start();
  return redis;
}

async function answersPing(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export interface Instance {
  /** HAProxy's name for it: s1, s2 … */
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
}

export interface ClusterOptions {
  instances: number;
  /** the PostgreSQL whose throw-away database the servers share (…/postgres) */
  adminDatabaseUrl: string;
  redis?: Redis | null;
  /** HAProxy's check path; /readyz unless overridden (BENCH_CLUSTER_CHECK_PATH, for trying the bench on an older server) */
  checkPath?: string;
  /** variables for every server on top of the bench's */
  env?: Record<string, string>;
}

export interface ServerState {
  name: string;
  /** HAProxy's status: UP, DOWN, "UP 1/2" (going down), "DOWN 1/2" (coming up), MAINT … */
  status: string;
  /** requests it has on the server at the moment (scur) */
  current: number;
}

export class Cluster {
  readonly instances: Instance[] = [];
  /** http://127.0.0.1:<HAProxy's port> */
  origin = '';
  databaseUrl = '';
  private statsOrigin = '';
  /** the DATA_DIR every server shares, as a cluster's servers share a volume (the broker's keys are there) */
  private dataDir = '';
  get sharedDataDir(): string {
    return this.dataDir;
  }
  private constructor(private readonly options: ClusterOptions) {}

  static async start(options: ClusterOptions): Promise<Cluster> {
    if (!fs.existsSync(builtMain)) throw new Error(`${builtMain} is missing: build the server first (cd server && npm run build)`);
    const cluster = new Cluster(options);
    await cluster.boot();
    return cluster;
  }

  private async boot(): Promise<void> {
    this.databaseUrl = (await throwAwayDatabase(this.options.adminDatabaseUrl, 'portal_cluster')).url;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-data-'));
    this.dataDir = dataDir;
    onCleanUp('remove the shared data folder', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const proxyPort = await freePort();
    const statsPort = await freePort();
    this.origin = `http://127.0.0.1:${proxyPort}`;
    this.statsOrigin = `http://127.0.0.1:${statsPort}`;
    const ports: number[] = [];
    for (let i = 0; i < this.options.instances; i++) ports.push(await freePort());
    // the first one migrates and seeds the fresh database alone; the others find it ready
    for (const [index, port] of ports.entries()) {
      this.instances.push(this.spawnInstance(`s${index + 1}`, port));
      await this.waitUntilListening(this.instances[index]!, 120_000);
    }
    const checkPath = this.options.checkPath ?? '/readyz';
    const answer = await fetch(`${this.instances[0]!.origin}${checkPath}`);
    await answer.body?.cancel();
    if (answer.status === 404) {
      throw new Error(
        `the server has no ${checkPath} (it answered 404): HAProxy takes a server out of rotation by its readiness check, which a draining server answers with 503. ` +
          'The readiness endpoint and the SIGTERM drain (server/src/modules/health/) must be in the build first.',
      );
    }
    if (checkPath !== '/readyz') console.warn(`\n!!! HAProxy checks ${checkPath}, not /readyz (BENCH_CLUSTER_CHECK_PATH): the rolling restart is not expected to be clean.\n`);
    await this.startHaproxy(proxyPort, statsPort, checkPath);
    await this.waitUntilAllUp(30_000);
  }

  private spawnInstance(name: string, port: number): Instance {
    if (stopping) throw new Error(`not starting ${name}: the bench is cleaning up`);
    const nodeFlags = fs.readFileSync(path.join(serverDir, 'node-flags'), 'utf8').trim().split(/\s+/).filter(Boolean);
    const child = spawnServer({
      args: [...nodeFlags, builtMain],
      databaseUrl: this.databaseUrl,
      dataDirPrefix: `portal-cluster-${name}-`,
      stdout: 'ignore',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // browsers (and the bench) reach the portal through HAProxy
        PUBLIC_URL: this.origin,
        // one folder for all, so the identity broker's keys are the same on every server: a sign-in's
        // steps may each land on another one
        DATA_DIR: this.dataDir,
        SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        ...(this.options.redis ? { REDIS_URL: this.options.redis.url } : {}),
        ...this.options.env,
      },
    });
    return { name, port, origin: `http://127.0.0.1:${port}`, child };
  }

  private async waitUntilListening(instance: Instance, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (instance.child.exitCode !== null) throw new Error(`server ${instance.name} exited (${instance.child.exitCode}) before it answered`);
      try {
        const response = await fetch(`${instance.origin}/healthz`, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`server ${instance.name} did not answer /healthz within ${timeoutMs / 1000} s`);
  }

  private async startHaproxy(proxyPort: number, statsPort: number, checkPath: string): Promise<void> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-haproxy-'));
    onCleanUp('remove the HAProxy folder', async () => fs.rmSync(dir, { recursive: true, force: true }));
    const config = haproxyConfig({ proxyPort, statsPort, checkPath, servers: this.instances });
    const configFile = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(configFile, config);
    const checked = spawnSync(HAPROXY_PATH, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`HAProxy refused its configuration:\n${checked.stdout}${checked.stderr}\n${config}`);
    // -db: in the foreground, no daemon, so it is ours to stop
    const haproxy = spawn(HAPROXY_PATH, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    haproxy.stderr!.on('data', (data: Buffer) => {
      errors += data.toString();
      if (process.env.BENCH_VERBOSE) process.stderr.write(`[haproxy] ${data.toString()}`);
    });
    onCleanUp('stop HAProxy', async () => {
      if (haproxy.exitCode !== null) return;
      haproxy.kill('SIGTERM');
      await waitForExit(haproxy, 10_000).catch(() => haproxy.kill('SIGKILL'));
    });
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (haproxy.exitCode !== null) throw new Error(`HAProxy exited (${haproxy.exitCode}):\n${errors}`);
      try {
        await this.states();
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`HAProxy did not answer within 10 s:\n${errors}`);
  }

  /** What HAProxy sees of each server (its statistics page as CSV). */
  async states(): Promise<ServerState[]> {
    const response = await fetch(`${this.statsOrigin}/stats;csv`, { signal: AbortSignal.timeout(2000) });
    const [header, ...rows] = (await response.text()).replace(/^# /, '').trim().split('\n').map((line) => line.split(','));
    const column = (name: string) => header!.indexOf(name);
    return rows
      .filter((row) => row[column('pxname')] === 'portal' && /^s\d+$/.test(row[column('svname')] ?? ''))
      .map((row) => ({ name: row[column('svname')]!, status: row[column('status')]!, current: Number(row[column('scur')]) }));
  }

  async stateOf(name: string): Promise<ServerState> {
    const state = (await this.states()).find((s) => s.name === name);
    if (!state) throw new Error(`HAProxy has no server ${name}`);
    return state;
  }

  /** Resolves once HAProxy sees `name` with status exactly `status` (UP or DOWN); the time it took, ms. */
  async waitForStatus(name: string, status: 'UP' | 'DOWN', timeoutMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if ((await this.stateOf(name)).status === status) return performance.now() - started;
      await sleep(50);
    }
    throw new Error(`HAProxy did not see ${name} ${status} within ${timeoutMs / 1000} s (it is ${(await this.stateOf(name)).status})`);
  }

  async waitUntilAllUp(timeoutMs: number): Promise<void> {
    for (const instance of this.instances) await this.waitForStatus(instance.name, 'UP', timeoutMs);
  }

  /** Sends `signal` to instance `index` and waits until the process has exited; the time it took, ms. */
  async stop(index: number, signal: 'SIGTERM' | 'SIGKILL', timeoutMs = 60_000): Promise<number> {
    const instance = this.instances[index]!;
    const started = performance.now();
    instance.child.kill(signal);
    await waitForExit(instance.child, timeoutMs);
    return performance.now() - started;
  }

  /** Stops every running server at once (SIGTERM, each drains) and waits: quicker than the clean-up's one after another. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.instances.map((instance, index) => (instance.child.exitCode === null && instance.child.signalCode === null ? this.stop(index, 'SIGTERM') : null)),
    );
  }

  /** Starts instance `index` again on its port; resolves once it answers /healthz (not yet once HAProxy sees it up). */
  async restart(index: number): Promise<void> {
    const old = this.instances[index]!;
    if (old.child.exitCode === null && old.child.signalCode === null) throw new Error(`server ${old.name} is still running`);
    const instance = this.spawnInstance(old.name, old.port);
    this.instances[index] = instance;
    await this.waitUntilListening(instance, 120_000);
  }
}

/** HAProxy's configuration (see the file's comment). */
export function haproxyConfig({ proxyPort, statsPort, checkPath, servers }: { proxyPort: number; statsPort: number; checkPath: string; servers: readonly Instance[] }): string {
  return `
global
  maxconn 2000

defaults
  mode http
  log global
  timeout connect 1s
  timeout client 30s
  timeout server 15s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  timeout check 2s
  # a connection refused (a server stopped or killed before the checks noticed) is tried again on
  # another server; so is a GET answered by a closed connection, never a POST (it may have been done)
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend portal_front
  bind 127.0.0.1:${proxyPort}
  default_backend portal

backend portal
  balance roundrobin
  option httpchk GET ${checkPath}
  http-check expect status 200
  http-request disable-l7-retry unless METH_GET || METH_HEAD
  http-response set-header X-Served-By %s
  default-server inter ${CHECK.interMs} fall ${CHECK.fall} rise ${CHECK.rise}
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`).join('\n')}

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
  stats refresh 1s
`;
}
