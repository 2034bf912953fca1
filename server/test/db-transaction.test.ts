import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/index';
import { withTransaction } from '../src/db/transaction';
import { people } from '../src/modules/patients/schema';
import { openTestDatabase } from './helpers';

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase();
});
after(async () => handle.close());

const CODE = '010101-999W';
const countOf = async () => (await handle.db.select({ id: people.id }).from(people).where(eq(people.identityCode, CODE))).length;

describe('withTransaction', () => {
  it('commits what the work wrote and answers its result', async () => {
    const id = await withTransaction(handle.db, async (tx) => {
      const [row] = await tx.insert(people).values({ identityCode: CODE, givenName: 'Testi' }).returning({ id: people.id });
      // the transaction reads its own write through the same query builder
      assert.equal((await tx.select({ id: people.id }).from(people).where(eq(people.identityCode, CODE))).length, 1);
      return row!.id;
    });
    assert.equal(typeof id, 'string');
    assert.equal(await countOf(), 1);
    await handle.db.delete(people).where(eq(people.identityCode, CODE));
  });

  it('rolls everything back when the work throws, and throws the same error', async () => {
    const failure = new Error('refused half-way');
    await assert.rejects(
      withTransaction(handle.db, async (tx) => {
        await tx.insert(people).values({ identityCode: CODE, givenName: 'Testi' });
        throw failure;
      }),
      (error: unknown) => error === failure,
    );
    assert.equal(await countOf(), 0);
  });
});
