import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { DataDirLockedError, lockDataDir, migrate, openDatabase, type DataDirLock } from '../db/index';
import { seedDemoWorld } from '../demo/seed/index';

/** Wipes the database (PGlite folder, or every table of DATABASE_URL) and seeds the demo world again. */
async function reset() {
  const config = loadConfig();
  // Wiping is for the demo world only: never a database of real patients.
  if (!config.demo) {
    console.error('npm run reset wipes the database and seeds the demo world: it runs only with DEMO=true');
    process.exit(2);
  }
  const folder = path.join(config.dataDir, 'pglite');
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    // Removing the folder under a running server is the corruption the lock exists to prevent:
    // take it first, and on refusal touch nothing.
    lock = lockDataDir(folder);
    try {
      rmSync(folder, { recursive: true, force: true });
    } catch (error) {
      lock.release();
      throw error;
    }
    console.log(`removed ${folder}`);
  }
  // The handle takes over the lock and releases it when it closes (or fails to open).
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    connectionTimeoutMs: config.databaseConnectionTimeoutMs,
    pgliteDataDir: folder,
    ...(lock ? { pgliteLock: lock } : {}),
  });
  try {
    if (config.databaseUrl) {
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`drop schema public cascade`);
      await handle.db.execute(sql`create schema public`);
      console.log('dropped every table of DATABASE_URL');
    }
    await migrate(handle);
    await seedDemoWorld(handle.db);
    console.log('demo world seeded');
  } finally {
    await handle.close();
  }
}

reset().catch((err) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
