/**
 * (d) of bench:cluster: a remote deployed and rolled back while page loads go on through HAProxy.
 * The feature team's commands (scripts/deploy/deploy-remote.mjs, rollback-remote.mjs, as
 * `npm run deploy:remote` / `rollback:remote` run them) put mf-booking's build (mf-booking/dist,
 * built once when missing) into a folder that Debian's nginx serves as the team's static origin
 * (tooling/harness/static-origin.ts, the configuration of docs/deploying-a-remote.md), with
 * a deploy token minted by the operator's command (src/cli/remote-tokens.ts, `npm run remote:token`).
 * Budget: 0 failed page loads.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onCleanUp, serverDir, sleep } from '../harness';
import { startStaticOrigin, type StaticOrigin } from '../../../tooling/harness/static-origin';
import type { Cluster } from './cluster';
import { tally, type Row, type TrafficSettings } from './scenarios';
import { Traffic, type Call, type Session } from './traffic';

const repoRoot = path.resolve(serverDir, '..');
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Debian's nginx-light when nginx is missing (root, else sudo), as scripts/test.sh does. */
export function ensureNginx(): void {
  if (fs.existsSync(NGINX_PATH)) return;
  console.info(`${NGINX_PATH} is missing: installing Debian's nginx-light (apt-get install -y nginx-light)…`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const run = (args: string[]) => spawnSync(sudo[0] ?? args[0]!, sudo.length ? args : args.slice(1), { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  if (run(['apt-get', 'install', '-y', '-qq', 'nginx-light']).status !== 0 || !fs.existsSync(NGINX_PATH)) throw new Error('Could not install nginx-light; install nginx or set NGINX_PATH');
}

/** nginx serving a temporary folder; the portal's origin (HAProxy's) may fetch from it. */
export async function staticOrigin(portalOrigin: string): Promise<StaticOrigin> {
  ensureNginx();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-static-'));
  onCleanUp('remove the static origin folder', async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const origin = await startStaticOrigin(workDir, portalOrigin);
  onCleanUp('stop nginx', () => origin.stop());
  return origin;
}

/** mf-booking/dist, built once (npm run build in mf-booking) when it is not there. */
export function bookingDist(): string {
  const dist = path.join(repoRoot, 'mf-booking', 'dist');
  if (fs.existsSync(path.join(dist, 'mf-manifest.json'))) return dist;
  console.info('mf-booking/dist is missing: building it once (cd mf-booking && npm run build)…');
  const built = spawnSync('npm', ['run', 'build'], { cwd: path.join(repoRoot, 'mf-booking'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the mf-booking build failed (${built.status})`);
  return dist;
}

/** The operator's `npm run remote:token -- create mf-booking`, against the cluster's database. */
export function mintToken(cluster: Cluster): string {
  const created = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/remote-tokens.ts', 'create', 'mf-booking', '--label', 'cluster bench'], {
    cwd: serverDir,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: cluster.databaseUrl, DATA_DIR: cluster.sharedDataDir, DEMO: 'true', APP_ENV: 'development', LOG_LEVEL: 'warn' },
  });
  const token = created.stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (created.status !== 0 || !/^[A-Za-z0-9_-]{20,}$/.test(token)) throw new Error(`remote:token create mf-booking failed (${created.status}):\n${created.stdout}\n${created.stderr}`);
  return token;
}

/** One of the team's commands; resolves with its exit code and output. */
function command(script: string, args: readonly string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', 'deploy', script), ...args], {
      cwd: repoRoot,
      env: { ...process.env, REMOTE_DEPLOY_TOKEN: '', PORTAL_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Signed-in page loads: the front page and the booking remote's pages. */
export function pageLoads(): Call[] {
  return [
    { name: 'page /fi', path: '/fi', page: true },
    { name: 'page /fi/ajanvaraus', path: '/fi/ajanvaraus', page: true },
    { name: 'page /fi/ajanvaraus/yksityisasiakas', path: '/fi/ajanvaraus/yksityisasiakas', page: true },
  ];
}

export async function deployAndRollback(
  cluster: Cluster,
  sessions: readonly Session[],
  settings: TrafficSettings,
  origin: StaticOrigin,
  token: string,
): Promise<Row> {
  console.info(`\n(d) mf-booking deployed to ${origin.origin} and rolled back, under ${settings.rate} page loads/s`);
  const dist = bookingDist();
  const portal = ['--portal', cluster.origin, '--token', token];
  const traffic = new Traffic({ origin: cluster.origin, sessions, rate: settings.rate, messageEvery: 0, mix: pageLoads });
  await traffic.check();
  traffic.start();
  const problems: string[] = [];
  try {
    await sleep(settings.marginMs);
    const deployed = await command('deploy-remote.mjs', ['mf-booking', '--to', origin.root, '--public-url', origin.origin, '--dist', dist, '--reason', 'cluster bench', ...portal]);
    console.info(`  deploy:remote exited ${deployed.code} at ${(traffic.now() / 1000).toFixed(1)} s:\n${indent(deployed.output)}`);
    if (deployed.code !== 0) problems.push(`deploy:remote exited ${deployed.code}`);
    await sleep(settings.marginMs);
    await checkServed(cluster, sessions[0]!, origin, true, problems);
    const rolledBack = await command('rollback-remote.mjs', ['mf-booking', '--reason', 'cluster bench', ...portal]);
    console.info(`  rollback:remote exited ${rolledBack.code} at ${(traffic.now() / 1000).toFixed(1)} s:\n${indent(rolledBack.output)}`);
    if (rolledBack.code !== 0) problems.push(`rollback:remote exited ${rolledBack.code}`);
    await sleep(settings.marginMs);
    await checkServed(cluster, sessions[0]!, origin, false, problems);
  } finally {
    await traffic.stop();
  }
  const t = tally(traffic.outcomes);
  console.info(`  ${t.requests} page loads, ${t.ok} ok, ${t.failed.length} failed, ${t.tooMany} × 429, ${t.unavailable} × 503`);
  for (const outcome of t.failed.slice(0, 8)) console.info(`    failed: ${outcome.name} at ${(outcome.at / 1000).toFixed(1)} s by ${outcome.server || '?'}: ${outcome.detail ?? outcome.status}`);
  if (t.failed.length) problems.push(`${t.failed.length} page loads failed (budget 0)`);
  return { scenario: '(d) remote deploy + rollback', requests: t.requests, ok: t.ok, failed: t.failed.length, tooMany: t.tooMany, unavailable: t.unavailable, budget: '0 failed page loads', problems };
}

/** Every server's booking page names the static origin once the deployed version is active, and no longer after the rollback. */
async function checkServed(cluster: Cluster, session: Session, origin: StaticOrigin, deployed: boolean, problems: string[]): Promise<void> {
  const seen: string[] = [];
  for (const instance of cluster.instances) {
    const response = await fetch(`${instance.origin}/fi/ajanvaraus`, { headers: { cookie: session.cookie } });
    const names = (await response.text()).includes(origin.origin);
    seen.push(`${instance.name} ${response.status} ${names ? 'names' : 'does not name'} the static origin`);
    if (names !== deployed) problems.push(`${instance.name}'s booking page ${deployed ? 'does not name the deployed version' : 'still names the rolled-back version'}`);
  }
  console.info(`  ${deployed ? 'after the deploy' : 'after the rollback'}: ${seen.join('; ')}`);
}

const indent = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => `    | ${line}`)
    .join('\n');
