import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationsFolder, type Database } from '../../db/index';
import { NotReady, type ReadinessCheck } from './readiness';

/** PostgreSQL's codes for a table or schema that is not there: drizzle has never migrated this database. */
const NOT_MIGRATED_CODES = new Set(['42P01', '3F000']);

/** drizzle wraps the driver's error (DrizzleQueryError); the SQLSTATE is on it or on its cause. */
function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The database answers a statement. */
export function databaseCheck(db: Database): ReadinessCheck {
  return async () => {
    try {
      await db.execute(sql`select 1`);
    } catch {
      throw new NotReady('unreachable');
    }
  };
}

/** When the newest migration this build carries was made (drizzle's journal, as the migrator reads it). */
export function latestMigrationMillis(folder: string = migrationsFolder()): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * The database holds this build's newest migration. drizzle's migrator applies every migration made
 * after the newest it recorded, so that one's time is enough; a database migrated further (a newer
 * instance in a rolling deploy came first) is ready for this one too.
 */
export function migrationsCheck(db: Database, latestMillis: number): ReadinessCheck {
  return async () => {
    let migrated: unknown;
    try {
      const result = await db.execute(sql`select coalesce(max(created_at) >= ${latestMillis}, false) as migrated from drizzle.__drizzle_migrations`);
      // why the cast: Database is generic over the driver, whose result type it leaves unknown; both
      // drivers answer { rows }.
      migrated = (result as unknown as { rows: { migrated?: unknown }[] }).rows[0]?.migrated;
    } catch (error) {
      if (NOT_MIGRATED_CODES.has(sqlStateOf(error) ?? '')) throw new NotReady('pending');
      throw error;
    }
    if (migrated !== true) throw new NotReady('pending');
  };
}

/**
 * The remote registry has been read and every version it serves has its files here. Read at probe
 * time: the registry (its module's, or the pages' static one) is decorated after this module.
 */
export function remoteRegistryCheck(app: FastifyInstance): ReadinessCheck {
  return async () => {
    if (!app.hasDecorator('remoteRegistry') || !app.remoteRegistry.ready()) throw new NotReady('loading');
  };
}
