import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  earlierTimePageStateSchema,
  earlierTimeResponseSchema,
  smsOutboxResponseSchema,
  validationErrorSchema,
  waitlistStateSchema,
  WAITLIST_OFFER_HOURS,
} from '@portal/shared-api';
import { accountProfiles } from '../src/modules/account/schema';
import { waitlistEntries, waitlistOffers } from '../src/modules/booking/schema';
import { practitioners, practitionerSpecialties } from '../src/modules/clinics/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { bookNew, storedAppointment } from './booking-extras-fixtures';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * "Tell me of an earlier time" (beyond the spec, issue 13; docs/product-decisions.md, "Values") over HTTP: the
 * waitlist on an appointment, the offers a cancellation makes (with their SMS), and taking an offer:
 * first come first served, expired offers refused.
 */

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
let leena: SignedInCaller;
let doctor: number;
let otherDoctor: number;
const DAY = 24 * 60;

async function newPractitioner(lastName: string): Promise<number> {
  const [row] = await t.app.db.insert(practitioners).values({ firstName: 'Testi', lastName, title: 'Yleislääkäri', profession: 'Doctor' }).returning({ id: practitioners.id });
  await t.app.db.insert(practitionerSpecialties).values({ practitionerId: row!.id, specialtyId: 'YLE' });
  return row!.id;
}

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
  leena = await signIn(t.app, PERSONAS.leena);
  doctor = await newPractitioner('Odotus');
  otherDoctor = await newPractitioner('Toinen');
});
after(async () => t?.close());

const withCsrf = (url: string, caller: SignedInCaller) => `${url}?csrfToken=${encodeURIComponent(caller.csrfToken)}`;

function waitlist(method: 'GET' | 'POST' | 'DELETE', id: string, caller: SignedInCaller, body?: unknown) {
  const url = `/api/appointments/${id}/waitlist`;
  return t.app.inject({ method, url: method === 'GET' ? url : withCsrf(url, caller), headers: caller.headers, ...(body === undefined ? {} : { payload: body as object }) });
}

async function smsTo(phoneNumber: string) {
  const res = await t.app.inject({ url: `/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(phoneNumber)}` });
  return smsOutboxResponseSchema.parse(res.json()).messages;
}

async function offerTokenIn(phoneNumber: string): Promise<string> {
  const messages = await smsTo(phoneNumber);
  // the outbox lists the newest first
  const match = /\/(?:fi\/aiempi-aika|sv\/tidigare-tid|en\/earlier-time)\/([A-Za-z0-9_-]+)/.exec(messages[0]?.text ?? '');
  assert.ok(match, `an offer link in ${JSON.stringify(messages)}`);
  return match[1]!;
}

async function earlierPage(token: string, caller: SignedInCaller) {
  const res = await t.app.inject({ url: `/api/pages/booking.earlier-time?lang=en&token=${token}`, headers: caller.headers });
  return { status: res.statusCode, state: earlierTimePageStateSchema.parse(res.json().state) };
}

const take = (token: string, caller: SignedInCaller) => t.app.inject({ method: 'POST', url: withCsrf(`/api/earlier-time/${token}`, caller), headers: caller.headers });
const cancel = (id: string, caller: SignedInCaller) => t.app.inject({ method: 'DELETE', url: withCsrf(`/api/appointments/${id}`, caller), headers: caller.headers });

describe('the waitlist of an appointment', () => {
  it('joins with a scope, changes it, leaves; the state answers each time', async () => {
    const mine = await bookNew(t.app, mikko.personId, { practitionerId: doctor, startsInMinutes: 20 * DAY });
    assert.deepEqual(waitlistStateSchema.parse((await waitlist('GET', mine.id, mikko)).json()), { joined: false, scope: null });
    assert.deepEqual((await waitlist('POST', mine.id, mikko, { scope: 'practitioner' })).json(), { joined: true, scope: 'practitioner' });
    assert.deepEqual((await waitlist('POST', mine.id, mikko, { scope: 'specialty-municipality' })).json(), { joined: true, scope: 'specialty-municipality' });
    assert.deepEqual((await waitlist('GET', mine.id, mikko)).json(), { joined: true, scope: 'specialty-municipality' });
    assert.deepEqual((await waitlist('DELETE', mine.id, mikko)).json(), { joined: false, scope: null });
  });

  it("another patient's appointment is 404, a bad scope or id is 400 with its path, no csrfToken is 403", async () => {
    const mine = await bookNew(t.app, mikko.personId, { practitionerId: doctor, startsInMinutes: 21 * DAY });
    assert.equal((await waitlist('GET', mine.id, aino)).statusCode, 404);
    assert.equal((await waitlist('POST', mine.id, aino, { scope: 'practitioner' })).statusCode, 404);
    assert.equal((await waitlist('DELETE', mine.id, aino)).statusCode, 404);
    for (const [id, body, paths] of [
      [mine.id, { scope: 'anyone' }, ['scope']],
      [mine.id, {}, ['scope']],
      [mine.id, { scope: 'practitioner', notify: true }, ['notify']],
      ['x', { scope: 'practitioner' }, ['id']],
    ] as Array<[string, unknown, string[]]>) {
      const res = await waitlist('POST', id, mikko, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path), paths);
    }
    const noToken = await t.app.inject({ method: 'POST', url: `/api/appointments/${mine.id}/waitlist`, headers: mikko.headers, payload: { scope: 'practitioner' } });
    assert.equal(noToken.statusCode, 403);
    assert.equal((await t.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.appointmentId, Number(mine.id)))).length, 0);
  });
});

describe('offers on a cancellation, and taking them (first come first served)', () => {
  it('a cancellation offers the slot to matching waiting patients by SMS; the first to take it gets it; the freed slot goes on', async () => {
    // Aino's appointment with the doctor in 3 days is the one that frees up
    const freed = await bookNew(t.app, aino.personId, { practitionerId: doctor, startsInMinutes: 3 * DAY });
    // Mikko waits for the same doctor (later appointment): matches
    const mikkos = await bookNew(t.app, mikko.personId, { practitionerId: doctor, startsInMinutes: 10 * DAY }, { phone: '+358401230001' });
    await waitlist('POST', mikkos.id, mikko, { scope: 'practitioner' });
    // Leena waits for the same specialty in Helsinki with another doctor: matches; she reads Swedish
    await t.app.db
      .insert(accountProfiles)
      .values({ personId: leena.personId, language: 'sv' })
      .onConflictDoUpdate({ target: accountProfiles.personId, set: { language: 'sv' } });
    const leenas = await bookNew(t.app, leena.personId, { practitionerId: otherDoctor, startsInMinutes: 12 * DAY }, { phone: '+358401230002' });
    await waitlist('POST', leenas.id, leena, { scope: 'specialty-municipality' });
    // the same specialty in Espoo, or an earlier appointment, or the practitioner scope with another doctor: no offer
    const espoo = await bookNew(t.app, leena.personId, { practitionerId: otherDoctor, clinicId: 'LPV', startsInMinutes: 12 * DAY + 60 }, { phone: '+358401230003' });
    await waitlist('POST', espoo.id, leena, { scope: 'specialty-municipality' });
    const earlier = await bookNew(t.app, mikko.personId, { practitionerId: doctor, startsInMinutes: 2 * DAY }, { phone: '+358401230004' });
    await waitlist('POST', earlier.id, mikko, { scope: 'practitioner' });
    const otherScope = await bookNew(t.app, mikko.personId, { practitionerId: otherDoctor, startsInMinutes: 13 * DAY }, { phone: '+358401230005' });
    await waitlist('POST', otherScope.id, mikko, { scope: 'practitioner' });

    const cancelled = await cancel(freed.id, aino);
    assert.equal(cancelled.statusCode, 200, cancelled.body);

    for (const phone of ['+358401230003', '+358401230004', '+358401230005']) assert.deepEqual(await smsTo(phone), [], `no offer to ${phone}`);
    const [sms] = await smsTo('+358401230001');
    assert.match(sms!.text, /Aiempi vastaanottoaika vapautui: \d{1,2}\.\d{1,2}\.\d{4} \d{1,2}:\d{2}, Testi Odotus\. Varaa se osoitteessa http:\/\/localhost:8080\/fi\/aiempi-aika\/[A-Za-z0-9_-]+ .* 2 tuntia\./);
    // in the patient's own language, with the page's path in that language
    const [swedish] = await smsTo('+358401230002');
    assert.match(swedish!.text, /^En tidigare tid har blivit ledig: \d{1,2}\.\d{1,2}\.\d{4} \d{1,2}:\d{2}, Testi Odotus\. Boka den på http:\/\/localhost:8080\/sv\/tidigare-tid\/[A-Za-z0-9_-]+ /);
    const mikkoToken = await offerTokenIn('+358401230001');
    const leenaToken = await offerTokenIn('+358401230002');

    // the offer page: the new time against the current one
    const offered = await earlierPage(mikkoToken, mikko);
    assert.equal(offered.status, 200);
    assert.ok(offered.state.status === 'ok');
    assert.equal(Number(offered.state.offer.id), freed.slotId);
    assert.equal(offered.state.offer.practitionerName, 'Testi Odotus');
    assert.equal(offered.state.current.id, mikkos.id);
    const validFor = new Date(offered.state.expiresAt).getTime() - Date.now();
    assert.ok(validFor > (WAITLIST_OFFER_HOURS - 0.1) * 3_600_000 && validFor <= WAITLIST_OFFER_HOURS * 3_600_000);
    // someone else's token is not found
    assert.equal((await earlierPage(mikkoToken, leena)).status, 404);
    assert.equal((await take(mikkoToken, leena)).statusCode, 404);

    // Mikko takes it first
    const taken = earlierTimeResponseSchema.parse((await take(mikkoToken, mikko)).json());
    assert.ok(taken.type === 'success');
    assert.equal((await storedAppointment(t.app, taken.appointmentId)).slotId, freed.slotId);
    assert.equal((await storedAppointment(t.app, mikkos.id)).status, 'cancelled');
    assert.equal((await storedAppointment(t.app, mikkos.id)).movedToAppointmentId, Number(taken.appointmentId));

    // Leena is second: refused, her appointment untouched
    assert.deepEqual((await take(leenaToken, leena)).json(), { type: 'appointmentNotAvailable' });
    assert.equal((await storedAppointment(t.app, leenas.id)).status, 'reserved');
    assert.deepEqual((await earlierPage(leenaToken, leena)).state, { status: 'offer-taken' });
    assert.deepEqual((await take(mikkoToken, mikko)).json(), { type: 'appointmentNotAvailable' }, 'an offer is taken once');

    // Mikko's old slot (10 days) was freed by the swap and offered on to Leena (12 days, same specialty in Helsinki)
    // the outbox lists the newest first
    const [onward, first] = await smsTo('+358401230002');
    assert.ok(first?.text.includes(leenaToken));
    assert.ok(onward && onward.text.includes('/sv/tidigare-tid/') && !onward.text.includes(leenaToken));
  });

  it('an offer that is no longer earlier (the patient took an earlier one since) is not taken', async () => {
    const freedLater = await bookNew(t.app, aino.personId, { practitionerId: doctor, startsInMinutes: 6 * DAY });
    const freedSooner = await bookNew(t.app, aino.personId, { practitionerId: doctor, startsInMinutes: 5 * DAY });
    const mikkos = await bookNew(t.app, mikko.personId, { practitionerId: doctor, startsInMinutes: 16 * DAY }, { phone: '+358401230021' });
    await waitlist('POST', mikkos.id, mikko, { scope: 'practitioner' });
    assert.equal((await cancel(freedLater.id, aino)).statusCode, 200);
    const laterToken = await offerTokenIn('+358401230021');
    assert.equal((await cancel(freedSooner.id, aino)).statusCode, 200);
    const soonerToken = await offerTokenIn('+358401230021');
    const taken = earlierTimeResponseSchema.parse((await take(soonerToken, mikko)).json());
    assert.equal(taken.type, 'success');
    assert.deepEqual((await earlierPage(laterToken, mikko)).state, { status: 'offer-taken' });
    assert.deepEqual((await take(laterToken, mikko)).json(), { type: 'appointmentNotAvailable' });
    assert.ok(taken.type === 'success' && (await storedAppointment(t.app, taken.appointmentId)).status === 'reserved');
  });

  it('an expired offer is refused on the page and when taken', async () => {
    const freed = await bookNew(t.app, aino.personId, { practitionerId: doctor, startsInMinutes: 4 * DAY });
    const mikkos = await bookNew(t.app, mikko.personId, { practitionerId: doctor, startsInMinutes: 15 * DAY }, { phone: '+358401230011' });
    await waitlist('POST', mikkos.id, mikko, { scope: 'practitioner' });
    assert.equal((await cancel(freed.id, aino)).statusCode, 200);
    const token = await offerTokenIn('+358401230011');
    await t.app.db.update(waitlistOffers).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(waitlistOffers.token, token));
    assert.deepEqual((await earlierPage(token, mikko)).state, { status: 'offer-expired' });
    assert.deepEqual((await take(token, mikko)).json(), { type: 'offerExpired' });
    assert.equal((await storedAppointment(t.app, mikkos.id)).status, 'reserved');
    const [offer] = await t.app.db.select().from(waitlistOffers).where(and(eq(waitlistOffers.token, token)));
    assert.equal(offer?.takenAt, null);
  });

  it('a malformed or unknown token: the page is not found, the call 400 with its path or 404', async () => {
    assert.equal((await earlierPage('AAAAAAAAAAAAAAAAAAAAAA', mikko)).status, 404);
    const bad = await take('short', mikko);
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(bad.json()).details.map((d) => d.path), ['token']);
    assert.equal((await take('AAAAAAAAAAAAAAAAAAAAAA', mikko)).statusCode, 404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/earlier-time/AAAAAAAAAAAAAAAAAAAAAA' });
    assert.equal(anonymous.statusCode, 401);
  });
});
