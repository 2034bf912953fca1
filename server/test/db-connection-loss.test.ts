import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/index';
import { withTransaction } from '../src/db/transaction';
import { waitUntil } from './wait';

/**
 * The database restarted under load (issue 15 "Reliability", npm run bench:db-restart): a
 * PostgreSQL connection that dies while a transaction holds it (between two of its statements,
 * so no query is there to take the error) fails that transaction only. Before, the error was an
 * unhandled 'error' event that ended the server process. Only PostgreSQL has connections to lose.
 */

const url = process.env.DATABASE_URL;

describe('a PostgreSQL connection lost inside a transaction', { skip: url ? false : 'needs PostgreSQL (DATABASE_URL)' }, () => {
  let handle: DatabaseHandle;
  let admin: pg.Client;
  before(async () => {
    handle = await openDatabase({ databaseUrl: url! });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  after(async () => {
    await admin?.end();
    await handle?.close();
  });

  const backendPid = async (db: DatabaseHandle['db']) => {
    const result = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> };
    return result.rows[0]!.pid;
  };

  it('fails that transaction, leaves the process running, and the next statements get a new connection', async () => {
    let terminated = 0;
    await assert.rejects(
      withTransaction(handle.db, async (tx) => {
        terminated = await backendPid(tx);
        // what a database restart does to every connection: the server ends it
        await admin.query('select pg_terminate_backend($1)', [terminated]);
        // pg_terminate_backend only signals the backend: wait until it has gone
        await waitUntil('the terminated backend has exited', async () => (await admin.query('select 1 from pg_stat_activity where pid = $1', [terminated])).rowCount === 0);
        await tx.execute(sql`select 1`);
      }),
    );
    assert.ok(terminated > 0);
    // The pool dropped the dead connection: work goes on, on live ones, in and out of transactions.
    const pids = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? withTransaction(handle.db, (tx) => backendPid(tx)) : backendPid(handle.db))));
    assert.ok(!pids.includes(terminated), 'the terminated connection is never used again');
  });
});
