import type { Database } from './index';

/**
 * Runs `work` in one transaction, handing it the transaction as a `Database`, so the functions
 * that take a database (and every module's queries) run unchanged inside it. Inside, use only
 * `tx`: on PGlite (one connection) a query on the outer database waits for the transaction to end.
 * A PgTransaction is a PgDatabase with the same query builder, so no cast is needed.
 */
export function withTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
