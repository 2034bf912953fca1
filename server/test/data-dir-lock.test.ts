import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { DataDirLockedError, lockDataDir, openDatabase, pgliteFolder } from '../src/db/index';
import { waitUntil } from './wait';

/**
 * Issue 10 §2: two processes on one embedded database folder. Every opener here is a real process
 * (the server, `npm run reset`'s script, the staff command, a bare openDatabase), because the lock
 * is the kernel's and what matters is what another process sees. The children always run on PGlite
 * (DATABASE_URL removed), so the test means the same under either test driver.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dbIndex = pathToFileURL(path.join(serverDir, 'src', 'db', 'index.ts')).href;

/** Opens the folder and holds it until SIGTERM, then closes the handle as the server's shutdown does. */
const holderScript = `
import { openDatabase } from ${JSON.stringify(dbIndex)};
const handle = await openDatabase({ databaseUrl: null, pgliteDataDir: process.env.PGLITE_FOLDER });
process.once('SIGTERM', () => void handle.close().then(() => process.exit(0)));
console.info('holding', process.pid);
setInterval(() => {}, 1 << 30);
`;

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function childEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PGLITE_FOLDER: path.join(dataDir, 'pglite'),
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The reminder job plans the seeded appointments' reminders as the server starts: writes of the
    // running holder's own, which 'touches no file' would take for the refused second process's.
    REMINDERS_ENABLED: 'false',
  };
  // The folder is what is under test, whichever driver the rest of the suite runs on.
  delete env.DATABASE_URL;
  // A child that saw the runner's context would report to it as if it were a test file.
  delete env.NODE_TEST_CONTEXT;
  // Under `npm test` the children would otherwise describe themselves as that npm script.
  for (const name of Object.keys(env)) if (name.startsWith('npm_')) delete env[name];
  return env;
}

function start(args: string[], dataDir: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: serverDir, env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Runs a command to its end (killed after timeoutMs): exit code and everything it printed. */
async function run(args: string[], dataDir: string, timeoutMs = 120_000): Promise<{ code: number | null; output: string }> {
  const { child, output } = start(args, dataDir);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: output() };
}

/** Starts a long-running holder and waits until it prints `ready`. */
async function startHolder(args: string[], dataDir: string, ready: RegExp, timeoutMs = 120_000): Promise<ChildProcess> {
  const { child, output } = start(args, dataDir);
  try {
    await waitUntil(`the holder prints ${String(ready)}`, () => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error('the holder exited before it was ready');
      return ready.test(output());
    }, timeoutMs);
  } catch (error) {
    throw new Error(`${String(error)}\n${output()}`, { cause: error });
  }
  return child;
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Every file under the data folder with its size and mtime: a refused process must change none. */
function snapshot(dataDir: string): string[] {
  return (readdirSync(dataDir, { recursive: true }) as string[])
    .sort()
    .map((name) => {
      const stat = statSync(path.join(dataDir, name));
      return `${name} ${stat.isDirectory() ? 'dir' : stat.size} ${stat.mtimeMs}`;
    });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-data-dir-lock-'));
  tempDirs.push(dir);
  return dir;
}

after(async () => {
  for (const child of children) await stop(child, 'SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database folder takes one process at a time', { timeout: 600_000 }, () => {
  let dataDir: string;
  let folder: string;
  let server: ChildProcess;
  let holder: ChildProcess;

  before(async () => {
    dataDir = tempDataDir();
    folder = path.join(dataDir, 'pglite');
    // tsx compiles the server on its way up: on a busy CI machine that alone took over a minute
    server = await startHolder(['src/main.ts'], dataDir, /is running at/, 180_000);
  });

  it('refuses a second server while the first runs, naming the holder, and touches no file', async () => {
    const files = snapshot(dataDir);
    const second = await run(['src/main.ts'], dataDir);
    assert.equal(second.code, 2, second.output);
    assert.match(second.output, new RegExp(`folder ${escape(folder)} is in use by process ${server.pid} \\(node \\S*src/main\\.ts\\), since \\d{4}-\\d\\d-\\d\\dT`));
    assert.match(second.output, new RegExp(`Lock file: ${escape(`${folder}.lock`)}`));
    assert.doesNotMatch(second.output, /\n\s+at /, 'a message, not a stack trace');
    assert.deepEqual(snapshot(dataDir), files);
  });

  it('refuses `npm run reset` and the staff command while the server holds the folder, touching nothing', async () => {
    const files = snapshot(dataDir);
    const reset = await run(['src/cli/reset.ts'], dataDir);
    assert.equal(reset.code, 2, reset.output);
    assert.match(reset.output, new RegExp(`in use by process ${server.pid} \\(node \\S*src/main\\.ts\\)`));
    assert.doesNotMatch(reset.output, /removed/);
    const staff = await run(['src/cli/staff-messaging.ts', 'list-professionals'], dataDir);
    assert.equal(staff.code, 2, staff.output);
    assert.match(staff.output, new RegExp(`in use by process ${server.pid} .*staff HTTP API`));
    assert.deepEqual(snapshot(dataDir), files);
  });

  it('refuses `npm start` before it builds anything while the server holds the folder (issue 27)', async () => {
    const files = snapshot(dataDir);
    const check = await run(['src/cli/check-data-dir.ts'], dataDir);
    assert.equal(check.code, 2, check.output);
    assert.match(check.output, new RegExp(`in use by process ${server.pid} \\(node \\S*src/main\\.ts\\)`));
    assert.match(check.output, /Nothing was built/);
    assert.deepEqual(snapshot(dataDir), files);
    // npm start asks this question before its build step: a refused start rewrites no bundle.
    const startScript = readFileSync(path.join(serverDir, '..', 'scripts', 'start.sh'), 'utf8');
    const checked = startScript.indexOf('check-data-dir.ts');
    assert.ok(checked > 0 && checked < startScript.indexOf('\nbuild_portal'), 'start.sh checks the folder before build_portal');
  });

  it('lets the next process in once the holder has stopped cleanly', async () => {
    await stop(server, 'SIGTERM');
    assert.equal(server.exitCode, 0);
    holder = await startHolder(['--input-type=module', '-e', holderScript], dataDir, /holding/);
  });

  it('leaves no stale lock when the holder is killed with kill -9', async () => {
    assert.throws(() => lockDataDir(folder), DataDirLockedError, 'held while the holder lives');
    await stop(holder, 'SIGKILL');
    assert.equal(holder.signalCode, 'SIGKILL');
    // At once, no waiting for an expiry: the kernel dropped the lock with the process.
    const lock = lockDataDir(folder);
    lock.release();
  });

  it('opens the folder after that kill -9, and releases the lock when the handle closes', async () => {
    const handle = await openDatabase({ databaseUrl: null, pgliteDataDir: folder });
    try {
      await handle.db.execute(sql`select 1`);
      // The lock is per open file, so a second open in this same process is refused too.
      assert.throws(
        () => lockDataDir(folder),
        (error: unknown) => error instanceof DataDirLockedError && error.holder?.pid === process.pid,
      );
    } finally {
      await handle.close();
    }
    lockDataDir(folder).release();
    assert.equal(readFileSync(`${folder}.lock`, 'utf8'), '', 'no record of a holder that is gone');
  });
});

describe('which PGlite data dirs are a folder to lock', () => {
  it('locks paths and file:// paths, not memory:// (test helpers open it side by side) nor the browser stores', () => {
    assert.equal(pgliteFolder('/srv/portal/.data/pglite'), '/srv/portal/.data/pglite');
    assert.equal(pgliteFolder('relative/pglite'), 'relative/pglite');
    assert.equal(pgliteFolder('file:///srv/pglite'), '/srv/pglite');
    assert.equal(pgliteFolder('memory://'), null);
    assert.equal(pgliteFolder('idb://portal'), null);
  });
});
