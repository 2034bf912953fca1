import path from 'node:path';
import { loadCoreConfig } from '../config/core';
import { DataDirLockedError, lockDataDir } from '../db/index';

/**
 * `npm start` asks this before it builds anything: a portal already running on the same embedded
 * database folder serves its bundles from this checkout, and rebuilding them under it would serve
 * half-written pages for minutes before the new server refused the folder anyway. Exits 2 naming the
 * holder; 0 when the folder is free (it is let go at once) or the database is PostgreSQL.
 */
function main(): number {
  const config = loadCoreConfig(process.env);
  if (config.databaseUrl) return 0;
  try {
    lockDataDir(path.join(config.dataDir, 'pglite')).release();
    return 0;
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    console.error('Nothing was built or changed: the running portal keeps serving its files.');
    return 2;
  }
}

process.exit(main());
