import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool as PgPool } from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock';

export { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock';

/**
 * The Drizzle database, whichever driver runs under it (PGlite or node-postgres). Modules use the
 * query builder with their own schema.ts tables; nothing depends on the driver.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * How long a query waits for a PostgreSQL connection (a free one of the pool's, or a new one being
 * opened) before it fails, when DATABASE_CONNECTION_TIMEOUT_MS does not say: without a limit a
 * database that does not answer, or a pool whose every connection is busy, holds a request forever.
 */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 5_000;

/** A PostgreSQL pool's connections now (pg.Pool's own counters). */
export interface PoolStats {
  total: number;
  idle: number;
  /** queries waiting for a connection: above zero for long, the pool is too small or a query too slow */
  waiting: number;
}

// Keyed by the Drizzle database so the metrics can read the pool without the handle (which only
// app.ts holds) and without widening what modules may do with the pool: they get its counts only.
const poolStats = new WeakMap<Database, () => PoolStats>();

/** The pool's counts behind this database; null for PGlite, which has no pool. */
export function poolStatsOf(db: Database): PoolStats | null {
  return poolStats.get(db)?.() ?? null;
}

export interface OpenDatabaseOptions {
  /** postgres://… when set; otherwise PGlite */
  databaseUrl: string | null;
  /** PostgreSQL: see DEFAULT_CONNECTION_TIMEOUT_MS, the default */
  connectionTimeoutMs?: number;
  /** PGlite data folder, or 'memory://' */
  pgliteDataDir?: string;
  /** PGlite: start from this dump (tests clone a migrated, seeded template) */
  pgliteLoadDataDir?: Blob;
  /**
   * PGlite: the folder's lock when the caller took it already (reset must hold it before it
   * removes the folder). Otherwise openDatabase takes it. Either way closing the handle releases it.
   */
  pgliteLock?: DataDirLock;
}

/**
 * The folder on this machine a PGlite dataDir names, or null when it names none (memory://, and
 * idb:// and opfs-ahp://, which are the browser's): only a folder needs the lock.
 */
export function pgliteFolder(dataDir: string): string | null {
  if (dataDir.startsWith('file://')) return dataDir.slice('file://'.length);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir) ? null : dataDir;
}

/** The migrations folder: server/drizzle next to src/ in development, dist/drizzle when bundled. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '..', '..', 'drizzle'), path.resolve(here, 'drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    });
    // An idle connection the server ends (restart, failover, an administrator) must not crash the
    // process: pg emits it on the pool, and the next query simply opens a new connection.
    pool.on('error', (err) => console.error('[db] idle PostgreSQL connection closed:', err.message));
    // The pool listens only while a connection is idle. One that dies while checked out (inside a
    // transaction, between its statements) emits 'error' with nobody listening, which would end the
    // process. The transaction gets the error from its next statement anyway, and the pool drops the
    // dead connection when it is released, so here it needs no more than a listener.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle({ client: pool }) as unknown as Database;
    poolStats.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    return { db, driver: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dataDir = options.pgliteDataDir ?? 'memory://';
  const folder = pgliteFolder(dataDir);
  // Before PGlite reads a byte: a refused process must leave the folder as it found it.
  const lock = options.pgliteLock ?? (folder === null ? null : lockDataDir(folder));
  let client;
  try {
    if (folder !== null) mkdirSync(folder, { recursive: true });
    client = await PGlite.create({
      dataDir,
      ...(options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzle({ client });
  const opened = client;
  const close = async () => {
    try {
      await opened.close();
    } finally {
      lock?.release();
    }
  };
  return { db: db as unknown as Database, driver: 'pglite', close };
}

/** Applies the committed migrations (idempotent: drizzle records what it has applied). */
/** pg_advisory_lock's key for migrations: any constant no other code of this database uses */
const MIGRATION_LOCK_KEY = 7_300_301;

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const folder = migrationsFolder();
  if (handle.driver === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // Instances started together (a cluster's first start, a rolling deploy) would each run the same
    // pending migrations at once, and all but one fail on tables that appeared meanwhile: the first
    // takes a session lock, the others wait for it and then find nothing left to do.
    const pool = (handle.db as unknown as { $client: PgPool }).$client;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await run(handle.db as unknown as Parameters<typeof run>[0], { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      client.release();
    }
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as unknown as Parameters<typeof run>[0], { migrationsFolder: folder });
  }
}

/** Dumps a PGlite database (for cloning in tests). */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  if (handle.driver !== 'pglite') throw new Error('dumpPglite needs a PGlite database');
  const client = (handle.db as unknown as { $client: { dumpDataDir(c?: 'none' | 'gzip' | 'auto'): Promise<Blob> } })
    .$client;
  return client.dumpDataDir('none');
}
