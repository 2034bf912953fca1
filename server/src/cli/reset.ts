import { rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/index';
import { seedDemoWorld } from '../seed/index';

/** Wipes the database (PGlite folder, or every table of DATABASE_URL) and seeds the demo world again. */
async function reset() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const folder = path.join(config.dataDir, 'pglite');
    rmSync(folder, { recursive: true, force: true });
    console.log(`removed ${folder}`);
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: path.join(config.dataDir, 'pglite') });
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
  console.error(err);
  process.exit(1);
});
