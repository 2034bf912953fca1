import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { INITIAL_STATE_ELEMENT_ID, ROUTE_TABLE_PATH, embeddedInitialStateSchema, routeTableSchema, type EmbeddedInitialState, type RouteTable } from '@portal/shared-api';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { dumpPglite, migrate, migrationsFolder, openDatabase, type Database, type DatabaseHandle } from '../src/db/index';
import { people } from '../src/modules/patients/schema';
import { seedDemoWorld } from '../src/demo/seed/index';
import { helsinkiToday } from '@portal/shared-i18n';
import { waitUntil } from './wait';

export { waitFor, waitUntil } from './wait';

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixturesDir = path.join(here, 'fixtures');
const serverDir = path.resolve(here, '..');

/** Hash of everything that shapes the seeded template: migrations, seed code and today's date. */
function templateKey(): string {
  const hash = createHash('sha256').update(helsinkiToday());
  const migrations = migrationsFolder();
  for (const file of readdirSync(migrations).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrations, file)));
  }
  // The seed (demo/seed/) and the tables it fills; other code changes need no new template.
  const seedFolder = path.join('demo', 'seed');
  for (const file of (readdirSync(path.join(serverDir, 'src'), { recursive: true }) as string[]).sort()) {
    if (file.endsWith('.ts') && (file.startsWith(seedFolder) || file.endsWith('schema.ts'))) hash.update(readFileSync(path.join(serverDir, 'src', file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, seeded PGlite is built once (per code and date) and cloned for every app: opening a
 * dump is far faster than migrating and seeding again in every test file.
 */
async function pgliteFromTemplate(): Promise<DatabaseHandle> {
  const file = path.join(os.tmpdir(), `portal-server-test-${templateKey()}.tar`);
  if (!existsSync(file)) {
    const fresh = await openDatabase({ databaseUrl: null, pgliteDataDir: 'memory://' });
    await migrate(fresh);
    await seedDemoWorld(fresh.db);
    const dump = await dumpPglite(fresh);
    await fresh.close();
    const tmp = `${file}.${process.pid}`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    // rename is atomic: a parallel run never reads half a file
    (await import('node:fs')).renameSync(tmp, file);
  }
  return openDatabase({ databaseUrl: null, pgliteDataDir: 'memory://', pgliteLoadDataDir: new Blob([readFileSync(file)]) });
}

/** A fresh database on the PostgreSQL of DATABASE_URL, dropped when the handle closes. */
async function freshPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrate(handle);
  await seedDemoWorld(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // The pool has ended on our side; wait until the server has let go of its backends too, so
      // `with (force)` never kills a connection still closing (an uncaught error in the test run).
      // A server slower than that to let go is no failure of the test that used the database: the
      // drop then forces it, as it would have at once.
      await waitUntil(`PostgreSQL has closed every connection to ${name}`, async () => {
        const { rows } = await dropper.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        return rows[0].n === 0;
      }).catch(() => undefined);
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const testDriver = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  return process.env.DATABASE_URL ? freshPostgres(process.env.DATABASE_URL) : pgliteFromTemplate();
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The configuration every test app starts from: a data folder of its own, the fixture remotes, no shell build. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    SHELL_DIST: path.join(dataDir, 'no-shell-build'),
    REMOTES_DIST_ROOT: path.join(fixturesDir, 'remotes'),
    APP_ENV: 'development',
    PORT: '8080',
    LOG_LEVEL: 'silent',
    DEMO: 'true',
    // The registry's poll and its counters' flush would add statements at random moments to tests that
    // count them (a flush landed inside a counted front page in CI); the tests of both set their own.
    REMOTE_REGISTRY_POLL_MS: '600000',
    REMOTE_COUNTERS_FLUSH_MS: '600000',
    // The reminder job would send SMS of the seeded appointments to the outbox tests read, at random
    // moments; its own test (appointment-reminders.test.ts) turns it on with a controlled clock.
    REMINDERS_ENABLED: 'false',
    ...env,
  });
}

/** `logLines` collects the app's log (at LOG_LEVEL info) for tests that check what is never logged. */
export async function createTestApp(env: Record<string, string> = {}, options: { logLines?: string[] } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-server-data-'));
  const config = testConfig(dataDir, { LOG_LEVEL: options.logLines ? 'info' : 'silent', ...env });
  const database = await openTestDatabase();
  const logLines = options.logLines;
  const app = await buildApp(config, {
    database,
    prepareDatabase: false,
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line) } } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedInCaller {
  personId: string;
  sessionId: string;
  csrfToken: string;
  cookie: string;
  headers: { cookie: string };
}

export async function personIdOf(app: FastifyInstance, identityCode: string): Promise<string> {
  const rows = await app.db.select({ id: people.id }).from(people).where(eq(people.identityCode, identityCode));
  if (!rows[0]) throw new Error(`no person ${identityCode}`);
  return rows[0].id;
}

/** A session made directly through app.sessions (the sign-in flow is the identity module's). */
export async function signIn(app: FastifyInstance, identityCode: string, actingFor?: string): Promise<SignedInCaller> {
  const personId = await personIdOf(app, identityCode);
  const actingForPersonId = actingFor ? await personIdOf(app, actingFor) : null;
  const session = await app.sessions.issue({ personId, actingForPersonId });
  const cookie = `portal_session=${session.token}`;
  return { personId, sessionId: session.id, csrfToken: session.csrfToken, cookie, headers: { cookie } };
}

export async function expireSession(app: FastifyInstance, sessionId: string): Promise<void> {
  await app.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${sessionId}`);
}

const STATE_PATTERN = new RegExp(`<script type="application/json" id="${INITIAL_STATE_ELEMENT_ID}">([\\s\\S]*?)</script>`);

/** The state the page embeds: all of InitialState but the route table (routeTableOf). */
export function initialStateOf(response: LightMyRequestResponse): EmbeddedInitialState {
  const match = STATE_PATTERN.exec(response.body);
  if (!match) throw new Error('no initial state in the HTML');
  return embeddedInitialStateSchema.parse(JSON.parse(match[1]!));
}

/** GET /routes.json as the shell asks for it (with the caller's cookies: their remote versions), parsed as the shell parses it. */
export async function routeTableOf(app: FastifyInstance, headers: Record<string, string> = {}): Promise<RouteTable> {
  const res = await app.inject({ url: ROUTE_TABLE_PATH, headers });
  if (res.statusCode !== 200) throw new Error(`${ROUTE_TABLE_PATH} answered ${res.statusCode}: ${res.body}`);
  return routeTableSchema.parse(res.json());
}

/**
 * Counts the calls that send SQL to the database (round trips), whichever query builder call made
 * them: PGlite's `query` and `exec` (the prepared statements' EXECUTE, db/prepared.ts) on its one
 * connection, or node-postgres's `query` on any of the pool's connections; not the PREPAREs, which a
 * connection runs once. For tests that a request's reads do not grow with the data (one statement
 * per list, not one per row).
 */
/** Counts the statements sent on `db` (PREPAREs aside) and keeps their texts, PREPAREs included. */
/** The sessions module's slide of a session's expiry (sessions/service.ts resume). */
const SESSION_SLIDE = /^update "sessions" set "expires_at"/i;

export function countStatements(db: Database): { count: () => number; texts: string[]; reset: () => void; stop: () => void } {
  let calls = 0;
  const texts: string[] = [];
  const restore: (() => void)[] = [];
  const wrap = (target: object, method: string) => {
    const holder = target as Record<string, (...args: unknown[]) => unknown>;
    const original = holder[method]!;
    holder[method] = function counted(this: unknown, ...args: unknown[]) {
      const first = args[0];
      texts.push(typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'text' in first ? String(first.text) : String(first));
      const text = texts[texts.length - 1]!;
      // a PREPARE comes once per connection, whichever of the pool's connections a request gets;
      // the session's slide comes once per SLIDE_GRANULARITY_MS of a session's use, on whichever
      // request is the first after it (a busy machine moves it into the counted one), not per request
      if (!/^prepare\s/i.test(text) && !SESSION_SLIDE.test(text)) calls += 1;
      return original.apply(this, args);
    };
    restore.push(() => (holder[method] = original));
  };
  const client = (db as unknown as { $client: object }).$client;
  if ('exec' in client) {
    wrap(client, 'query');
    wrap(client, 'exec');
  } else {
    // the pool's own query() and the connections it hands out both end in a Client's query()
    wrap(pg.Client.prototype, 'query');
  }
  return { count: () => calls, texts, reset: () => (calls = 0), stop: () => restore.forEach((undo) => undo()) };
}
