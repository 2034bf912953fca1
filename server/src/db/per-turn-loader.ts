import DataLoader from 'dataloader';
import type { Database } from './index';

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

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A per-turn loader for a read whose answer depends on nothing but its key (and the time it runs):
 * `read` gets each distinct key of the turn once (`keyOf` tells which are the same), in one
 * statement for all of them, and the callers that asked the same key share its answer. The
 * front page's summaries read this way: at every sign-in, for everyone signing in at that moment.
 *
 * The answer is read after the call, as a read of its own would be: only the calls of one turn
 * share it, nothing is kept. The callers must treat it as read-only (they share the object).
 * When the statement fails for several keys, each key is read again on its own, so a key the
 * database refuses fails only its own callers.
 */
export function createPerTurnReader<K, V>(
  keyOf: (key: K) => string,
  read: (keys: readonly K[]) => Promise<readonly V[]>,
): (key: K) => Promise<V> {
  const loader = createPerTurnLoader<K, V>(async (keys) => {
    const distinct = new Map<string, K>();
    for (const key of keys) if (!distinct.has(keyOf(key))) distinct.set(keyOf(key), key);
    const asked = [...distinct.values()];
    let answers: readonly (V | Error)[];
    try {
      answers = await read(asked);
    } catch (error) {
      if (asked.length === 1) throw error;
      answers = await Promise.all(asked.map((key) => read([key]).then(([answer]) => answer as V, asError)));
    }
    if (answers.length !== asked.length) throw new Error(`a per-turn read answered ${answers.length} values for ${asked.length} keys`);
    const byKey = new Map(asked.map((key, i) => [keyOf(key), answers[i]!]));
    return keys.map((key) => byKey.get(keyOf(key))!);
  });
  return (key) => loader.load(key);
}

/**
 * One `create(db)` per database handle, made when first asked: a per-turn loader must batch the
 * statements of one handle only (a transaction has its own, so its reads stay inside it).
 */
export function perDatabase<T>(create: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = create(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * A per-turn reader keyed by person and language, for a read that is one statement per language
 * (the front page's booking and records summaries: the language picks a column, so each has a
 * statement of its own): the turn's calls grouped by language, `readForLanguage` called once per
 * language with that language's distinct people, and each caller answered its own person's value
 * (`readForLanguage` answers in `personIds`' order). Every language of a turn reads at the same
 * `now`, the moment the turn's read starts. One reader per database handle, as createPerTurnReader.
 */
export function createPerTurnReaderByLanguage<L extends string, V>(
  readForLanguage: (db: Database, lang: L, personIds: readonly string[], now: Date) => Promise<readonly V[]>,
): (db: Database, personId: string, lang: L) => Promise<V> {
  interface Key {
    personId: string;
    lang: L;
  }
  const keyOf = (key: Key) => `${key.lang}\u0001${key.personId}`;
  const readers = perDatabase((db) =>
    createPerTurnReader(
      keyOf,
      async (keys: readonly Key[]) => {
        const now = new Date();
        const peopleByLang = new Map<L, string[]>();
        for (const key of keys) {
          const personIds = peopleByLang.get(key.lang);
          if (personIds) personIds.push(key.personId);
          else peopleByLang.set(key.lang, [key.personId]);
        }
        const answers = new Map<string, V>();
        await Promise.all(
          [...peopleByLang].map(async ([lang, personIds]) => {
            const values = await readForLanguage(db, lang, personIds, now);
            if (values.length !== personIds.length) throw new Error(`a per-language read answered ${values.length} values for ${personIds.length} people`);
            personIds.forEach((personId, i) => answers.set(keyOf({ lang, personId }), values[i] as V));
          }),
        );
        return keys.map((key) => answers.get(keyOf(key)) as V);
      },
    ),
  );
  return (db, personId, lang) => readers(db)({ personId, lang });
}
