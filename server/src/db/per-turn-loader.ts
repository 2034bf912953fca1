import DataLoader from 'dataloader';

/**
 * A loader for the statements every API call runs whoever asks (the session lookup, the audit
 * row): the requests that reach the server in the same turn of the event loop share one
 * statement. Under load that is several requests per round trip to the database, and each round
 * trip costs both processes a system call on the socket and a statement to parse and run; alone,
 * a request waits for nothing but the end of the current turn (setImmediate).
 *
 * No cache: every call reads or writes afresh (a session may end between two requests).
 */
export function createPerTurnLoader<K, V>(batch: (keys: readonly K[]) => Promise<readonly (V | Error)[]>, maxBatchSize = 100): DataLoader<K, V> {
  return new DataLoader<K, V>(batch, { cache: false, maxBatchSize, batchScheduleFn: (run) => setImmediate(run) });
}
