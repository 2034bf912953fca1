import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, count, desc, eq, gt, like, ne } from 'drizzle-orm';
import {
  ANONYMOUS_RESERVE_APPOINTMENT_PATH,
  MAX_FUTURE_RESERVATIONS,
  RESERVE_APPOINTMENT_PATH,
  anonymousReservationPageStateSchema,
  reservationPageStateSchema,
  reserveAppointmentResponseSchema,
  type AnonymousReservationPageState,
  type ReservationPageState,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { appointmentSlots, practitioners } from '../src/modules/clinics/schema';
import { appointments, occupationalContracts, patientConcepts } from '../src/modules/booking/schema';
import { smsOutbox } from '../src/modules/mfa/schema';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { formatDateTime } from '@portal/shared-i18n';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The reservation pages and both reserve calls over HTTP (spec part 2 §2.1 "Reserve appointment",
 * §3 "Page state for reservation", §4, §5, §7, §8 "Reservation"; docs/product-decisions.md, "Reservations and cancellation"; issue 13): the
 * database's uniqueness guarantee under 200 concurrent reservations of one slot, the limit of 5,
 * every bad payload refused with paths and nothing written, the anonymous refusals, the guardian,
 * the confirmation SMS and the page states.
 */

let t: TestApp;
let mikko: SignedInCaller;
let publicUrl: string;
let lastSeededSlotId: number;
const logLines: string[] = [];

/**
 * Cancels the reservations earlier tests made for a person (on slots the tests created), so that a
 * test that books for them starts under the limit of 5 whatever ran before it.
 */
async function freeBudget(personId: string): Promise<void> {
  const made = await t.app.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.personId, personId), gt(appointments.slotId, lastSeededSlotId), ne(appointments.status, 'cancelled')));
  for (const { id } of made) {
    await t.app.db.update(appointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(appointments.id, id));
  }
}

/** freeBudget for the personas the tests book for. */
async function freeBudgets(): Promise<void> {
  for (const code of [PERSONAS.mikko, PERSONAS.aino, PERSONAS.ella]) await freeBudget(await personIdOf(t.app, code));
}

before(async () => {
  // The rate limit has its own test (its own app); here neither it nor the fair-use module's limit of
  // calls in flight per session may stand in the way of 200 calls at once.
  t = await createTestApp(
    { RESERVATION_RATE_LIMIT_PER_MINUTE: '1000', ANONYMOUS_RESERVATION_ATTEMPTS_PER_IDENTITY_CODE_PER_HOUR: '1000', API_CONCURRENT_PER_SESSION: '200', API_RATE_LIMIT_PER_SESSION: '1000' },
    { logLines },
  );
  publicUrl = t.config.publicUrl;
  mikko = await signIn(t.app, PERSONAS.mikko);
  const [last] = await t.app.db.select({ id: appointmentSlots.id }).from(appointmentSlots).orderBy(desc(appointmentSlots.id)).limit(1);
  lastSeededSlotId = last?.id ?? 0;
});
after(async () => t?.close());

const HOUR = 3_600_000;

/** A new free slot `hoursFromNow` ahead, at a physical clinic, copied from a seeded slot's practitioner, clinic and specialty. */
async function newSlot(hoursFromNow = 72, overrides: Partial<typeof appointmentSlots.$inferInsert> = {}, app: TestApp = t): Promise<string> {
  const [template] = await app.app.db.select().from(appointmentSlots).where(eq(appointmentSlots.isRemote, false)).limit(1);
  assert.ok(template, 'the demo world has slots');
  const [row] = await app.app.db
    .insert(appointmentSlots)
    .values({
      clinicId: template.clinicId,
      practitionerId: template.practitionerId,
      specialtyId: template.specialtyId,
      kindId: template.kindId,
      startsAt: new Date(Date.now() + hoursFromNow * HOUR),
      durationMinutes: 30,
      ...overrides,
    })
    .returning({ id: appointmentSlots.id });
  return String(row!.id);
}

function reserve(caller: SignedInCaller | null, payload: unknown, options: { csrfToken?: string | null; app?: TestApp; remoteAddress?: string; lang?: string } = {}) {
  const csrf = options.csrfToken === undefined ? caller?.csrfToken : options.csrfToken;
  const query = new URLSearchParams({ ...(csrf ? { csrfToken: csrf } : {}), ...(options.lang ? { lang: options.lang } : {}) }).toString();
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `${RESERVE_APPOINTMENT_PATH}${query ? `?${query}` : ''}`,
    ...(caller ? { headers: caller.headers } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: payload as object,
  });
}

function reserveAnonymously(payload: unknown, options: { headers?: Record<string, string>; app?: TestApp; remoteAddress?: string; lang?: string } = {}) {
  return (options.app ?? t).app.inject({
    method: 'POST',
    url: `${ANONYMOUS_RESERVE_APPOINTMENT_PATH}${options.lang ? `?lang=${options.lang}` : ''}`,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: payload as object,
  });
}

const signedInPayload = (appointmentId: string, extra: Record<string, unknown> = {}) => ({
  internalOrganization: 'portal',
  appointmentId,
  healthcareType: 'private',
  description: 'Selkä on kipeä',
  emailAddress: 'mikko.virtanen@example.fi',
  phone: '040 555 0101',
  ...extra,
});

const anonymousPayload = (appointmentId: string, extra: Record<string, unknown> = {}) => ({
  internalOrganization: 'portal',
  appointmentId,
  emailAddress: 'aino.korhonen@example.fi',
  firstName: 'Aino',
  lastName: 'Korhonen',
  phone: '050 555 0202',
  ssn: PERSONAS.aino,
  ...extra,
});

async function activeHolders(slotId: string) {
  return t.app.db.select().from(appointments).where(and(eq(appointments.slotId, Number(slotId)), ne(appointments.status, 'cancelled')));
}

async function appointmentCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(appointments);
  return row!.n;
}

async function futureCountOf(personId: string): Promise<number> {
  const rows = await t.app.db
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.id, appointments.slotId))
    .where(and(eq(appointments.personId, personId), ne(appointments.status, 'cancelled'), gt(appointmentSlots.startsAt, new Date())));
  return rows.length;
}

async function page<S>(routeId: string, id: string, caller: SignedInCaller | null, query = ''): Promise<{ status: number; state: S }> {
  const res = await t.app.inject({ url: `/api/pages/${routeId}?lang=fi&id=${id}${query}`, ...(caller ? { headers: caller.headers } : {}) });
  return { status: res.statusCode, state: (res.json() as { state: S }).state };
}

describe('the database decides a race (issue 13: two people never hold the same slot)', () => {
  it('200 concurrent reservations of one slot, signed in and anonymous: exactly one succeeds, 199 answer appointmentNotAvailable, no 5xx', async () => {
    await freeBudgets();
    const slotId = await newSlot(96);
    const aino = await signIn(t.app, PERSONAS.aino);
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const attempts = Array.from({ length: 200 }, (_, i) => {
      const remoteAddress = `10.1.${Math.floor(i / 250)}.${i % 250}`;
      switch (i % 5) {
        case 0:
          return reserve(mikko, signedInPayload(slotId), { remoteAddress });
        case 1:
          return reserve(aino, signedInPayload(slotId, { emailAddress: 'aino.korhonen@example.fi', phone: '050 555 0202' }), { remoteAddress });
        case 2:
          return reserve(leenaForElla, signedInPayload(slotId, { emailAddress: 'leena@example.fi', phone: '044 555 0303' }), { remoteAddress });
        case 3:
          return reserveAnonymously(anonymousPayload(slotId), { remoteAddress });
        default:
          return reserveAnonymously(anonymousPayload(slotId, { ssn: PERSONAS.mikko, firstName: 'Mikko', lastName: 'Virtanen', emailAddress: 'm@example.fi' }), { remoteAddress });
      }
    });
    const answers = await Promise.all(attempts);
    const statuses = answers.map((res) => res.statusCode);
    assert.equal(statuses.filter((s) => s >= 500).length, 0, `no 5xx: ${statuses.filter((s) => s >= 500).join(',')}`);
    assert.equal(statuses.filter((s) => s === 200).length, 1);
    const refused = answers.filter((res) => res.statusCode !== 200);
    assert.equal(refused.length, 199);
    for (const res of refused) {
      assert.equal(res.statusCode, 409);
      assert.deepEqual(res.json(), { type: 'appointmentNotAvailable' });
    }
    assert.equal((await activeHolders(slotId)).length, 1);
  });
});

describe('POST /api/reserve-appointment (signed in; spec part 2 §7, §8)', () => {
  it('reserves for the signed-in patient, answers reservationDetails and sends the confirmation SMS with the appointment link', async () => {
    await freeBudgets();
    const slotId = await newSlot(80);
    const res = await reserve(mikko, signedInPayload(slotId), { lang: 'en' });
    assert.equal(res.statusCode, 200, res.body);
    const { reservationDetails } = reserveAppointmentResponseSchema.parse(res.json());
    assert.equal(reservationDetails.healthcareType, 'private');
    assert.equal(reservationDetails.phone, '+358405550101');
    const [row] = await activeHolders(slotId);
    assert.equal(row!.id, Number(reservationDetails.appointmentId));
    assert.equal(row!.personId, mikko.personId);
    assert.equal(row!.reservedByPersonId, null);
    assert.equal(row!.anonymous, false);
    assert.equal(row!.description, 'Selkä on kipeä');
    assert.match(row!.linkToken, /^[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*$/);
    const link = `${publicUrl}/en/appointment/${reservationDetails.appointmentId}`;
    const [sms] = await t.app.db.select().from(smsOutbox).where(like(smsOutbox.text, `%${link}`));
    assert.ok(sms, 'an SMS carries the appointment link');
    assert.equal(sms.phoneNumber, '+358405550101', 'to the phone given');
    assert.match(sms.text, /^Your appointment is booked: \d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2}, /);
  });

  it('issue 28: the SMS writes the date and time as the appointment page does, in each language', async () => {
    const startsAt = new Date('2030-11-30T06:00:00.000Z'); // 8:00 in Helsinki (EET)
    const expected = { fi: '30.11.2030 8:00', sv: '30.11.2030 8:00', en: '30 November 2030 at 8:00' } as const;
    for (const lang of ['fi', 'sv', 'en'] as const) {
      await freeBudgets();
      const slotId = await newSlot(0, { startsAt });
      const res = await reserve(mikko, signedInPayload(slotId), { lang });
      assert.equal(res.statusCode, 200, res.body);
      const { appointmentId } = reserveAppointmentResponseSchema.parse(res.json()).reservationDetails;
      const [sms] = await t.app.db.select().from(smsOutbox).where(like(smsOutbox.text, `%/${appointmentId}`));
      assert.ok(sms?.text.includes(`: ${expected[lang]}, `), sms?.text);
      // the page the link opens shows its start with the same formatter (AppointmentCard: formatDateTime)
      const pageState = (await t.app.inject({ url: `/api/pages/booking.appointment?lang=${lang}&ids=${appointmentId}`, headers: mikko.headers })).json() as { state: { appointments?: Array<{ startDate: string }> } };
      const shown = pageState.state.appointments?.[0]?.startDate;
      assert.ok(shown, JSON.stringify(pageState.state).slice(0, 300));
      assert.equal(formatDateTime(shown, lang), expected[lang]);
    }
  });

  it('a guardian acting for the ward books for the ward (spec part 2 §6)', async () => {
    await freeBudgets();
    const slotId = await newSlot(81);
    const leena = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const res = await reserve(leena, signedInPayload(slotId, { emailAddress: 'leena@example.fi', phone: '+358445550303' }));
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await activeHolders(slotId);
    assert.equal(row!.personId, await personIdOf(t.app, PERSONAS.ella));
    assert.equal(row!.reservedByPersonId, await personIdOf(t.app, PERSONAS.leena));
  });

  it('401 without a session, 403 without or with a wrong csrfToken; nothing is written', async () => {
    const slotId = await newSlot(82);
    assert.equal((await reserve(null, signedInPayload(slotId))).statusCode, 401);
    assert.equal((await reserve(mikko, signedInPayload(slotId), { csrfToken: null })).statusCode, 403);
    assert.equal((await reserve(mikko, signedInPayload(slotId), { csrfToken: 'not-the-token' })).statusCode, 403);
    assert.equal((await activeHolders(slotId)).length, 0);
  });

  it('every bad payload answers 400 naming its field, and nothing is written', async () => {
    const slotId = await newSlot(83);
    const base = signedInPayload(slotId);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, appointmentId: 'abc' }, 'appointmentId'],
      [{ ...base, appointmentId: undefined }, 'appointmentId'],
      [{ ...base, internalOrganization: 'pikkujatti' }, 'internalOrganization'],
      [{ ...base, healthcareType: 'public' }, 'healthcareType'],
      [{ ...base, emailAddress: 'not an address' }, 'emailAddress'],
      [{ ...base, emailAddress: '' }, 'emailAddress'],
      [{ ...base, phone: '123' }, 'phone'],
      [{ ...base, phone: '+46 70 123 4567' }, 'phone'],
      [{ ...base, description: 'x'.repeat(1001) }, 'description'],
      [{ ...base, insuranceConceptCode: '12345' }, 'insuranceConceptCode'],
      [{ ...base, insuranceCompany: 'IF' }, 'insuranceCompany'],
      [{ ...base, healthcareType: 'insurance' }, 'insuranceCompany'],
      [{ ...base, healthcareType: 'insurance', insuranceCompany: 'IF', insuranceConceptCode: '758236' }, 'reimbursement'],
      [{ ...base, healthcareType: 'insurance', insuranceCompany: 'IF', reimbursement: 'USE_REIMBURSEMENT', insuranceConceptCode: '758236' }, 'insuranceConceptCode'],
      [{ ...base, healthcareType: 'insurance', insuranceCompany: 'OP', insuranceConceptCode: null }, 'insuranceConceptCode'],
      [{ ...base, healthcareType: 'insurance', insuranceCompany: 'OTHER', dcpContentHash: 'abc' }, 'dcpContentHash'],
      [{ ...base, unknownField: true }, 'unknownField'],
    ];
    const before = await appointmentCount();
    for (const [payload, path] of cases) {
      const res = await reserve(mikko, payload);
      assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
      const body = res.json() as { type: string; details: { path: string }[] };
      assert.equal(body.type, 'ValidationError');
      assert.ok(body.details.some((detail) => detail.path === path), `${path} in ${JSON.stringify(body.details)}`);
    }
    const notJson = await t.app.inject({ method: 'POST', url: `${RESERVE_APPOINTMENT_PATH}?csrfToken=${mikko.csrfToken}`, headers: { ...mikko.headers, 'content-type': 'application/json' }, payload: '{' });
    assert.equal(notJson.statusCode, 400);
    assert.equal(await appointmentCount(), before);
  });

  it('a taken slot answers appointmentNotAvailable (409), as does one that has started or was withdrawn', async () => {
    await freeBudgets();
    const slotId = await newSlot(84);
    assert.equal((await reserve(mikko, signedInPayload(slotId))).statusCode, 200);
    const again = await reserve(await signIn(t.app, PERSONAS.aino), signedInPayload(slotId, { emailAddress: 'a@example.fi', phone: '0505550202' }));
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), { type: 'appointmentNotAvailable' });
    const started = await newSlot(-1);
    assert.deepEqual((await reserve(mikko, signedInPayload(started))).json(), { type: 'appointmentNotAvailable' });
    const withdrawn = await newSlot(85, { withdrawn: true });
    assert.deepEqual((await reserve(mikko, signedInPayload(withdrawn))).json(), { type: 'appointmentNotAvailable' });
    assert.deepEqual((await reserve(mikko, signedInPayload('999999999'))).json(), { type: 'appointmentNotAvailable' });
  });

  it(`at most ${MAX_FUTURE_RESERVATIONS} future reservations per person: the next answers tooManyReservations (409) and is not written`, async () => {
    const leena = await signIn(t.app, PERSONAS.leena);
    const payload = (slotId: string) => signedInPayload(slotId, { emailAddress: 'leena@example.fi', phone: '+358445550303' });
    const existing = await futureCountOf(leena.personId);
    for (let i = existing; i < MAX_FUTURE_RESERVATIONS; i++) {
      assert.equal((await reserve(leena, payload(await newSlot(100 + i)))).statusCode, 200);
    }
    const overSlot = await newSlot(120);
    const over = await reserve(leena, payload(overSlot));
    assert.equal(over.statusCode, 409);
    assert.deepEqual(over.json(), { type: 'tooManyReservations' });
    assert.equal((await activeHolders(overSlot)).length, 0);
    assert.equal(await futureCountOf(leena.personId), MAX_FUTURE_RESERVATIONS);
  });

  it('Jukka (not credit-worthy) is refused paymentBlocked; without the patient data consent consentRequired; Pekka registrationRequired', async () => {
    const slotId = await newSlot(86);
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const blocked = await reserve(jukka, signedInPayload(slotId, { emailAddress: 'j@example.fi' }));
    assert.equal(blocked.statusCode, 403);
    assert.deepEqual(blocked.json(), { type: 'paymentBlocked' });
    await t.app.db.update(people).set({ creditWorthy: true }).where(eq(people.id, jukka.personId));
    const consent = await reserve(jukka, signedInPayload(slotId, { emailAddress: 'j@example.fi' }));
    assert.equal(consent.statusCode, 422);
    assert.deepEqual(consent.json(), { type: 'consentRequired' });
    await t.app.db.update(people).set({ creditWorthy: false }).where(eq(people.id, jukka.personId));
    const pekka = await signIn(t.app, PERSONAS.pekka);
    assert.deepEqual((await reserve(pekka, signedInPayload(slotId, { emailAddress: 'p@example.fi' }))).json(), { type: 'registrationRequired' });
    assert.equal((await activeHolders(slotId)).length, 0);
  });

  it('occupational: refused without a contract with web reservation; Aino with one reserves', async () => {
    await freeBudgets();
    const slotId = await newSlot(87);
    const refused = await reserve(mikko, signedInPayload(slotId, { healthcareType: 'occupational' }));
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { type: 'occupationalNotAllowed' });
    const aino = await signIn(t.app, PERSONAS.aino);
    await t.app.db.insert(occupationalContracts).values({ personId: aino.personId, employerName: 'Lentoyhtiö Oy', webReservation: true }).onConflictDoNothing();
    const res = await reserve(aino, signedInPayload(slotId, { healthcareType: 'occupational', emailAddress: 'a@example.fi', phone: '0505550202' }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await activeHolders(slotId))[0]!.healthcareType, 'occupational');
  });

  it('insurance: the concept must be among the patient\'s (conceptMissing); If direct reimbursement without permission fails the treatment chain; If pay books', async () => {
    await freeBudgets();
    const insurance = (slotId: string, extra: Record<string, unknown>) => signedInPayload(slotId, { healthcareType: 'insurance', insuranceCompany: 'IF', ...extra });
    const slotId = await newSlot(88);
    await t.app.db.delete(patientConcepts).where(and(eq(patientConcepts.personId, mikko.personId), eq(patientConcepts.code, '90157')));
    const missing = await reserve(mikko, insurance(slotId, { reimbursement: 'USE_REIMBURSEMENT', insuranceConceptCode: '90157' }));
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json(), { type: 'conceptMissing' });
    await t.app.db.insert(patientConcepts).values({ personId: mikko.personId, code: '90157', directReimbursementAllowed: false });
    const chain = await reserve(mikko, insurance(slotId, { reimbursement: 'USE_REIMBURSEMENT', insuranceConceptCode: '90157' }));
    assert.equal(chain.statusCode, 422);
    assert.deepEqual(chain.json(), { type: 'treatmentChainCreationFailed' });
    await t.app.db.insert(patientConcepts).values({ personId: mikko.personId, code: '758236', directReimbursementAllowed: false }).onConflictDoNothing();
    const booked = await reserve(mikko, insurance(slotId, { reimbursement: 'PAY_AND_REIMBURSE', insuranceConceptCode: '758236' }));
    assert.equal(booked.statusCode, 200, booked.body);
    const [row] = await activeHolders(slotId);
    assert.deepEqual([row!.healthcareType, row!.insuranceCompany, row!.reimbursement, row!.insuranceConceptCode], ['insurance', 'IF', 'PAY_AND_REIMBURSE', '758236']);
  });
});

describe('POST /api/anon/reserve-appointment (anonymous; spec part 2 §4 "Anonymous reservation", §5, §6)', () => {
  it('reserves by identity code and sends the SMS with the anonymous link (a token with a letter)', async () => {
    await freeBudgets();
    const slotId = await newSlot(89);
    const res = await reserveAnonymously(anonymousPayload(slotId, { ssn: ' 021178-912p ', firstName: ' aino ' }), { lang: 'sv' });
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await activeHolders(slotId);
    assert.equal(row!.personId, await personIdOf(t.app, PERSONAS.aino));
    assert.equal(row!.anonymous, true);
    const messages = await t.app.db.select().from(smsOutbox).where(like(smsOutbox.text, `%${row!.linkToken}%`));
    assert.equal(messages.length, 1, 'the confirmation went to the number on her record: no separate notice');
    const [sms] = messages;
    assert.ok(sms, 'the SMS carries the link token');
    assert.equal(sms.phoneNumber, '+358505550202');
    assert.ok(sms.text.includes(`${publicUrl}/sv/bokning/${row!.linkToken}`), sms.text);
    assert.ok(sms.text.startsWith('Din tid är bokad'), sms.text);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, row!.personId), eq(auditLog.action, 'booking.reservation.anonymous')))
      .limit(1);
    assert.ok(audit, 'the read of the person named by the identity code is audited');
  });

  it('issue 27: an unknown or unregistered code, other names, no consent and a payment block all answer the same bytes (422 patientInfoConflict); nothing is written or sent', async () => {
    const slotId = await newSlot(90);
    const mikkoId = await personIdOf(t.app, PERSONAS.mikko);
    const smsBefore = (await t.app.db.select({ n: count() }).from(smsOutbox))[0]!.n;
    const cases: [string, Record<string, unknown>][] = [
      ['no such person', { ssn: '131052-308T', firstName: 'Maija', lastName: 'Meikäläinen' }],
      ['not registered (Pekka)', { ssn: PERSONAS.pekka, firstName: 'Pekka', lastName: 'Laine' }],
      ['another first name', { ssn: PERSONAS.mikko, firstName: 'Matti', lastName: 'Virtanen' }],
      ['another last name', { ssn: PERSONAS.mikko, firstName: 'Mikko', lastName: 'Korhonen' }],
      ['no patient data consent (Jukka)', { ssn: PERSONAS.jukka, firstName: 'Jukka', lastName: 'Mäkinen' }],
      ['a payment block (Mikko, made not credit-worthy)', { ssn: PERSONAS.mikko, firstName: 'Mikko', lastName: 'Virtanen', emailAddress: 'm@example.fi' }],
    ];
    await t.app.db.update(people).set({ creditWorthy: false }).where(eq(people.id, mikkoId));
    try {
      const answers = [];
      for (const [name, extra] of cases) {
        const res = await reserveAnonymously(anonymousPayload(slotId, extra), { remoteAddress: '198.51.100.20' });
        answers.push({ name, status: res.statusCode, body: res.body, type: res.headers['content-type'] });
      }
      for (const answer of answers) {
        assert.deepEqual({ status: answer.status, body: answer.body, type: answer.type }, { status: 422, body: '{"type":"patientInfoConflict"}', type: answers[0]!.type }, answer.name);
      }
    } finally {
      await t.app.db.update(people).set({ creditWorthy: true }).where(eq(people.id, mikkoId));
    }
    assert.equal((await activeHolders(slotId)).length, 0);
    assert.equal((await t.app.db.select({ n: count() }).from(smsOutbox))[0]!.n, smsBefore, 'no SMS to anyone');
  });

  it('issue 27: booked with someone else\'s code, the confirmation goes to the number typed and a notice with the link to the number on the owner\'s record; the owner cancels it', async () => {
    await freeBudgets();
    const slotId = await newSlot(88);
    const prober = '+358405550999';
    const res = await reserveAnonymously(anonymousPayload(slotId, { phone: '040 555 0999', emailAddress: 'someone@example.org' }), { lang: 'en', remoteAddress: '198.51.100.21' });
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await activeHolders(slotId);
    const link = `${publicUrl}/en/appointment/${row!.linkToken}`;

    const [confirmation] = await t.app.db.select().from(smsOutbox).where(and(eq(smsOutbox.phoneNumber, prober), like(smsOutbox.text, `%${row!.linkToken}%`)));
    assert.ok(confirmation?.text.startsWith('Your appointment is booked'), confirmation?.text);
    const [notice, ...more] = await t.app.db.select().from(smsOutbox).where(and(eq(smsOutbox.phoneNumber, '+358505550202'), like(smsOutbox.text, `%${row!.linkToken}%`)));
    assert.equal(more.length, 0);
    assert.ok(notice, 'Aino, the owner of the identity code, is told at the number on her record');
    assert.ok(notice.text.startsWith('An appointment was booked with your personal identity code without identification'), notice.text);
    assert.ok(notice.text.endsWith(`cancel it: ${link}`), notice.text);

    // The link works: it opens the appointment with the cancel option (through strong login) ...
    const opened = await t.app.inject({ url: `/api/pages/booking.anonymous-appointment?lang=en&token=${row!.linkToken}` });
    assert.equal(opened.statusCode, 200);
    const state = (opened.json() as { state: { status: string; appointment?: { signedInId: string; mayCancel: boolean } } }).state;
    assert.equal(state.status, 'ok');
    assert.equal(state.appointment?.mayCancel, true);
    // ... where Aino, signed in, cancels it
    const aino = await signIn(t.app, PERSONAS.aino);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/appointments/${state.appointment!.signedInId}?csrfToken=${encodeURIComponent(aino.csrfToken)}`, headers: aino.headers });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal((await activeHolders(slotId)).length, 0);
  });

  it('never for insurance or occupational, nor a slot that requires strong login (403 strongLoginRequired)', async () => {
    const slotId = await newSlot(91);
    for (const healthcareType of ['insurance', 'occupational']) {
      const res = await reserveAnonymously(anonymousPayload(slotId, { healthcareType }));
      assert.equal(res.statusCode, 403);
      assert.deepEqual(res.json(), { type: 'strongLoginRequired' });
    }
    const strong = await newSlot(92, { requiresStrongAuth: true });
    const res = await reserveAnonymously(anonymousPayload(strong));
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { type: 'strongLoginRequired' });
    assert.equal((await activeHolders(slotId)).length + (await activeHolders(strong)).length, 0);
  });

  it('refuses a cross-site browser request by its Origin (403) and writes nothing', async () => {
    const slotId = await newSlot(93);
    const res = await reserveAnonymously(anonymousPayload(slotId), { headers: { origin: 'https://evil.example' } });
    assert.equal(res.statusCode, 403);
    const fetchSite = await reserveAnonymously(anonymousPayload(slotId), { headers: { 'sec-fetch-site': 'cross-site' } });
    assert.equal(fetchSite.statusCode, 403);
    assert.equal((await activeHolders(slotId)).length, 0);
  });

  it('every bad payload answers 400 naming its field (spec §5 rules), and nothing is written', async () => {
    const slotId = await newSlot(94);
    const base = anonymousPayload(slotId);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, ssn: '021178-912X' }, 'ssn'],
      [{ ...base, ssn: '021178-912PP' }, 'ssn'],
      [{ ...base, ssn: '' }, 'ssn'],
      [{ ...base, firstName: '   ' }, 'firstName'],
      [{ ...base, lastName: '' }, 'lastName'],
      [{ ...base, lastName: undefined }, 'lastName'],
      [{ ...base, phone: 'abc' }, 'phone'],
      [{ ...base, phone: '0600 123 456' }, 'phone'],
      [{ ...base, emailAddress: 'aino@' }, 'emailAddress'],
      [{ ...base, appointmentId: '12a' }, 'appointmentId'],
      [{ ...base, internalOrganization: 'other' }, 'internalOrganization'],
      [{ ...base, healthcareType: 'public' }, 'healthcareType'],
      [{ ...base, description: 'not in this payload' }, 'description'],
    ];
    for (const [payload, path] of cases) {
      const res = await reserveAnonymously(payload);
      assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
      const body = res.json() as { details: { path: string }[] };
      assert.ok(body.details.some((detail) => detail.path === path), `${path} in ${JSON.stringify(body.details)}`);
    }
    assert.equal((await activeHolders(slotId)).length, 0);
  });
});

describe('rate limit per client and per patient (issues 13, 30)', () => {
  it('issue 27: beyond ANONYMOUS_RESERVATION_ATTEMPTS_PER_IDENTITY_CODE_PER_HOUR one identity code answers 429 with retry-after from any address, known or unknown alike', async () => {
    const limited = await createTestApp({ ANONYMOUS_RESERVATION_ATTEMPTS_PER_IDENTITY_CODE_PER_HOUR: '2' });
    try {
      const slotId = await newSlot(97, {}, limited);
      for (const extra of [{ ssn: PERSONAS.mikko, firstName: 'Matti' }, { ssn: '131052-308T', firstName: 'Maija', lastName: 'Meikäläinen' }]) {
        const payload = anonymousPayload(slotId, extra);
        assert.equal((await reserveAnonymously(payload, { app: limited, remoteAddress: '203.0.113.1' })).statusCode, 422);
        assert.equal((await reserveAnonymously(payload, { app: limited, remoteAddress: '203.0.113.2' })).statusCode, 422);
        const third = await reserveAnonymously(payload, { app: limited, remoteAddress: '203.0.113.3' });
        assert.equal(third.statusCode, 429, `${String(extra.ssn)}: ${third.body}`);
        assert.ok(Number(third.headers['retry-after']) >= 1);
        assert.equal(third.json<{ type: string }>().type, 'TooManyRequests');
      }
      // another identity code from the same addresses is not affected
      assert.equal((await reserveAnonymously(anonymousPayload(slotId, { ssn: PERSONAS.jukka, firstName: 'Jukka', lastName: 'Mäkinen' }), { app: limited, remoteAddress: '203.0.113.3' })).statusCode, 422);
      assert.equal((await limited.app.db.select().from(appointments).where(eq(appointments.slotId, Number(slotId)))).length, 0);
    } finally {
      await limited.close();
    }
  });

  it('beyond RESERVATION_RATE_LIMIT_PER_MINUTE anonymous reservations from one address answer 429 with retry-after; another address and a signed-in patient at that address are not affected', async () => {
    const limited = await createTestApp({ RESERVATION_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const slotId = await newSlot(95, {}, limited);
      const payload = anonymousPayload(slotId, { ssn: '131052-308T', firstName: 'Maija', lastName: 'Meikäläinen' });
      const remoteAddress = '192.0.2.7';
      assert.equal((await reserveAnonymously(payload, { app: limited, remoteAddress })).statusCode, 422);
      assert.equal((await reserveAnonymously(payload, { app: limited, remoteAddress })).statusCode, 422);
      const third = await reserveAnonymously(payload, { app: limited, remoteAddress });
      assert.equal(third.statusCode, 429);
      assert.ok(Number(third.headers['retry-after']) >= 1);
      const caller = await signIn(limited.app, PERSONAS.mikko);
      // issue 30: a signed-in patient is counted as themselves, not as the address they share
      assert.equal((await reserve(caller, signedInPayload(slotId), { app: limited, remoteAddress })).statusCode, 200);
      assert.equal((await reserveAnonymously(payload, { app: limited, remoteAddress: '192.0.2.8' })).statusCode, 422);
    } finally {
      await limited.close();
    }
  });
});

describe('reservation page loaders (spec part 2 §2.1, §3 "Page state for reservation")', () => {
  it('no such slot: not-found with HTTP 404, signed in and anonymous', async () => {
    const signedIn = await page<ReservationPageState>('booking.reservation', '999999999', mikko);
    assert.equal(signedIn.status, 404);
    assert.deepEqual(signedIn.state, { status: 'not-found' });
    const anonymous = await page<AnonymousReservationPageState>('booking.anonymous-reservation', '999999999', null);
    assert.equal(anonymous.status, 404);
    assert.deepEqual(anonymous.state, { status: 'not-found' });
  });

  it('a reserved, started or withdrawn slot is already-reserved', async () => {
    await freeBudgets();
    const slotId = await newSlot(97);
    assert.equal((await reserve(mikko, signedInPayload(slotId))).statusCode, 200);
    for (const id of [slotId, await newSlot(-2), await newSlot(98, { withdrawn: true })]) {
      const res = await page<ReservationPageState>('booking.reservation', id, mikko);
      assert.equal(res.status, 200);
      assert.deepEqual(res.state, { status: 'already-reserved', healthcareType: 'private' });
    }
    assert.deepEqual((await page<AnonymousReservationPageState>('booking.anonymous-reservation-insurance', slotId, null)).state, {
      status: 'already-reserved',
      healthcareType: 'insurance',
    });
  });

  it('ok for Mikko: the appointment, the private price, the patient (masked ssn), registration ok, not payment-blocked; the read is audited', async () => {
    const slotId = await newSlot(72);
    const { status, state } = await page<ReservationPageState>('booking.reservation', slotId, mikko, '&status=cancel');
    assert.equal(status, 200);
    const parsed = reservationPageStateSchema.parse(state);
    assert.equal(parsed.status, 'ok');
    if (parsed.status !== 'ok') return;
    assert.equal(parsed.appointment.id, slotId);
    assert.equal(parsed.healthcareType, 'private');
    assert.equal(parsed.internalOrganization, 'portal');
    assert.equal(parsed.bindingRequired, false);
    assert.equal(parsed.cancellationHours, 24);
    assert.equal(parsed.registration, 'ok');
    assert.equal(parsed.paymentBlocked, false);
    assert.equal(parsed.isUserCreditWorthy, true);
    assert.equal(parsed.actingForWard, false);
    assert.equal(parsed.occupationalConfirmation, 'none');
    assert.equal(parsed.patient.firstName, 'Mikko');
    assert.equal(parsed.patient.ssn.includes('9013'), false, 'the identity code is masked');
    assert.equal(parsed.appointment.specialtyIds[0], parsed.appointment.specialty.id);
    assert.deepEqual(parsed.query, { status: 'cancel' });
    const [audit] = await t.app.db.select().from(auditLog).where(and(eq(auditLog.subjectPersonId, mikko.personId), eq(auditLog.action, 'booking.reservation'))).orderBy(desc(auditLog.id)).limit(1);
    assert.ok(audit, 'the patient read is audited');
  });

  it('the rate plus the fees as the private price (the breakdown with price-details), and the CMS reservation info as sanitised HTML', async () => {
    const slotId = await newSlot(71);
    const [slot] = await t.app.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, Number(slotId)));
    await t.app.db
      .update(practitioners)
      .set({
        rate: { code: 'VO', name: { fi: 'Vastaanotto', sv: 'Mottagning', en: 'Appointment' }, cents: 8900 },
        additionalFees: [{ code: 'TM', name: { fi: 'Toimistomaksu', sv: 'Expeditionsavgift', en: 'Office fee' }, cents: 1290 }],
        reservationInfo: { fi: 'Ota **kuvat** mukaan <script>alert(1)</script> [ohje](javascript:alert(1))', sv: 'Ta med bilderna', en: 'Bring the images' },
      })
      .where(eq(practitioners.id, slot!.practitionerId));
    const state = reservationPageStateSchema.parse((await page('booking.reservation', slotId, mikko)).state);
    assert.ok(state.status === 'ok');
    assert.deepEqual(state.priceInfo, {
      fromEuros: '101.90',
      lines: [
        { code: 'VO', description: 'Vastaanotto', priceEuros: '89.00' },
        { code: 'TM', description: 'Toimistomaksu', priceEuros: '12.90' },
      ],
    });
    const html = state.appointment.practitioner.reservationInfoHtml ?? '';
    assert.match(html, /<strong>kuvat<\/strong>/);
    assert.ok(!html.includes('<script') && !html.includes('javascript:'), html);
  });

  it('the price only for the private type', async () => {
    const slotId = await newSlot(73);
    const insurance = reservationPageStateSchema.parse((await page('booking.reservation-insurance', slotId, mikko)).state);
    assert.equal(insurance.status === 'ok' && insurance.priceInfo, null);
  });

  it('bindingRequired inside the 24-hour window (spec part 2 §5), not outside it', async () => {
    const inside = reservationPageStateSchema.parse((await page('booking.reservation', await newSlot(3), mikko)).state);
    assert.equal(inside.status === 'ok' && inside.bindingRequired, true);
    const outside = anonymousReservationPageStateSchema.parse((await page('booking.anonymous-reservation', await newSlot(25), null)).state);
    assert.equal(outside.status === 'ok' && outside.bindingRequired, false);
  });

  it('Jukka: paymentBlocked and consent-needed; Pekka: unregistered; a guardian for Ella: the ward and actingForWard', async () => {
    const slotId = await newSlot(74);
    const jukka = reservationPageStateSchema.parse((await page('booking.reservation', slotId, await signIn(t.app, PERSONAS.jukka))).state);
    assert.ok(jukka.status === 'ok');
    assert.equal(jukka.paymentBlocked, true);
    assert.equal(jukka.isUserCreditWorthy, false);
    assert.equal(jukka.registration, 'consent-needed');
    const pekka = reservationPageStateSchema.parse((await page('booking.reservation', slotId, await signIn(t.app, PERSONAS.pekka))).state);
    assert.equal(pekka.status === 'ok' && pekka.registration, 'unregistered');
    const ward = reservationPageStateSchema.parse((await page('booking.reservation', slotId, await signIn(t.app, PERSONAS.leena, PERSONAS.ella))).state);
    assert.ok(ward.status === 'ok');
    assert.equal(ward.patient.firstName, 'Ella');
    assert.equal(ward.actingForWard, true);
  });

  it('occupational: unavailable without a contract; with one, the confirmation by specialty and no price', async () => {
    const slotId = await newSlot(75);
    const none = await page<ReservationPageState>('booking.reservation-occupational', slotId, mikko);
    assert.deepEqual(none.state, { status: 'occupational-unavailable', reason: 'no-occupational-healthcare', contractProductIds: [] });
    const aino = await signIn(t.app, PERSONAS.aino);
    await t.app.db.insert(occupationalContracts).values({ personId: aino.personId, employerName: 'Lentoyhtiö Oy', webReservation: true }).onConflictDoNothing();
    const psy = await newSlot(76, { specialtyId: 'TPSG' });
    const ok = reservationPageStateSchema.parse((await page('booking.reservation-occupational', psy, aino)).state);
    assert.ok(ok.status === 'ok');
    assert.equal(ok.occupationalConfirmation, 'referral');
    assert.equal(ok.priceInfo, null);
    assert.equal(ok.paymentBlocked, false);
  });

  it('issue 28: occupational physiotherapy asks to confirm a referral, and no reservation info on its page says none is needed', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    await t.app.db.insert(occupationalContracts).values({ personId: aino.personId, employerName: 'Lentoyhtiö Oy', webReservation: true }).onConflictDoNothing();
    const physios = await t.app.db.selectDistinct({ practitionerId: appointmentSlots.practitionerId, kindId: appointmentSlots.kindId, clinicId: appointmentSlots.clinicId }).from(appointmentSlots).where(eq(appointmentSlots.specialtyId, 'FYS'));
    assert.ok(physios.length > 0, 'the demo world has physiotherapy');
    let hours = 300;
    for (const physio of physios) {
      const slotId = await newSlot(hours++, { specialtyId: 'FYS', ...physio });
      const state = reservationPageStateSchema.parse((await page('booking.reservation-occupational', slotId, aino)).state);
      assert.ok(state.status === 'ok');
      assert.equal(state.occupationalConfirmation, 'contract-and-referral');
      for (const html of [state.appointment.practitioner.reservationInfoHtml, state.appointment.kind.reservationInfoHtml]) {
        // an unqualified promise: "no referral" that does not also say occupational care needs one
        if (html && /ilman lähetettä/.test(html)) assert.match(html, /työterveyshuollon \S+ tarvitset lähetteen/, html);
      }
    }
  });

  it('anonymous: requiresStrongLogin for insurance, occupational and a strong-auth slot, not for a plain private slot; loggedInPath is the signed-in page', async () => {
    const slotId = await newSlot(77);
    const plain = anonymousReservationPageStateSchema.parse((await page('booking.anonymous-reservation', slotId, null)).state);
    assert.ok(plain.status === 'ok');
    assert.equal(plain.requiresStrongLogin, false);
    assert.equal(plain.loggedInPath, `/fi/vapaat-ajat/${slotId}`);
    const insurance = anonymousReservationPageStateSchema.parse((await page('booking.anonymous-reservation-insurance', slotId, null)).state);
    assert.ok(insurance.status === 'ok');
    assert.equal(insurance.requiresStrongLogin, true);
    assert.equal(insurance.loggedInPath, `/fi/vakuutus/vapaat-ajat/${slotId}`);
    const strong = anonymousReservationPageStateSchema.parse((await page('booking.anonymous-reservation', await newSlot(78, { requiresStrongAuth: true }), null)).state);
    assert.equal(strong.status === 'ok' && strong.requiresStrongLogin, true);
  });

  it('the signed-in pages need a session (401)', async () => {
    const res = await t.app.inject({ url: `/api/pages/booking.reservation?lang=fi&id=${await newSlot(79)}` });
    assert.equal(res.statusCode, 401);
  });
});

describe('the children\'s brand (docs/product-decisions.md, "Values": internalOrganization)', () => {
  it('the page says pikkujatti (and, without price-details, no price breakdown); the call refuses the adult product name at its path', async () => {
    const children = await createTestApp({ BRAND: 'children', FEATURES: '-price-details' });
    try {
      const slotId = await newSlot(99, {}, children);
      const [slot] = await children.app.db.select().from(appointmentSlots).where(eq(appointmentSlots.id, Number(slotId)));
      await children.app.db
        .update(practitioners)
        .set({ rate: { code: 'VO', name: { fi: 'Vastaanotto', sv: 'Mottagning', en: 'Appointment' }, cents: 8900 }, additionalFees: [] })
        .where(eq(practitioners.id, slot!.practitionerId));
      const res = await children.app.inject({ url: `/api/pages/booking.anonymous-reservation?lang=fi&id=${slotId}` });
      const state = anonymousReservationPageStateSchema.parse((res.json() as { state: unknown }).state);
      assert.equal(state.status === 'ok' && state.internalOrganization, 'pikkujatti');
      assert.deepEqual(state.status === 'ok' && state.priceInfo, { fromEuros: '89.00', lines: null }, 'no breakdown without price-details');
      const wrong = await reserveAnonymously(anonymousPayload(slotId), { app: children });
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual((wrong.json() as { details: { path: string }[] }).details.map((d) => d.path), ['internalOrganization']);
      assert.equal((await reserveAnonymously(anonymousPayload(slotId, { internalOrganization: 'pikkujatti' }), { app: children })).statusCode, 200);
    } finally {
      await children.close();
    }
  });
});

describe('nothing personal in the log (issue 13)', () => {
  it('no identity code, phone number, e-mail address or link token of these tests was logged', async () => {
    const log = logLines.join('\n');
    assert.ok(log.includes('appointment reserved'), 'the reservations were logged');
    for (const code of [...Object.values(PERSONAS), '131052-308T']) assert.ok(!log.includes(code), `identity code ${code} in the log`);
    for (const text of ['555 0101', '5550101', '5550202', '5550303', '5550999', '@example.fi', 'Korhonen', 'Virtanen']) assert.ok(!log.includes(text), `${text} in the log`);
    const tokens = await t.app.db.select({ linkToken: appointments.linkToken }).from(appointments).where(eq(appointments.anonymous, true));
    for (const { linkToken } of tokens) assert.ok(!log.includes(linkToken), 'a link token in the log');
  });
});
