import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/index';
import { preparedStatement } from '../src/db/prepared';
import { withTransaction } from '../src/db/transaction';
import { openTestDatabase } from './helpers';

/**
 * db/prepared.ts sends a prepared statement's values as literals in the statement's text: each must
 * reach the database exactly as a bound parameter would, whatever characters it holds.
 */

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase();
});
after(async () => handle.close());

const echo = preparedStatement<
  { text: string; list: string[]; at: string; n: number; flag: boolean; missing: string | null },
  { text: string; list: readonly string[]; at: Date; n: number; flag: boolean; missing: string | null }
>(
  'test_prepared_echo',
  () => sql`select ${sql.placeholder('text')}::text as text, ${sql.placeholder('list')}::text[] as list,
    to_char(${sql.placeholder('at')}::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at,
    ${sql.placeholder('n')}::int as n, ${sql.placeholder('flag')}::boolean as flag, ${sql.placeholder('missing')}::text as missing`,
);

describe('preparedStatement', () => {
  it('gives the database every value exactly: quotes, backslashes, commas and braces, dates, numbers, null', async () => {
    const awkward = `it's a \\ "quoted" {a,b} '); drop table people; --`;
    const values = { text: awkward, list: [awkward, '', 'NULL', 'x,y'], at: new Date('2026-11-24T21:40:05.123Z'), n: -42, flag: false, missing: null };
    // twice: the first call prepares, the second only executes
    for (let i = 0; i < 2; i++) {
      const [row] = await echo(handle.db, values);
      assert.deepEqual(row, { text: awkward, list: [awkward, '', 'NULL', 'x,y'], at: '2026-11-24T21:40:05.123', n: -42, flag: false, missing: null });
    }
    // why the cast: execute()'s answer is typed per driver; both carry `rows`
    const { rows } = (await handle.db.execute(sql`select count(*)::int as count from people`)) as unknown as { rows: { count: number }[] };
    assert.ok(rows[0]!.count > 0, 'the people are still there');
  });

  it('answers calls made at once, each with its own values', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `caller ${i}`);
    const answers = await Promise.all(
      texts.map((text) => echo(handle.db, { text, list: [text], at: new Date(0), n: 1, flag: true, missing: null })),
    );
    assert.deepEqual(
      answers.map(([row]) => row?.text),
      texts,
    );
  });

  it('leaves the plan setting of later statements alone', async () => {
    await echo(handle.db, { text: 'x', list: [], at: new Date(0), n: 0, flag: true, missing: null });
    // why the cast: execute()'s answer is typed per driver; both carry `rows`
    const { rows } = (await handle.db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as { rows: { mode: string }[] };
    assert.equal(rows[0]!.mode, 'auto');
  });

  it('refuses to run inside a transaction, whose statements must stay on its connection', async () => {
    await assert.rejects(
      withTransaction(handle.db, (tx) => echo(tx, { text: 'x', list: [], at: new Date(0), n: 0, flag: true, missing: null })),
      /not in a transaction/,
    );
  });
});
