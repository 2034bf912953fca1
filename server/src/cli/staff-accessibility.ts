import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError, migrate, openDatabase } from '../db/index';
import { listFeedback } from '../modules/accessibility/index';

/**
 * The accessibility feedback patients send from the accessibility statement's form, for the staff
 * who answer it (the statement promises an answer within 14 days), from the command line; the same
 * list as GET /api/staff/accessibility-feedback:
 *
 *   npm run staff:accessibility                 the newest 100, newest first
 *   npm run staff:accessibility -- --limit 20   the newest 20 (1 to 500)
 *
 * Feedback holds no patient data of the sender's (who sent it is not kept; an email address only
 * when they left one to be answered), so listing it writes no audit row. It opens the database as
 * the server does (DATABASE_URL, else the PGlite folder in DATA_DIR); the embedded PGlite database
 * takes one process at a time, so stop the server first there.
 */

const USAGE = 'usage: staff-accessibility [--limit <1-500>]';

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { limit: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit takes a whole number from 1 to 500');

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, connectionTimeoutMs: config.databaseConnectionTimeoutMs, pgliteDataDir: path.join(config.dataDir, 'pglite') });
  try {
    // a database the server has not started on yet simply has no feedback
    await migrate(handle);
    const feedback = await listFeedback(handle.db, limit);
    if (feedback.length === 0) console.log('no accessibility feedback');
    for (const item of feedback) {
      const from = [item.brand, item.lang, item.signedIn ? 'signed in' : 'anonymous', item.email ?? 'no email'].join(', ');
      console.log(`#${item.id}  ${item.received}  (${from})${item.page ? `  page: ${item.page}` : ''}\n    ${item.description.replace(/\n/g, '\n    ')}`);
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message} Stop the server first (the embedded database takes one process at a time), or run the server on PostgreSQL (DATABASE_URL).`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
