import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Database } from '../src/db/index';
import { createPerTurnReaderByLanguage } from '../src/db/per-turn-loader';

/**
 * db/per-turn-loader.ts's reader by person and language (the front page's booking and records
 * summaries): one read per language per turn of the event loop, each caller answered its own.
 */

type Lang = 'fi' | 'sv' | 'en';
interface Call {
  db: Database;
  lang: Lang;
  personIds: readonly string[];
  now: Date;
}

/** A reader whose read answers "<lang>:<person>" and records how it was called. */
function recordingReader(fail: (personIds: readonly string[]) => boolean = () => false) {
  const calls: Call[] = [];
  const read = createPerTurnReaderByLanguage(async (db: Database, lang: Lang, personIds: readonly string[], now: Date) => {
    calls.push({ db, lang, personIds, now });
    if (fail(personIds)) throw new Error(`the database refuses ${personIds.join(', ')}`);
    return personIds.map((personId) => `${lang}:${personId}`);
  });
  return { read, calls };
}

// why the casts: the reader only keys its loaders by the handle; nothing here reaches a database
const db = {} as Database;
const otherDb = {} as Database;

describe('createPerTurnReaderByLanguage', () => {
  it('reads once per language in a turn, with that language’s distinct people, and answers each caller its own person’s value', async () => {
    const { read, calls } = recordingReader();
    const asks: [string, Lang][] = [
      ['mikko', 'fi'],
      ['aino', 'sv'],
      ['jukka', 'fi'],
      ['mikko', 'fi'],
      ['mikko', 'en'],
      ['aino', 'fi'],
      ['aino', 'sv'],
    ];
    const answers = await Promise.all(asks.map(([personId, lang]) => read(db, personId, lang)));
    assert.deepEqual(
      answers,
      asks.map(([personId, lang]) => `${lang}:${personId}`),
    );
    assert.deepEqual(
      calls.map((call) => [call.lang, [...call.personIds]]),
      [
        ['fi', ['mikko', 'jukka', 'aino']],
        ['sv', ['aino']],
        ['en', ['mikko']],
      ],
    );
    assert.ok(calls.every((call) => call.db === db));
    assert.equal(new Set(calls.map((call) => call.now)).size, 1, 'every language of the turn reads at the same moment');
  });

  it('reads again in the next turn (nothing is kept), and each database handle on its own', async () => {
    const { read, calls } = recordingReader();
    assert.equal(await read(db, 'mikko', 'fi'), 'fi:mikko');
    assert.equal(await read(db, 'mikko', 'fi'), 'fi:mikko');
    assert.equal(calls.length, 2);
    const [one, other] = await Promise.all([read(db, 'aino', 'en'), read(otherDb, 'aino', 'en')]);
    assert.deepEqual([one, other], ['en:aino', 'en:aino']);
    assert.deepEqual(
      calls.slice(2).map((call) => [call.db === db ? 'db' : 'otherDb', [...call.personIds]]),
      [
        ['db', ['aino']],
        ['otherDb', ['aino']],
      ],
    );
  });

  it('a person the read refuses fails only their own callers', async () => {
    const { read } = recordingReader((personIds) => personIds.includes('pekka'));
    const [mikko, pekka, aino] = await Promise.allSettled([read(db, 'mikko', 'fi'), read(db, 'pekka', 'fi'), read(db, 'aino', 'sv')]);
    assert.deepEqual(mikko, { status: 'fulfilled', value: 'fi:mikko' });
    assert.equal(pekka.status, 'rejected');
    assert.match(String((pekka as PromiseRejectedResult).reason), /refuses pekka/);
    assert.deepEqual(aino, { status: 'fulfilled', value: 'sv:aino' });
  });

  it('refuses a read that answers a different number of values than it was asked people', async () => {
    const read = createPerTurnReaderByLanguage(async (_db: Database, _lang: Lang, personIds: readonly string[]) => personIds.slice(1));
    await assert.rejects(read(db, 'mikko', 'fi'), /answered 0 values for 1 people/);
  });
});
