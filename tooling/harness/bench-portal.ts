/**
 * What the benchmarks share (e2e/bench and server/bench, issue 32: here so the server's benchmarks
 * need nothing of e2e): the production build, the built server on a free port with a fresh
 * data folder, Debian's Chromium with the benchmarks' flags, and the sign-in through the built-in
 * identity broker.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Mikko Virtanen, the demo persona with every kind of record (README, Demo personas). */
export const MIKKO = '150385-9013';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** How long a started server may take to answer /healthz (migrate and seed): a minute was too short under load. */
const HEALTHZ_TIMEOUT_MS = 180_000;

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

/** The production build of the server, the shell and every remote, unless BENCH_SKIP_BUILD is set. */
export function buildPortal(): void {
  if (process.env.BENCH_SKIP_BUILD) return;
  execSync('bash -c "source scripts/lib.sh && build_portal"', { cwd: repoRoot, stdio: 'inherit' });
}

export interface PortalServer {
  port: number;
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  /** the last lines the server wrote (only with `output: 'capture'`) */
  output(): string;
  /** stops the server (SIGTERM, SIGKILL after 5 s), waits for it to exit and removes the data folder */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** added to the server's environment (after PORT, DATA_DIR, PUBLIC_URL, NODE_ENV) */
  env?: Record<string, string>;
  /** 'ignore' (default) or 'capture': keep the last 200 lines for a failure report */
  output?: 'ignore' | 'capture';
  /** Node's own options for the server, e.g. ['--cpu-prof'], after those of server/node-flags */
  nodeArgs?: string[];
}

/**
 * Starts the built server (server/dist/main.js) on a free port with a fresh data folder and waits
 * until /healthz answers (the database migrated and seeded). Stops it again when it does not come up.
 */
export async function startPortalServer(options: StartOptions = {}): Promise<PortalServer> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const capture = options.output === 'capture';
  // The flags `npm start` runs the server with (scripts/start.sh): measure what is deployed.
  const serverFlags = fs.readFileSync(path.join(repoRoot, 'server', 'node-flags'), 'utf8').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...serverFlags, ...(options.nodeArgs ?? []), path.join(repoRoot, 'server', 'dist', 'main.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, NODE_ENV: 'production', DEMO: 'true', ...options.env },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  let stopping: Promise<void> | undefined;
  const server: PortalServer = {
    port,
    baseURL,
    dataDir,
    process: child,
    output: () => lines.join('\n'),
    stop() {
      stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill();
          const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(killer);
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
  try {
    await Promise.race([
      waitFor(`${baseURL}/healthz`, HEALTHZ_TIMEOUT_MS),
      exited.then(() => {
        throw new Error(`the server exited with ${child.exitCode ?? child.signalCode} before answering /healthz`);
      }),
    ]);
  } catch (error) {
    await server.stop();
    const output = server.output();
    if (output && error instanceof Error) error.message += `\nThe server's last lines:\n${output}`;
    throw error;
  }
  return server;
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Debian's Chromium (CHROMIUM_PATH overrides) with the benchmarks' flags. `ownSignals`: the caller
 * handles Ctrl+C itself (Playwright's own handler would end the process before the caller's clean-up).
 */
export function launchChromium(options: { ownSignals?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    ...(options.ownSignals ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {}),
  });
}

export type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

export interface SignedIn {
  cookies: Cookies;
  /** the session's csrfToken from the page's initial state (user.csrfToken) */
  csrfToken: string | null;
}

/** Signs in once through the built-in identity broker (Nordea, then the identity code) and lands on /fi. */
export async function signIn(browser: Browser, baseURL: string, identityCode = MIKKO): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/oauth/authenticate?lang=fi&next=%2Ffi&acr_values=nordea');
    await page.getByLabel('Henkilötunnus').fill(identityCode);
    await page.getByRole('button', { name: 'Jatka' }).click();
    await page.waitForURL(`${baseURL}/fi`);
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    const csrfToken = await page.evaluate<unknown>(
      `(() => { try { return JSON.parse(document.getElementById('portal-initial-state').textContent).user.csrfToken; } catch { return null; } })()`,
    );
    return { cookies: await context.cookies(), csrfToken: typeof csrfToken === 'string' ? csrfToken : null };
  } finally {
    await context.close();
  }
}

// DevTools' "Slow 4G" preset (the one Lighthouse's mobile run uses): 150 ms RTT, 1.6 Mbps down, 750 kbps up.
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;
/** no request in flight for this long: the network is idle */
const NETWORK_QUIET_MS = 500;
/** the longest wait for the network to go quiet */
const NETWORK_QUIET_LIMIT_MS = 30_000;

export interface ThrottledPage {
  context: BrowserContext;
  page: Page;
  /** the page's DevTools session, Network enabled: add listeners for the requests you count */
  cdp: CDPSession;
  /** resolves once no request has been in flight for NETWORK_QUIET_MS (or after 30 s) */
  networkQuiet(): Promise<void>;
}

/**
 * A new context (empty cache) and page as a phone on Slow 4G with a 4x slower CPU loads it: a 412x823
 * viewport, gzip asked for (the budgets are in gzip bytes, though Chromium would take brotli), the
 * `cookies`, and `probes` (a script's text: tsx's helpers do not exist in the page) run before the
 * page's own scripts. Close `context` when done.
 */
export async function openThrottledPage(browser: Browser, baseURL: string, options: { probes: string; cookies?: Cookies }): Promise<ThrottledPage> {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  try {
    if (options.cookies) await context.addCookies(options.cookies);
    await context.addInitScript({ content: options.probes });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const inFlight = new Set<string>();
    let lastNetworkActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      inFlight.add(e.requestId);
      lastNetworkActivity = Date.now();
    });
    const done = (e: { requestId: string }) => {
      inFlight.delete(e.requestId);
      lastNetworkActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', done);
    cdp.on('Network.loadingFailed', done);
    const networkQuiet = async () => {
      const quietUntil = Date.now() + NETWORK_QUIET_LIMIT_MS;
      while (Date.now() < quietUntil && (inFlight.size > 0 || Date.now() - lastNetworkActivity < NETWORK_QUIET_MS)) {
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    return { context, page, cdp, networkQuiet };
  } catch (error) {
    await context.close();
    throw error;
  }
}
