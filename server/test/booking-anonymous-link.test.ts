import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { anonymousAppointmentPageStateSchema, anonymousCheckInResponseSchema, validationErrorSchema } from '@portal/shared-api';
import { buildApp } from '../src/app';
import { END_PART_LINK_RULE } from '../src/modules/booking/anonymous-link/routes';
import { auditLog } from '../src/modules/audit/schema';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { bookNew, practitionerIdOf, storedAppointment } from './booking-extras-fixtures';
import { createTestApp, personIdOf, testConfig, type TestApp } from './helpers';

/**
 * The anonymous appointment link over HTTP (spec part 2 §2.1 "Anonymous appointment link", §3
 * "Anonymous appointment", §4 "Anonymous appointment flow", §5 identity-code end part, §7 POST
 * /api/anon/check-in, §8), with a second server instance on the same database for the attempt limit.
 */

let t: TestApp;
let second: FastifyInstance;
let dataDir: string;
let practitionerId: number;
let mikkoId: string;

before(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-anon-link-'));
  second = await buildApp(testConfig(dataDir), { database: t.database, prepareDatabase: false, logger: false });
  await second.ready();
  practitionerId = await practitionerIdOf(t.app, 'Lahtinen');
  mikkoId = await personIdOf(t.app, PERSONAS.mikko);
});
after(async () => {
  await second?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function page(token: string, lang = 'en') {
  const res = await t.app.inject({ url: `/api/pages/booking.anonymous-appointment?lang=${lang}&token=${token}` });
  return { status: res.statusCode, body: res.body, state: anonymousAppointmentPageStateSchema.parse((res.json() as { state: unknown }).state) };
}

function checkIn(payload: unknown, app: FastifyInstance = t.app, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/api/anon/check-in', payload: payload as object, headers: { 'content-type': 'application/json', ...headers }, remoteAddress });
}

async function checkInType(payload: unknown, app?: FastifyInstance, remoteAddress?: string) {
  const res = await checkIn(payload, app, {}, remoteAddress);
  assert.equal(res.statusCode, 200, res.body);
  return anonymousCheckInResponseSchema.parse(res.json());
}

describe('the anonymous appointment page (booking.anonymous-appointment)', () => {
  it('an unknown token answers the not-found view with HTTP 404', async () => {
    const res = await page('nosuchTokenAtAll1');
    assert.equal(res.status, 404);
    assert.deepEqual(res.state, { status: 'appointment-not-found' });
  });

  it('a cancelled appointment says so (and offers a new booking on the page)', async () => {
    const booked = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 3 * 24 * 60 }, { status: 'cancelled' });
    const res = await page(booked.linkToken);
    assert.equal(res.status, 200);
    assert.deepEqual(res.state, { status: 'appointment-cancelled' });
  });

  it('shows the appointment, its check-in status and mayCancel, without the identity code or the name (spec §3)', async () => {
    const later = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 3 * 24 * 60 });
    const res = await page(later.linkToken);
    assert.equal(res.status, 200);
    assert.ok(res.state.status === 'ok');
    const a = res.state.appointment;
    assert.equal(a.id, later.linkToken);
    assert.equal(a.signedInId, later.id);
    assert.equal(a.practitioner.name, 'Anna Lahtinen');
    assert.equal(a.clinic.address?.street, 'Malminkatu 3');
    assert.equal(a.selfCheckInStatus, 'too-early');
    assert.equal(a.mayCancel, true);
    for (const secret of [PERSONAS.mikko, '9013', 'Virtanen', 'Mikko']) assert.ok(!res.body.includes(secret), `the answer does not carry ${secret}`);

    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    const now = await page(soon.linkToken);
    assert.ok(now.state.status === 'ok');
    assert.equal(now.state.appointment.selfCheckInStatus, 'allowed');
    assert.equal(now.state.appointment.mayCancel, false, 'inside the cancellation window');
  });
});

describe("the link's reads in the patient's access log (issue 33)", () => {
  it("audits the page, the check-in and the calendar file each as one request's entry: its request id and correlation id", async () => {
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    await page(soon.linkToken);
    await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '9013' });
    assert.equal((await t.app.inject({ url: `/api/anon/appointments/${soon.linkToken}/calendar.ics` })).statusCode, 200);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, mikkoId), sql`${auditLog.details}->>'appointmentId' = ${String(soon.id)}`))
      .orderBy(auditLog.id);
    assert.deepEqual(rows.map((row) => row.action), ['booking.anonymous-appointment', 'booking.anonymous-check-in', 'booking.calendar']);
    for (const row of rows) assert.ok(row.correlationId && row.requestId, `${row.action} carries its request's ids`);
    assert.equal(new Set(rows.map((row) => row.correlationId)).size, 3, 'three requests, three entries');
  });
});

describe('POST /api/anon/check-in (spec §4, §5, §8)', () => {
  it('a wrong end part is a mismatch and changes nothing; the right one (any case) checks in and tells the room', async () => {
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10, roomLocation: 'Huone 12' });
    assert.deepEqual(await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '9014' }), { type: 'ssnEndPartMismatch' });
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'reserved');
    assert.deepEqual(await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '9013' }), { type: 'success', roomLocation: 'Huone 12' });
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'checked-in');
    assert.deepEqual(await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '9013' }), { type: 'alreadyCheckedIn' });
    const after = await page(soon.linkToken);
    assert.ok(after.state.status === 'ok');
    assert.equal(after.state.appointment.isCheckedIn, true);
    assert.equal(after.state.appointment.roomLocation, 'Huone 12');
  });

  it('too early: more than 30 minutes before the start', async () => {
    const later = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 45 });
    assert.deepEqual(await checkInType({ appointmentId: later.linkToken, ssnEndPart: '9013' }), { type: 'tooEarly' });
  });

  it('the confidentiality form: the adult variant for Jukka (no consent), the child variant for a child, and an anonymous-only person checks in', async () => {
    const jukkaId = await personIdOf(t.app, PERSONAS.jukka);
    const jukka = await bookNew(t.app, jukkaId, { practitionerId, startsInMinutes: 5 });
    assert.deepEqual(await checkInType({ appointmentId: jukka.linkToken, ssnEndPart: PERSONAS.jukka.slice(-4) }), { type: 'confidentialityFormNotFilledAsAdult' });

    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    await t.app.db.update(people).set({ patientDataConsent: 'invalid' }).where(eq(people.id, ellaId));
    const ella = await bookNew(t.app, ellaId, { practitionerId, startsInMinutes: 5 });
    assert.deepEqual(await checkInType({ appointmentId: ella.linkToken, ssnEndPart: '946d' }), { type: 'confidentialityFormNotFilled' });
    assert.equal((await storedAppointment(t.app, ella.id)).status, 'reserved');

    const [visitor] = await t.app.db.insert(people).values({ identityCode: '010190-902N', registered: false }).returning({ id: people.id });
    const anonymous = await bookNew(t.app, visitor!.id, { practitionerId, startsInMinutes: 5 }, { anonymous: true });
    assert.equal((await checkInType({ appointmentId: anonymous.linkToken, ssnEndPart: '902N' })).type, 'success');
  });

  it('at most 5 attempts per appointment and address an hour, counted across two server instances on one database: then 429 for that address; the patient from another address checks in (issue 27)', async () => {
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    const guesser = '192.0.2.50';
    const instances = [t.app, second, t.app, second, second];
    for (const app of instances) assert.deepEqual(await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '0000' }, app, guesser), { type: 'ssnEndPartMismatch' });
    for (const app of [t.app, second]) {
      const refused = await checkIn({ appointmentId: soon.linkToken, ssnEndPart: '9013' }, app, {}, guesser);
      assert.equal(refused.statusCode, 429, 'even the right end part waits, from the guessing address');
      assert.ok(Number(refused.headers['retry-after']) > 0);
    }
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'reserved');
    // the real patient, on their own phone, is not locked out by the guesser
    assert.equal((await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '9013' }, second, '198.51.100.77')).type, 'success');
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'checked-in');
    // another appointment has its own count, also for the guessing address
    const other = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 12 });
    assert.equal((await checkInType({ appointmentId: other.linkToken, ssnEndPart: '9013' }, second, guesser)).type, 'success');
  });

  it('an hour\'s count is not swept away by a shorter rule\'s sweep (the link\'s ten minutes): the guesser stays locked out', async (context) => {
    // Every count sweeps (1 in 50 otherwise), 40 minutes into an hour: the hour's window began before the ten-minute rule's horizon.
    context.mock.method(Math, 'random', () => 0);
    const now = new Date();
    now.setUTCMinutes(40, 0, 0);
    context.mock.timers.enable({ apis: ['Date'], now });
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    const guesser = '192.0.2.51';
    for (let i = 0; i < 5; i++) assert.deepEqual(await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '0000' }, t.app, guesser), { type: 'ssnEndPartMismatch' });
    assert.equal((await checkIn({ appointmentId: soon.linkToken, ssnEndPart: '9013' }, t.app, {}, guesser)).statusCode, 429);
  });

  it(`guessing from many addresses meets the link's ceiling (${END_PART_LINK_RULE.max} attempts in ${END_PART_LINK_RULE.windowSeconds / 60} minutes): 429 with a Retry-After of minutes, not an hour`, async () => {
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    const addresses = Array.from({ length: Math.ceil(END_PART_LINK_RULE.max / 5) }, (_, i) => `203.0.113.${i + 10}`);
    let attempts = 0;
    for (const address of addresses) {
      for (let i = 0; i < 5 && attempts < END_PART_LINK_RULE.max; i++, attempts++) {
        assert.deepEqual(await checkInType({ appointmentId: soon.linkToken, ssnEndPart: '0000' }, attempts % 2 ? second : t.app, address), { type: 'ssnEndPartMismatch' });
      }
    }
    const refused = await checkIn({ appointmentId: soon.linkToken, ssnEndPart: '9013' }, t.app, {}, '203.0.113.200');
    assert.equal(refused.statusCode, 429);
    const retryAfter = Number(refused.headers['retry-after']);
    // the refused attempt counts too, so the sliding window (util/sliding-window.ts) may keep refusing
    // past the fixed window's end by that one attempt's share of the next window
    const longest = END_PART_LINK_RULE.windowSeconds * (1 + 1 / (END_PART_LINK_RULE.max + 1));
    assert.ok(retryAfter > 0 && retryAfter <= Math.ceil(longest), `retry-after ${retryAfter}`);
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'reserved');
  });

  it('every bad payload answers 400 with the paths at fault, and changes nothing', async () => {
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    const cases: Array<[unknown, string[]]> = [
      [{}, ['appointmentId', 'ssnEndPart']],
      [{ appointmentId: soon.linkToken, ssnEndPart: '90' }, ['ssnEndPart']],
      [{ appointmentId: soon.linkToken, ssnEndPart: '12G4' }, ['ssnEndPart']],
      [{ appointmentId: soon.linkToken, ssnEndPart: '901Z' }, ['ssnEndPart']],
      [{ appointmentId: '123456', ssnEndPart: '9013' }, ['appointmentId']],
      [{ appointmentId: soon.linkToken, ssnEndPart: 9013 }, ['ssnEndPart']],
      [{ appointmentId: soon.linkToken, ssnEndPart: '9013', ssn: PERSONAS.mikko }, ['ssn']],
    ];
    for (const [payload, paths] of cases) {
      const res = await checkIn(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      const body = validationErrorSchema.parse(res.json());
      assert.deepEqual(body.details.map((d) => d.path).sort(), [...paths].sort(), JSON.stringify(payload));
    }
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'reserved');
    const unknown = await checkIn({ appointmentId: 'noSuchAppointment9', ssnEndPart: '9013' });
    assert.equal(unknown.statusCode, 404);
  });

  it('takes no csrfToken but refuses a cross-site browser request (the Origin check)', async () => {
    const soon = await bookNew(t.app, mikkoId, { practitionerId, startsInMinutes: 10 });
    const res = await checkIn({ appointmentId: soon.linkToken, ssnEndPart: '9013' }, t.app, { origin: 'https://evil.example' });
    assert.equal(res.statusCode, 403);
    assert.equal((await storedAppointment(t.app, soon.id)).status, 'reserved');
  });
});
