import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { count, gt } from 'drizzle-orm';
import { appointmentSlots, clinics, specialties } from '../src/modules/clinics/schema';
import { people } from '../src/modules/patients/schema';
import { seedDemoWorld } from '../src/demo/seed/index';
import { openTestDatabase } from './helpers';
import type { DatabaseHandle } from '../src/db/index';

let handle: DatabaseHandle;
before(async () => {
  handle = await openTestDatabase();
});
after(async () => handle.close());

describe('demo world seed', () => {
  it('seeds once: starting again on the same database keeps the data', async () => {
    const peopleBefore = await handle.db.select({ n: count() }).from(people);
    assert.equal(await seedDemoWorld(handle.db), false);
    const peopleAfter = await handle.db.select({ n: count() }).from(people);
    assert.deepEqual(peopleAfter, peopleBefore);
  });

  it('has the clinics, specialties and four weeks of free slots the spec names', async () => {
    const municipalities = new Set((await handle.db.select({ m: clinics.municipality }).from(clinics)).map((r) => r.m));
    for (const m of ['Helsinki', 'Espoo', 'Vantaa', 'Kerava', 'Järvenpää', 'Tuusula', 'Hyvinkää']) assert.ok(municipalities.has(m), m);
    const ids = new Set((await handle.db.select({ id: clinics.id }).from(clinics)).map((r) => r.id));
    for (const id of ['RMT', 'CHA', 'OS', 'NRMT']) assert.ok(ids.has(id), id);
    const codes = new Set((await handle.db.select({ id: specialties.id }).from(specialties)).map((r) => r.id));
    for (const code of ['PSY', 'ENDO', 'GYN', 'NNA', 'GRG', 'TPSG', 'ROKT']) assert.ok(codes.has(code), code);
    const [future] = await handle.db.select({ n: count() }).from(appointmentSlots).where(gt(appointmentSlots.startsAt, new Date()));
    assert.ok((future?.n ?? 0) > 500);
    const [late] = await handle.db
      .select({ n: count() })
      .from(appointmentSlots)
      .where(gt(appointmentSlots.startsAt, new Date(Date.now() + 21 * 86_400_000)));
    assert.ok((late?.n ?? 0) > 0, 'slots reach the fourth week');
  });

  it('has the five personas and the child', async () => {
    const codes = (await handle.db.select({ code: people.identityCode, registered: people.registered }).from(people)).map(
      (r) => `${r.code}:${r.registered}`,
    );
    for (const c of ['150385-9013:true', '021178-912P:true', '240690-935P:true', '121264-9685:true', '070916A946D:true', '050575Y983A:false']) {
      assert.ok(codes.includes(c), c);
    }
  });
});
