import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/index';
import { createPeopleService } from '../src/modules/patients/people';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { openTestDatabase } from './helpers';

/**
 * patients/people.ts's findById: the asks of one turn of the event loop share a statement (every
 * signed-in page asks its person and a guardian's ward); each must still answer its own.
 */

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase();
});
after(async () => handle.close());

async function rowOf(identityCode: string) {
  const [row] = await handle.db.select().from(people).where(eq(people.identityCode, identityCode));
  assert.ok(row, identityCode);
  return row;
}

describe('findById', () => {
  it('answers each of the asks made at once its own person (null: no such person), as a read of its own does', async () => {
    const service = createPeopleService(handle.db);
    const [mikko, aino, ella] = await Promise.all([rowOf(PERSONAS.mikko), rowOf(PERSONAS.aino), rowOf(PERSONAS.ella)]);
    const asked = [mikko.id, aino.id, randomUUID(), ella.id, mikko.id];
    const together = await Promise.all(asked.map((id) => service.findById(id)));
    assert.deepEqual(together, [mikko, aino, null, ella, mikko]);
    // one at a time: the same values
    const alone = [];
    for (const id of asked) alone.push(await service.findById(id));
    assert.deepEqual(alone, together);
  });

  it('an id that is no uuid fails its own ask only', async () => {
    const service = createPeopleService(handle.db);
    const mikko = await rowOf(PERSONAS.mikko);
    const [good, bad] = await Promise.allSettled([service.findById(mikko.id), service.findById('not-a-uuid')]);
    assert.deepEqual(good, { status: 'fulfilled', value: mikko });
    assert.equal(bad.status, 'rejected');
  });
});
