import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/index';

/**
 * An operator's command (src/cli/*.ts) run as `npm run <command>` runs it, on the database the
 * server would open: PGlite in a DATA_DIR of the test's own, or, with DATABASE_URL, a PostgreSQL
 * database of the test's own on that server (created empty: the command prepares it itself, as
 * before the server's first start).
 */
export interface CommandHarness {
  /** runs `src/cli/<script>` with the arguments; resolves with its exit code and output */
  run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** opens the command's database for the test's own checks (PGlite: only while no command runs) */
  withDatabase<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  /** removes the data folder and the PostgreSQL database */
  dispose(): Promise<void>;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function commandHarness(script: string, name: string): Promise<CommandHarness> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`));
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | null = null;
  let databaseName: string | null = null;
  if (adminUrl) {
    databaseName = `portal_${name.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }

  function env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'warn', APP_ENV: 'development' };
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    else delete env.DATABASE_URL;
    return env;
  }

  return {
    run(...args) {
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}`, ...args], { cwd: serverDir, env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('error', reject);
        child.once('exit', (code) => resolve({ code, stdout, stderr }));
      });
    },
    async withDatabase(work) {
      const handle = await openDatabase({ databaseUrl, pgliteDataDir: path.join(dataDir, 'pglite') });
      try {
        return await work(handle);
      } finally {
        await handle.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseName && adminUrl) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
    },
  };
}
