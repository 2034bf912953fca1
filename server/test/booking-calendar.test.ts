import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { validationErrorSchema } from '@portal/shared-api';
import { appointmentSlots } from '../src/modules/clinics/schema';
import { bookNew, startWithMikkoAndAino } from './booking-extras-fixtures';
import type { SignedInCaller, TestApp } from './helpers';

/** "Add to calendar" (beyond the spec, issue 13): the .ics files of the signed-in and the anonymous appointment. */

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
let practitionerId: number;

before(async () => {
  ({ t, mikko, aino, practitionerId } = await startWithMikkoAndAino());
});
after(async () => t?.close());

/** The unfolded content lines of an iCalendar text, by property name (first occurrence). */
function icsProperties(text: string): Map<string, string> {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  const properties = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!;
    if (!properties.has(name)) properties.set(name, line.slice(colon + 1));
  }
  return properties;
}

/** 20261125T080000Z → the instant */
function icsInstant(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  assert.ok(m, `a UTC date-time: ${value}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

async function slotStart(slotId: number): Promise<Date> {
  const [slot] = await t.app.db.select({ startsAt: appointmentSlots.startsAt }).from(appointmentSlots).where(eq(appointmentSlots.id, slotId));
  return slot!.startsAt;
}

describe('GET /api/appointments/{id}/calendar.ics', () => {
  it('a clinic visit: DTSTART in UTC is the slot, the title names kind and practitioner, the location is the address', async () => {
    const booked = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 5 * 24 * 60 + 7, durationMinutes: 30 });
    const res = await t.app.inject({ url: `/api/appointments/${booked.id}/calendar.ics?lang=fi`, headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/calendar/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="ajanvaraus-\d{4}-\d{2}-\d{2}\.ics"$/);
    const ics = icsProperties(res.body);
    const start = await slotStart(booked.slotId);
    assert.equal(icsInstant(ics.get('DTSTART')!).getTime(), Math.floor(start.getTime() / 1000) * 1000);
    assert.equal(ics.get('DURATION'), 'PT30M');
    assert.equal(ics.get('SUMMARY'), 'Vastaanotto: Anna Lahtinen');
    assert.match(ics.get('LOCATION')!, /Malminkatu 3.*00100 Helsinki/);
  });

  it('a remote visit has no location and the remote-visit note in the description (in the asked language)', async () => {
    const booked = await bookNew(t.app, mikko.personId, { practitionerId, clinicId: 'RMT', startsInMinutes: 6 * 24 * 60 });
    const res = await t.app.inject({ url: `/api/appointments/${booked.id}/calendar.ics?lang=en`, headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    const ics = icsProperties(res.body);
    assert.equal(ics.has('LOCATION'), false);
    assert.match(ics.get('DESCRIPTION')!, /remote appointment/i);
    assert.match(String(res.headers['content-disposition']), /filename="appointment-/);
  });

  it("another patient's appointment, a cancelled one and an unknown id are not found; no session is 401; a bad id is 400", async () => {
    const booked = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 4 * 24 * 60 });
    assert.equal((await t.app.inject({ url: `/api/appointments/${booked.id}/calendar.ics`, headers: aino.headers })).statusCode, 404);
    const cancelled = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 4 * 24 * 60 + 30 }, { status: 'cancelled' });
    assert.equal((await t.app.inject({ url: `/api/appointments/${cancelled.id}/calendar.ics`, headers: mikko.headers })).statusCode, 404);
    assert.equal((await t.app.inject({ url: '/api/appointments/9999999999/calendar.ics', headers: mikko.headers })).statusCode, 404);
    assert.equal((await t.app.inject({ url: `/api/appointments/${booked.id}/calendar.ics` })).statusCode, 401);
    const bad = await t.app.inject({ url: `/api/appointments/abc/calendar.ics?lang=de`, headers: mikko.headers });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(bad.json()).details.map((d) => d.path).sort(), ['id']);
    const badLang = await t.app.inject({ url: `/api/appointments/${booked.id}/calendar.ics?lang=de`, headers: mikko.headers });
    assert.equal(badLang.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(badLang.json()).details.map((d) => d.path), ['lang']);
  });
});

describe('GET /api/anon/appointments/{token}/calendar.ics', () => {
  it('the link holder gets the same file without signing in; an unknown token is 404', async () => {
    const booked = await bookNew(t.app, mikko.personId, { practitionerId, startsInMinutes: 2 * 24 * 60 });
    const res = await t.app.inject({ url: `/api/anon/appointments/${booked.linkToken}/calendar.ics?lang=sv` });
    assert.equal(res.statusCode, 200);
    const ics = icsProperties(res.body);
    assert.equal(icsInstant(ics.get('DTSTART')!).getTime(), Math.floor((await slotStart(booked.slotId)).getTime() / 1000) * 1000);
    assert.equal(ics.get('SUMMARY'), 'Mottagning: Anna Lahtinen');
    assert.equal((await t.app.inject({ url: '/api/anon/appointments/noSuchToken1/calendar.ics' })).statusCode, 404);
    assert.equal((await t.app.inject({ url: '/api/anon/appointments/12345/calendar.ics' })).statusCode, 400);
  });
});
