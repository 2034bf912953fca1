import DataLoader from 'dataloader';

/**
 * A per-request batching loader: every `load(key)` asked for while GraphQL resolves one level of a
 * list is answered by one `batch(keys)` call, so a list of 200 threads costs one query for their
 * messages, not 200. Results are cached for the request; a failed batch is forgotten, so a later
 * load asks again. dataloader does the scheduling and caching; this adapts it to batches that
 * answer a Map (keys without a row get `missing(key)`).
 */
export interface BatchLoader<K, V> {
  load(key: K): Promise<V>;
  /** Answers `key` with `value` from now on (what a query already fetched need not be asked again). */
  prime(key: K, value: V): void;
}

export function createBatchLoader<K, V>(batch: (keys: K[]) => Promise<Map<K, V>>, missing: (key: K) => V): BatchLoader<K, V> {
  const loader = new DataLoader<K, V>(async (keys) => {
    const values = await batch([...keys]);
    return keys.map((key) => (values.has(key) ? (values.get(key) as V) : missing(key)));
  });
  return {
    load: (key) => loader.load(key),
    prime: (key, value) => {
      loader.prime(key, value);
    },
  };
}
