import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './index';

/** What a prepared statement's placeholders take (see toLiteral for how PGlite gets them). */
export type StatementValue = string | number | boolean | null | Date | readonly string[];

/** The two clients openDatabase gives drizzle, as far as this module uses them. */
interface Connection {
  query(text: string): Promise<unknown>;
}
interface Pool {
  connect(): Promise<Connection & { release(error?: Error): void }>;
}
interface Pglite {
  exec(text: string): Promise<{ rows: unknown[] }[]>;
}

const dialect = new PgDialect();

/**
 * A PostgreSQL literal of `value` that the database reads exactly as it reads a parameter sent as
 * text; its type comes from where the statement uses it, as a parameter's does. An escape string
 * (E'…', backslashes and quotes escaped), so that it holds whatever standard_conforming_strings says.
 */
export function toLiteral(value: StatementValue): string {
  if (value === null) return 'NULL';
  const quote = (text: string) => `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) {
    // an array literal: every element double-quoted, its quotes and backslashes escaped
    return quote(`{${value.map((item: string) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`);
  }
  return quote(String(value));
}

/**
 * A statement the database plans once and runs many times: the front page's reads run on every
 * sign-in, and planning them (joins of five tables, a dozen subqueries) costs the database more
 * than running them on the few rows of one person: on PostgreSQL about three times as much.
 *
 * `build` gives the statement with `sql.placeholder(name)` where the values go. It is PREPAREd
 * once per connection (PGlite has one; each of the pool's on PostgreSQL) and then EXECUTEd with
 * its values as literals (toLiteral), in one round trip with `set local plan_cache_mode =
 * force_generic_plan`: left to itself (auto) the database keeps planning anew for every execution,
 * as a generic plan for "any of these people" looks dearer to it than one for the five at hand; the
 * setting lasts until the end of that one statement's implicit transaction, so no other statement
 * sees it. Neither driver's API has named statements for both (PGlite's none), hence SQL's own
 * PREPARE and EXECUTE.
 *
 * The rows are the database's own, keyed by the statement's column names (not mapped by drizzle):
 * let the statement name its columns, and prefer json, which both drivers parse alike. Only on the
 * application's database handle: a transaction's statements must stay on its own connection,
 * which this does not know, so there it throws.
 */
export function preparedStatement<Row, Values extends Record<string, StatementValue>>(
  name: string,
  build: () => SQL,
): (db: Database, values: Values) => Promise<Row[]> {
  let query: { sql: string; params: unknown[] } | undefined;
  // per connection its PREPARE (outliving transactions, a connection keeps it), shared by the calls
  // that come while it runs; one that failed (a table away) is tried again by the next call
  const prepared = new WeakMap<object, Promise<unknown>>();
  const prepareOn = (connection: object, run: (text: string) => Promise<unknown>) => {
    let preparing = prepared.get(connection);
    if (!preparing) {
      query ??= dialect.sqlToQuery(build());
      preparing = run(`prepare ${name} as ${query.sql}`);
      prepared.set(connection, preparing);
      preparing.catch(() => prepared.delete(connection));
    }
    return preparing;
  };
  const execute = (values: Values) => {
    const params = fillPlaceholders(query!.params, values) as StatementValue[];
    const args = params.length ? `(${params.map(toLiteral).join(', ')})` : '';
    return `set local plan_cache_mode = force_generic_plan; execute ${name}${args}`;
  };
  const rowsOf = (results: unknown) => {
    // both drivers answer a string of statements with a result per statement: the rows are the last's
    const last = (results as { rows: unknown[] }[]).at(-1);
    if (!last) throw new Error(`prepared statement ${name}: no result`);
    return last.rows as Row[];
  };
  return async (db, values) => {
    // why the cast: drizzle keeps the driver's client on the handle, untyped on the generic PgDatabase
    const client = (db as unknown as { $client?: Pool | Pglite }).$client;
    if (client && 'exec' in client) {
      await prepareOn(client, (text) => client.exec(text));
      return rowsOf(await client.exec(execute(values)));
    }
    if (client && 'connect' in client) {
      const connection = await client.connect();
      try {
        await prepareOn(connection, (text) => connection.query(text));
        const rows = rowsOf(await connection.query(execute(values)));
        connection.release();
        return rows;
      } catch (error) {
        // a connection that failed may be broken: the pool closes it instead of lending it again
        connection.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    }
    throw new Error(`prepared statement ${name}: only on the application's database handle, not in a transaction`);
  };
}
