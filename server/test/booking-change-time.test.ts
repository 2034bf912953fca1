import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { changeTimePageStateSchema, changeTimeResponseSchema, changeTimeSlotPageSchema, validationErrorSchema } from '@portal/shared-api';
import { appointments, waitlistEntries } from '../src/modules/booking/schema';
import { practitioners, practitionerSpecialties } from '../src/modules/clinics/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addSlot, book, bookNew, storedAppointment } from './booking-extras-fixtures';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * "Change time" (beyond the spec, issue 13) over HTTP: the same practitioner's free times and the
 * swap in one transaction (the old slot released only when the new one is held), refused inside the
 * cancellation window like cancel.
 */

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
let practitionerId: number;
const DAY = 24 * 60;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
  // a practitioner of the test's own, so the seeded calendar does not mix into the lists
  const [row] = await t.app.db.insert(practitioners).values({ firstName: 'Testi', lastName: 'Siirto', title: 'Yleislääkäri', profession: 'Doctor' }).returning({ id: practitioners.id });
  practitionerId = row!.id;
  await t.app.db.insert(practitionerSpecialties).values({ practitionerId, specialtyId: 'YLE' });
});
after(async () => t?.close());

async function page(id: string, caller: SignedInCaller = mikko) {
  const res = await t.app.inject({ url: `/api/pages/booking.change-time?lang=en&id=${id}`, headers: caller.headers });
  return { status: res.statusCode, state: changeTimePageStateSchema.parse(res.json().state) };
}

function change(id: string, body: unknown, caller: SignedInCaller | null = mikko, csrf = true) {
  const query = caller && csrf ? `?csrfToken=${encodeURIComponent(caller.csrfToken)}` : '';
  return t.app.inject({ method: 'POST', url: `/api/appointments/${id}/change-time${query}`, payload: body as object, ...(caller ? { headers: caller.headers } : {}) });
}

describe('booking.change-time: the same practitioner\'s free times', () => {
  it('lists the next four weeks soonest first, 20 at a time, without taken, past, far or own slots', async () => {
    const current = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 2 * DAY });
    const free: number[] = [];
    for (let i = 0; i < 25; i++) free.push(await addSlot(t.app, { practitionerId, startsInMinutes: 3 * DAY + i * 60 }));
    await bookNew(t.app, aino.personId, { practitionerId, startsInMinutes: 3 * DAY - 30 }); // taken
    await addSlot(t.app, { practitionerId, startsInMinutes: -60 }); // past
    await addSlot(t.app, { practitionerId, startsInMinutes: 29 * DAY }); // beyond four weeks

    const res = await page(current.id);
    assert.equal(res.status, 200);
    assert.ok(res.state.status === 'ok');
    assert.equal(res.state.appointment.id, current.id);
    assert.equal(res.state.appointment.practitioner.name, 'Testi Siirto');
    assert.deepEqual(res.state.slots.map((s) => Number(s.id)), free.slice(0, 20));
    assert.equal(res.state.hasMore, true);

    const more = await t.app.inject({ url: `/api/appointments/${current.id}/change-time/slots?offset=20`, headers: mikko.headers });
    assert.equal(more.statusCode, 200);
    const next = changeTimeSlotPageSchema.parse(more.json());
    assert.deepEqual(next.slots.map((s) => Number(s.id)), free.slice(20));
    assert.equal(next.hasMore, false);
    const badOffset = await t.app.inject({ url: `/api/appointments/${current.id}/change-time/slots?offset=-1`, headers: mikko.headers });
    assert.equal(badOffset.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(badOffset.json()).details.map((d) => d.path), ['offset']);
  });

  it('inside the cancellation window the page says the time can no longer be changed', async () => {
    const soon = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 5 * 60 });
    const res = await page(soon.id);
    assert.equal(res.status, 200);
    assert.equal(res.state.status, 'deadline-exceeded');
  });

  it("another patient's appointment, a cancelled one and an unknown id are not found (HTTP 404)", async () => {
    const mine = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 6 * DAY });
    assert.deepEqual(await page(mine.id, aino), { status: 404, state: { status: 'appointment-not-found' } });
    const cancelled = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 6 * DAY + 60 }, { status: 'cancelled' });
    assert.equal((await page(cancelled.id)).status, 404);
    assert.equal((await page('9999999999')).status, 404);
    assert.equal((await t.app.inject({ url: `/api/appointments/${mine.id}/change-time/slots`, headers: aino.headers })).statusCode, 404);
  });
});

describe('POST /api/appointments/{id}/change-time', () => {
  it('swaps: the new appointment is held, the old one cancelled by the patient and pointing to it, its slot free again, the waitlist follows', async () => {
    const old = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 8 * DAY }, { phone: '+358401234001' });
    await t.app.db.insert(waitlistEntries).values({ appointmentId: Number(old.id), personId: mikko.personId, scope: 'practitioner' });
    const target = await addSlot(t.app, { practitionerId, startsInMinutes: 7 * DAY });
    const res = await change(old.id, { slotId: String(target) });
    assert.equal(res.statusCode, 200, res.body);
    const answer = changeTimeResponseSchema.parse(res.json());
    assert.ok(answer.type === 'success');
    const moved = await storedAppointment(t.app, answer.appointmentId);
    assert.equal(moved.slotId, target);
    assert.equal(moved.status, 'reserved');
    assert.equal(moved.personId, mikko.personId);
    assert.equal(moved.phone, '+358401234001', 'the contact details travel with it');
    assert.notEqual(moved.linkToken, (await storedAppointment(t.app, old.id)).linkToken);
    const before = await storedAppointment(t.app, old.id);
    assert.equal(before.status, 'cancelled');
    assert.equal(before.cancelledBy, 'patient');
    assert.equal(before.movedToAppointmentId, Number(answer.appointmentId));
    const [entry] = await t.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.personId, mikko.personId));
    assert.equal(entry?.appointmentId, Number(answer.appointmentId));
    // the old slot can be reserved by someone else now
    await book(t.app, aino.personId, old.slotId);
  });

  it('two patients racing for one slot: exactly one wins, the other gets appointmentNotAvailable and keeps their time', async () => {
    const target = await addSlot(t.app, { practitionerId, startsInMinutes: 9 * DAY });
    const mine = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 10 * DAY });
    const hers = await bookNew(t.app, aino.personId, { practitionerId, startsInMinutes: 10 * DAY + 60 });
    const [a, b] = await Promise.all([change(mine.id, { slotId: String(target) }, mikko), change(hers.id, { slotId: String(target) }, aino)]);
    const types = [a, b].map((res) => {
      assert.equal(res.statusCode, 200, res.body);
      return changeTimeResponseSchema.parse(res.json()).type;
    });
    assert.deepEqual([...types].sort(), ['appointmentNotAvailable', 'success']);
    const holders = await t.app.db.select().from(appointments).where(eq(appointments.slotId, target));
    assert.equal(holders.filter((row) => row.status !== 'cancelled').length, 1);
    const loser = types[0] === 'success' ? hers : mine;
    const loserRow = await storedAppointment(t.app, loser.id);
    assert.equal(loserRow.status, 'reserved', 'the loser keeps the old time');
    // and a taken slot answers the same later on
    const third = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 11 * DAY });
    assert.deepEqual((await change(third.id, { slotId: String(target) })).json(), { type: 'appointmentNotAvailable' });
  });

  it('inside the cancellation window: deadlineExceeded and nothing changes', async () => {
    const soon = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 3 * 60 });
    const target = await addSlot(t.app, { practitionerId, startsInMinutes: 12 * DAY });
    const res = await change(soon.id, { slotId: String(target) });
    assert.deepEqual(res.json(), { type: 'deadlineExceeded' });
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'reserved');
    assert.equal((await t.app.db.select().from(appointments).where(eq(appointments.slotId, target))).length, 0);
  });

  it("another patient's appointment is 404; no session 401; no csrfToken 403; every bad payload 400 with its paths", async () => {
    const mine = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 13 * DAY });
    const target = await addSlot(t.app, { practitionerId, startsInMinutes: 12 * DAY + 60 });
    assert.equal((await change(mine.id, { slotId: String(target) }, aino)).statusCode, 404);
    assert.equal((await change(mine.id, { slotId: String(target) }, null)).statusCode, 401);
    assert.equal((await change(mine.id, { slotId: String(target) }, mikko, false)).statusCode, 403);
    const cases: Array<[string, unknown, string[]]> = [
      [mine.id, {}, ['slotId']],
      [mine.id, { slotId: Number(target) }, ['slotId']],
      [mine.id, { slotId: 'x1' }, ['slotId']],
      [mine.id, { slotId: String(target), when: 'now' }, ['when']],
      ['abc', { slotId: String(target) }, ['id']],
    ];
    for (const [id, body, paths] of cases) {
      const res = await change(id, body);
      assert.equal(res.statusCode, 400, `${id} ${JSON.stringify(body)}: ${res.body}`);
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path).sort(), paths, JSON.stringify(body));
    }
    assert.equal((await storedAppointment(t.app, mine.id)).status, 'reserved');
    assert.deepEqual((await change(mine.id, { slotId: '9999999999' })).json(), { type: 'appointmentNotAvailable' });
  });
});
