import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import {
  ARRIVAL_REASON_PREFIX,
  appointmentPageStateSchema,
  appointmentsPageStateSchema,
  cancelAppointmentRefusalSchema,
  checkInResponseSchema,
  validationErrorSchema,
  type AppointmentDetail,
} from '@portal/shared-api';
import { appointments } from '../src/modules/booking/schema';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { bookNew, startWithMikkoAndAino, storedAppointment } from './booking-extras-fixtures';
import { personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The signed-in appointment pages and calls over HTTP (spec part 2 §2.1 "Appointments",
 * "Appointment page", §4 "Appointment page actions", §5 arrival reason, §7, §8 "Check-in and
 * cancel", §9): each test makes its own appointments relative to the test's clock, since the
 * seeded demo world's "now" is the moment its template was built.
 */

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
let practitionerId: number;

before(async () => {
  ({ t, mikko, aino, practitionerId } = await startWithMikkoAndAino());
});
after(async () => t?.close());

/** A slot and an appointment on it, `startsInMinutes` from now (no phone of its own). */
async function addAppointment(
  personId: string,
  options: { startsInMinutes: number; clinicId?: string; status?: 'reserved' | 'checked-in' | 'cancelled'; cancelledBy?: 'provider' | 'patient'; roomLocation?: string | null },
) {
  const { status, cancelledBy, ...slot } = options;
  return bookNew(t.app, personId, { practitionerId, ...slot }, { ...(status ? { status } : {}), ...(cancelledBy ? { cancelledBy } : {}), phone: null });
}

const stored = (id: string) => storedAppointment(t.app, id);

function call(method: 'POST' | 'DELETE', url: string, caller: SignedInCaller | null, payload?: unknown, options: { csrf?: boolean } = {}) {
  const query = caller && options.csrf !== false ? `?csrfToken=${encodeURIComponent(caller.csrfToken)}` : '';
  return t.app.inject({
    method,
    url: `${url}${query}`,
    ...(caller ? { headers: caller.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const checkIn = (id: string, caller: SignedInCaller | null = mikko) => call('POST', `/api/appointments/check-in/${id}`, caller);
const cancel = (id: string, caller: SignedInCaller | null = mikko) => call('DELETE', `/api/appointments/${id}`, caller);
const saveReason = (id: string, body: unknown, caller: SignedInCaller | null = mikko) => call('POST', `/api/appointments/${id}/arrival-reason`, caller, body);

async function appointmentPage(ids: string, caller: SignedInCaller = mikko) {
  const res = await t.app.inject({ url: `/api/pages/booking.appointment?lang=en&ids=${ids}`, headers: caller.headers });
  return { status: res.statusCode, state: appointmentPageStateSchema.parse(res.json().state) };
}
async function cardOf(id: string, caller: SignedInCaller = mikko): Promise<AppointmentDetail> {
  const page = await appointmentPage(id, caller);
  assert.equal(page.state.status, 'ok');
  return page.state.status === 'ok' ? page.state.appointments[0]! : assert.fail();
}

describe('booking.appointments (spec part 2 §2.1 "Appointments")', () => {
  it('lists the future appointments soonest first, provider-cancelled ones with their flag, without past or patient-cancelled ones', async () => {
    const leena = await signIn(t.app, PERSONAS.leena);
    const later = await addAppointment(leena.personId, { startsInMinutes: 3 * 24 * 60 });
    const sooner = await addAppointment(leena.personId, { startsInMinutes: 2 * 24 * 60 });
    const byProvider = await addAppointment(leena.personId, { startsInMinutes: 4 * 24 * 60, status: 'cancelled', cancelledBy: 'provider' });
    await addAppointment(leena.personId, { startsInMinutes: 5 * 24 * 60, status: 'cancelled', cancelledBy: 'patient' });
    await addAppointment(leena.personId, { startsInMinutes: -3 * 24 * 60, status: 'checked-in' });
    const res = await t.app.inject({ url: '/api/pages/booking.appointments?lang=en', headers: leena.headers });
    assert.equal(res.statusCode, 200, res.body);
    const state = appointmentsPageStateSchema.parse(res.json().state);
    assert.equal(state.cancellationHours, 24);
    assert.deepEqual(
      state.appointments.map((a) => [a.id, a.hasAppointeeCanceled]),
      [
        [sooner.id, false],
        [later.id, false],
        [byProvider.id, true],
      ],
    );
  });

  it('a guardian acting for the ward sees the ward’s appointments, not their own', async () => {
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const own = await addAppointment(ellaId, { startsInMinutes: 6 * 24 * 60 });
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const res = await t.app.inject({ url: '/api/pages/booking.appointments?lang=fi', headers: leenaForElla.headers });
    const ids = appointmentsPageStateSchema.parse(res.json().state).appointments.map((a) => a.id);
    assert.ok(ids.includes(own.id));
    const leenaOwn = await t.app.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.personId, leenaForElla.personId));
    for (const row of leenaOwn) assert.ok(!ids.includes(String(row.id)));
  });

  it('without a session answers 401', async () => {
    const res = await t.app.inject({ url: '/api/pages/booking.appointments?lang=en' });
    assert.equal(res.statusCode, 401);
  });
});

describe('booking.appointment (spec part 2 §2.1 "Appointment page", part 1 §2 "Appointment not found")', () => {
  it('shows one or several of the patient’s own appointments, with the card’s fields in the page’s language', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 3 * 24 * 60 });
    const b = await addAppointment(mikko.personId, { startsInMinutes: 2 * 24 * 60 });
    const page = await appointmentPage(`${a.id},${b.id}`);
    assert.equal(page.status, 200);
    assert.equal(page.state.status, 'ok');
    if (page.state.status !== 'ok') return;
    assert.deepEqual(page.state.appointments.map((x) => x.id), [b.id, a.id]);
    const card = page.state.appointments[0]!;
    assert.equal(card.practitioner.name, 'Anna Lahtinen');
    assert.equal(card.practitioner.title, 'General practitioner');
    assert.equal(card.specialty.title, 'General practice');
    assert.deepEqual(card.clinic.address, { street: 'Malminkatu 3', postalCode: '00100', postOffice: 'Helsinki' });
    assert.equal(card.mayCancel, true);
    assert.equal(card.withinCancellationWindow, false);
    assert.equal(card.selfCheckInStatus, 'TooEarly');
    // the room is told only after check-in
    assert.equal(card.roomLocation, null);
  });

  it('another patient’s id, a missing id, a mix, or an id too long for the database: not found with HTTP 404', async () => {
    const ainos = await addAppointment(aino.personId, { startsInMinutes: 2 * 24 * 60 });
    const own = await addAppointment(mikko.personId, { startsInMinutes: 2 * 24 * 60 });
    for (const ids of [ainos.id, '999999', `${own.id},${ainos.id}`, '99999999999']) {
      const page = await appointmentPage(ids);
      assert.equal(page.status, 404, ids);
      assert.deepEqual(page.state, { status: 'appointment-not-found' });
    }
    // a full page load of another patient's appointment is the not-found page with HTTP 404 too
    const html = await t.app.inject({ url: `/en/appointment/${ainos.id}`, headers: mikko.headers });
    assert.equal(html.statusCode, 404);
    assert.equal((await t.app.inject({ url: `/fi/varaus/${own.id}`, headers: mikko.headers })).statusCode, 200);
  });

  it('a guardian reaches the ward’s appointment only while acting for the ward', async () => {
    const ellas = await addAppointment(await personIdOf(t.app, PERSONAS.ella), { startsInMinutes: 2 * 24 * 60 });
    assert.equal((await appointmentPage(ellas.id, await signIn(t.app, PERSONAS.leena, PERSONAS.ella))).status, 200);
    assert.equal((await appointmentPage(ellas.id, await signIn(t.app, PERSONAS.leena))).status, 404);
  });
});

describe('check-in (spec part 2 §4, §8, §9: opens 30 minutes before)', () => {
  it('40 minutes before: TooEarly on the card and from the call, and nothing changes', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 40 });
    assert.equal((await cardOf(a.id)).selfCheckInStatus, 'TooEarly');
    const res = await checkIn(a.id);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(checkInResponseSchema.parse(res.json()), { type: 'TooEarly', roomLocation: null });
    assert.equal((await stored(a.id)).status, 'reserved');
  });

  it('20 minutes before: Allowed; Success with the room; then AlreadyCheckedIn, and the card shows CheckedIn with the room and no cancel', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 20, roomLocation: 'Huone 214' });
    assert.equal((await cardOf(a.id)).selfCheckInStatus, 'Allowed');
    const first = await checkIn(a.id);
    assert.deepEqual(first.json(), { type: 'Success', roomLocation: 'Huone 214' });
    assert.equal((await stored(a.id)).status, 'checked-in');
    assert.deepEqual((await checkIn(a.id)).json(), { type: 'AlreadyCheckedIn', roomLocation: null });
    const card = await cardOf(a.id);
    assert.equal(card.selfCheckInStatus, 'CheckedIn');
    assert.equal(card.roomLocation, 'Huone 214');
    assert.equal(card.mayCancel, false);
  });

  it('without a room: Success with roomLocation null (see reception)', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 10, roomLocation: null });
    assert.deepEqual((await checkIn(a.id)).json(), { type: 'Success', roomLocation: null });
  });

  it('a patient without patient data consent (Jukka): ConfidentialityFormNotFilledAsAdult, not checked in', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const a = await addAppointment(jukka.personId, { startsInMinutes: 15 });
    assert.deepEqual((await checkIn(a.id, jukka)).json(), { type: 'ConfidentialityFormNotFilledAsAdult', roomLocation: null });
    assert.equal((await stored(a.id)).status, 'reserved');
  });

  it('a guardian checking in a ward without patient data consent: ConfidentialityFormNotFilled (the child variant)', async () => {
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const a = await addAppointment(ellaId, { startsInMinutes: 15 });
    await t.app.db.update(people).set({ patientDataConsent: 'missing' }).where(eq(people.id, ellaId));
    try {
      const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
      assert.deepEqual((await checkIn(a.id, leenaForElla)).json(), { type: 'ConfidentialityFormNotFilled', roomLocation: null });
      assert.equal((await stored(a.id)).status, 'reserved');
    } finally {
      await t.app.db.update(people).set({ patientDataConsent: 'ok' }).where(eq(people.id, ellaId));
    }
  });

  it('a remote appointment cannot be checked in to (no check-in button: NotAvailable)', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 10, clinicId: 'RMT' });
    assert.equal((await cardOf(a.id)).selfCheckInStatus, 'NotAvailable');
    assert.equal((await checkIn(a.id)).json().type, 'UnknownError');
  });
});

describe('cancel (spec part 2 §4, §8 "Cancel failure", docs/product-decisions.md, "Reservations and cancellation": 24 hours)', () => {
  it('inside the window: 409 deadlineExceeded with the hours, and nothing changes', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 23 * 60 });
    assert.equal((await cardOf(a.id)).mayCancel, false);
    assert.equal((await cardOf(a.id)).withinCancellationWindow, true);
    const res = await cancel(a.id);
    assert.equal(res.statusCode, 409);
    assert.deepEqual(cancelAppointmentRefusalSchema.parse(res.json()), { type: 'deadlineExceeded', cancellationHours: 24 });
    const row = await stored(a.id);
    assert.equal(row.status, 'reserved');
    assert.equal(row.cancelledAt, null);
  });

  it('outside the window: cancelled by the patient, the slot is free for someone else, and a second cancel is refused', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 25 * 60 });
    const res = await cancel(a.id);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { type: 'Success' });
    const row = await stored(a.id);
    assert.equal(row.status, 'cancelled');
    assert.equal(row.cancelledBy, 'patient');
    // the partial unique index lets a new active appointment hold the slot again
    await t.app.db.insert(appointments).values({ slotId: a.slotId, personId: aino.personId, healthcareType: 'private', linkToken: `freed${Date.now()}` });
    const again = await cancel(a.id);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().type, 'unknownError');
  });
});

describe('arrival reason (spec part 2 §5: at most 300 characters, stored behind the Finnish prefix)', () => {
  it('is stored with the prefix and shown without it; an empty one clears it', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 3 * 24 * 60 });
    const text = 'Selkä kipeä kolme viikkoa. '.repeat(11).slice(0, 300);
    const res = await saveReason(a.id, { arrivalReason: text });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { type: 'Success' });
    assert.equal((await stored(a.id)).arrivalReason, `${ARRIVAL_REASON_PREFIX}${text.trim()}`);
    assert.equal((await cardOf(a.id)).arrivalReason, text.trim());
    await saveReason(a.id, { arrivalReason: '' });
    assert.equal((await stored(a.id)).arrivalReason, null);
  });

  it('a remote appointment takes none: 409 unknownError', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 3 * 24 * 60, clinicId: 'RMT' });
    const res = await saveReason(a.id, { arrivalReason: 'Hei' });
    assert.equal(res.statusCode, 409);
    assert.equal((await stored(a.id)).arrivalReason, null);
  });

  it('every bad payload answers 400 naming its field, and nothing is stored', async () => {
    const a = await addAppointment(mikko.personId, { startsInMinutes: 3 * 24 * 60 });
    const cases: [unknown, string][] = [
      [{ arrivalReason: 'x'.repeat(301) }, 'arrivalReason'],
      [{ arrivalReason: 'a\u0000b' }, 'arrivalReason'],
      [{ arrivalReason: 42 }, 'arrivalReason'],
      [{}, 'arrivalReason'],
      [{ arrivalReason: 'ok', extra: 1 }, 'extra'],
    ];
    for (const [body, path] of cases) {
      const res = await saveReason(a.id, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      const paths = validationErrorSchema.parse(res.json()).details.map((d) => d.path);
      assert.ok(paths.includes(path), `${JSON.stringify(body)} → ${paths.join(', ')}`);
    }
    assert.equal((await stored(a.id)).arrivalReason, null);
  });
});

describe('every call: 401 without a session, 403 without CSRF, 400 for a non-numeric id, 404 for another patient’s id', () => {
  const calls = [
    { name: 'check-in', run: (id: string, caller: SignedInCaller | null, csrf = true) => call('POST', `/api/appointments/check-in/${id}`, caller, undefined, { csrf }) },
    { name: 'cancel', run: (id: string, caller: SignedInCaller | null, csrf = true) => call('DELETE', `/api/appointments/${id}`, caller, undefined, { csrf }) },
    {
      name: 'arrival reason',
      run: (id: string, caller: SignedInCaller | null, csrf = true) => call('POST', `/api/appointments/${id}/arrival-reason`, caller, { arrivalReason: 'Hei' }, { csrf }),
    },
  ];
  for (const c of calls) {
    it(c.name, async () => {
      const ainos = await addAppointment(aino.personId, { startsInMinutes: 25 * 60 });
      assert.equal((await c.run(ainos.id, null)).statusCode, 401);
      assert.equal((await c.run(ainos.id, aino, false)).statusCode, 403);
      const bad = await c.run('12a', mikko);
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(validationErrorSchema.parse(bad.json()).details.map((d) => d.path), ['id']);
      assert.equal((await c.run('9999999999', mikko)).statusCode, 404);
      const foreign = await c.run(ainos.id, mikko);
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.json().type, 'NotFound');
      const row = await stored(ainos.id);
      assert.equal(row.status, 'reserved');
      assert.equal(row.arrivalReason, null);
    });
  }
});
