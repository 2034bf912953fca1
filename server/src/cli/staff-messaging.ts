import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError, openDatabase } from '../db/index';
import {
  assignThread,
  closeThread,
  deleteMessage,
  listProfessionals,
  listThreadsOfCustomer,
  postProfessionalReply,
  reopenThread,
  StaffError,
  type StaffChannel,
} from '../modules/messaging/staff';

/**
 * The professionals' side of messaging from the command line, for testers (docs/product-decisions.md, "Staff work is outside the portal"):
 *
 *   npm run staff:messaging -- list-professionals
 *   npm run staff:messaging -- list-threads --identity-code 150385-9013
 *   npm run staff:messaging -- reply --thread 12 --professional 3 --text "Hei, …"
 *   npm run staff:messaging -- close --thread 12        (reopen --thread 12)
 *   npm run staff:messaging -- assign --thread 12 --professional 3
 *   npm run staff:messaging -- delete --message 40 --by 3 --reason "Väärä potilas"
 *
 * It opens the database as the server does (DATABASE_URL, else the PGlite folder in DATA_DIR).
 * The embedded PGlite database takes one process at a time (openDatabase locks the folder, and
 * this command refuses while the server holds it): stop the server first, or use the staff HTTP
 * API (STAFF_API_TOKEN) while it runs.
 *
 * Every command but list-professionals reads a patient's data and writes an audit row for them
 * (staff channel `cli`; see modules/messaging/staff.ts): their access log shows a healthcare professional.
 */

const CLI: StaffChannel = { channel: 'cli' };

const USAGE = `usage: staff-messaging <command> [options]
  list-professionals
  list-threads --identity-code <code>
  reply   --thread <id> --professional <id> --text <text>
  close   --thread <id>
  reopen  --thread <id>
  assign  --thread <id> --professional <id>
  delete  --message <id> --by <professional id> [--reason <text>]`;

class UsageError extends Error {}

function id(value: string | undefined, option: string): number {
  if (value === undefined || !/^[0-9]{1,10}$/.test(value)) throw new UsageError(`--${option} needs a numeric id`);
  return Number(value);
}

function text(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${option} is required`);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      thread: { type: 'string' },
      professional: { type: 'string' },
      text: { type: 'string' },
      message: { type: 'string' },
      by: { type: 'string' },
      reason: { type: 'string' },
      'identity-code': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, connectionTimeoutMs: config.databaseConnectionTimeoutMs, pgliteDataDir: path.join(config.dataDir, 'pglite') });
  const db = handle.db;
  try {
    switch (command) {
      case 'list-professionals':
        for (const p of await listProfessionals(db)) {
          console.log(`${String(p.id).padStart(4)}  ${p.name}${p.title ? `, ${p.title}` : ''}${p.isTeamRecipient ? '  (team recipient)' : ''}`);
        }
        break;
      case 'list-threads': {
        const threads = await listThreadsOfCustomer(db, { identityCode: text(values['identity-code'], 'identity-code') }, CLI);
        if (threads.length === 0) console.log('no threads');
        for (const t of threads) {
          console.log(`${String(t.id).padStart(5)}  ${t.lastActivityAt}  ${t.isActive ? 'open  ' : 'closed'}  ${String(t.messageCount).padStart(3)} msgs  ${t.title}`);
        }
        break;
      }
      case 'reply': {
        const message = await postProfessionalReply(
          db,
          {
            threadId: id(values.thread, 'thread'),
            professionalUserId: id(values.professional, 'professional'),
            content: text(values.text, 'text'),
          },
          CLI,
        );
        console.log(`message ${message.id} posted at ${message.createdAt.toISOString()}`);
        break;
      }
      case 'close':
        await closeThread(db, { threadId: id(values.thread, 'thread') }, CLI);
        console.log('closed');
        break;
      case 'reopen':
        await reopenThread(db, { threadId: id(values.thread, 'thread') }, CLI);
        console.log('reopened');
        break;
      case 'assign':
        await assignThread(db, { threadId: id(values.thread, 'thread'), assigneeUserId: id(values.professional, 'professional') }, CLI);
        console.log('assigned');
        break;
      case 'delete':
        await deleteMessage(db, { messageId: id(values.message, 'message'), deletedByUserId: id(values.by, 'by'), reason: values.reason ?? '' }, CLI);
        console.log('deleted');
        break;
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof StaffError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message} While the server runs, the staff HTTP API (STAFF_API_TOKEN) does what this command does.`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
