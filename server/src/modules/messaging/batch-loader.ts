/**
 * A per-request batching loader (the DataLoader pattern in a few lines): every `load(key)` asked
 * for while GraphQL resolves one level of a list is answered by one `batch(keys)` call, so a list
 * of 200 threads costs one query for their messages, not 200. Results are cached for the request.
 */
export interface BatchLoader<K, V> {
  load(key: K): Promise<V>;
  /** Answers `key` with `value` from now on (what a query already fetched need not be asked again). */
  prime(key: K, value: V): void;
}

export function createBatchLoader<K, V>(batch: (keys: K[]) => Promise<Map<K, V>>, missing: (key: K) => V): BatchLoader<K, V> {
  const cache = new Map<K, Promise<V>>();
  let pending: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  const dispatch = () => {
    const queue = pending;
    pending = [];
    batch(queue.map((entry) => entry.key)).then(
      (values) => {
        for (const entry of queue) entry.resolve(values.has(entry.key) ? (values.get(entry.key) as V) : missing(entry.key));
      },
      (error: unknown) => {
        for (const entry of queue) {
          cache.delete(entry.key);
          entry.reject(error);
        }
      },
    );
  };

  return {
    load(key) {
      const cached = cache.get(key);
      if (cached) return cached;
      const promise = new Promise<V>((resolve, reject) => {
        pending.push({ key, resolve, reject });
        // After the promise jobs of this tick: GraphQL has called every sibling resolver by then.
        if (pending.length === 1) void Promise.resolve().then(() => process.nextTick(dispatch));
      });
      cache.set(key, promise);
      return promise;
    },
    prime(key, value) {
      if (!cache.has(key)) cache.set(key, Promise.resolve(value));
    },
  };
}
