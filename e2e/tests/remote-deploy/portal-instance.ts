import path from 'node:path';
import { freePort, run, start, waitUntilAnswering } from '../../../tooling/harness/processes';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

/** The environment of a portal of its own (embedded database in `dataDir`), as the e2e config starts one. */
function portalEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, BRAND: 'adult', NODE_ENV: 'production', APP_ENV: 'development', DEMO: 'true', ...extra };
  // its own embedded database, whatever the test run was given
  delete env.DATABASE_URL;
  return env;
}

/**
 * An operator's `npm run remote:token -- create <remote> --label <label>` against the portal's data
 * folder (before the portal starts: the embedded database takes one process at a time). Returns the
 * token, printed once on the command's last line.
 */
export async function createDeployToken(dataDir: string, remote: string, label: string): Promise<string> {
  const created = await run(process.execPath, ['--import', 'tsx', 'src/cli/remote-tokens.ts', 'create', remote, '--label', label], {
    cwd: path.join(repoRoot, 'server'),
    env: portalEnv(dataDir, {}),
  });
  if (created.code !== 0) throw new Error(`remote:token create ${remote} failed (${created.code}):\n${created.stdout}\n${created.stderr}`);
  const token = created.stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (!/^[A-Za-z0-9_-]{20,}$/.test(token)) throw new Error(`remote:token printed no token:\n${created.stdout}`);
  return token;
}

export interface PortalInstance {
  baseURL: string;
  stop: () => Promise<void>;
}

/** The built portal (server/dist/main.js) on a port of its own, allowing versions from `remoteOrigins`. */
export async function startPortal(dataDir: string, port: number, remoteOrigins: string): Promise<PortalInstance> {
  const baseURL = `http://localhost:${port}`;
  const server = start(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: path.join(repoRoot, 'e2e'),
    env: portalEnv(dataDir, {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      REMOTE_ORIGINS: remoteOrigins,
      // "within a few seconds": the test waits for the poll, so a short one keeps it quick
      REMOTE_REGISTRY_POLL_MS: '500',
      LOG_LEVEL: 'warn',
    }),
  });
  await waitUntilAnswering(`${baseURL}/healthz`, server, 120_000);
  return { baseURL, stop: () => server.stop() };
}

export { freePort };
