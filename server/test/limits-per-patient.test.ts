import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import { RESERVE_APPOINTMENT_PATH } from '@portal/shared-api';
import { accountProfiles } from '../src/modules/account/schema';
import { appointmentSlots } from '../src/modules/clinics/schema';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Issue 30: the limits count the right party. A signed-in patient is counted as themselves (all
 * their sessions together), whatever address they call from; a caller without a session by their
 * address. Here without Redis: fair use counts in the instance's memory, the reservation limit in
 * the database; either way an API call writes no fair-use row.
 */

const OFFICE = '198.51.100.40';
const FRONT_PAGE = '/api/pages/front-page?lang=fi';
const HOUR = 3_600_000;

async function apiRateLimitRows(t: TestApp): Promise<number> {
  const [row] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(sql`api_rate_limits`);
  return Number(row?.n);
}

/** A patient of their own, signed in directly through the sessions service (no broker: its limit is per address). */
async function newPatient(t: TestApp, i: number): Promise<SignedInCaller> {
  const [person] = await t.app.db
    .insert(people)
    .values({ identityCode: `limits-${i}-${Math.random()}`, givenName: `Potilas${i}`, familyName: 'Testinen', registered: true, patientDataConsent: 'ok', phoneNumber: '+358405550199' })
    .returning({ id: people.id });
  // a registered patient who has saved the consent form may reserve (booking/reservation/person.ts)
  await t.app.db.insert(accountProfiles).values({ personId: person!.id, consentFormUpdatedAt: new Date() });
  const session = await t.app.sessions.issue({ personId: person!.id, actingForPersonId: null });
  const cookie = `portal_session=${session.token}`;
  return { personId: person!.id, sessionId: session.id, csrfToken: session.csrfToken, cookie, headers: { cookie } };
}

/** A free slot `hoursFromNow` ahead, copied from a seeded one. */
async function newSlot(t: TestApp, hoursFromNow: number): Promise<string> {
  const [template] = await t.app.db.select().from(appointmentSlots).where(eq(appointmentSlots.isRemote, false)).limit(1);
  assert.ok(template, 'the demo world has slots');
  const [row] = await t.app.db
    .insert(appointmentSlots)
    .values({
      clinicId: template.clinicId,
      practitionerId: template.practitionerId,
      specialtyId: template.specialtyId,
      kindId: template.kindId,
      startsAt: new Date(Date.now() + hoursFromNow * HOUR),
      durationMinutes: 30,
    })
    .returning({ id: appointmentSlots.id });
  return String(row!.id);
}

function reserve(t: TestApp, caller: SignedInCaller, slotId: string, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: `${RESERVE_APPOINTMENT_PATH}?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
    headers: caller.headers,
    remoteAddress,
    payload: { internalOrganization: 'portal', appointmentId: slotId, healthcareType: 'private', description: 'Kontrolli', emailAddress: 'potilas@example.fi', phone: '040 555 0199' },
  });
}

describe('reservations from one office address (RESERVATION_RATE_LIMIT_PER_MINUTE per signed-in patient)', () => {
  let t: TestApp;
  before(async () => {
    // the default reservation limit (20 a minute); fair use out of the way of the sign-ins' page loads
    t = await createTestApp({ API_RATE_LIMIT_PER_CLIENT: '1000' });
  });
  after(async () => t?.close());

  it('30 different patients reserving from one client address within a minute all succeed', async () => {
    assert.equal(t.config.modules.booking.reservationRateLimitPerMinute, 20, 'the default, below the 30 patients');
    const patients = await Promise.all(Array.from({ length: 30 }, (_, i) => newPatient(t, i)));
    const slots = await Promise.all(patients.map((_, i) => newSlot(t, 100 + i)));
    const statuses: number[] = [];
    for (const [i, patient] of patients.entries()) {
      const res = await reserve(t, patient, slots[i]!, OFFICE);
      statuses.push(res.statusCode);
      assert.equal(res.statusCode, 200, `patient ${i}: ${res.body}`);
    }
    assert.equal(statuses.length, 30);
  });

  it('one patient is still limited, from any address', async () => {
    const limited = await createTestApp({ RESERVATION_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const patient = await newPatient(limited, 99);
      // a slot that does not exist: each reservation is counted, then refused as not available
      assert.equal((await reserve(limited, patient, '999999999', '192.0.2.1')).statusCode, 409);
      assert.equal((await reserve(limited, patient, '999999999', '192.0.2.2')).statusCode, 409);
      const third = await reserve(limited, patient, '999999999', '192.0.2.3');
      assert.equal(third.statusCode, 429);
      assert.ok(Number(third.headers['retry-after']) >= 1, `Retry-After ${third.headers['retry-after']}`);
      // another patient at the first address is not affected
      assert.equal((await reserve(limited, await newPatient(limited, 98), '999999999', '192.0.2.1')).statusCode, 409);
    } finally {
      await limited.close();
    }
  });
});

describe('fair use per patient and per address (API_RATE_LIMIT_PER_SESSION, API_RATE_LIMIT_PER_CLIENT)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_SESSION: '5', API_RATE_LIMIT_PER_CLIENT: '4', API_CONCURRENT_PER_SESSION: '3' });
  });
  after(async () => t?.close());

  it('one patient flooding over two sessions meets one limit: 429 with Retry-After, while another patient at the same address goes on', async () => {
    const tab = await signIn(t.app, PERSONAS.mikko);
    const phone = await signIn(t.app, PERSONAS.mikko);
    assert.notEqual(tab.sessionId, phone.sessionId);
    const rowsBefore = await apiRateLimitRows(t);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const session = i % 2 === 0 ? tab : phone;
      statuses.push((await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: session.headers, remoteAddress: OFFICE })).statusCode);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
    const over = await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: tab.headers, remoteAddress: '192.0.2.99' });
    assert.equal(over.statusCode, 429, 'another address does not buy a new allowance');
    assert.equal(over.json().type, 'TooManyRequests');
    const retryAfter = Number(over.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 120, `Retry-After ${over.headers['retry-after']}`);
    const aino = await signIn(t.app, PERSONAS.aino);
    assert.equal((await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: aino.headers, remoteAddress: OFFICE })).statusCode, 200);
    assert.equal(await apiRateLimitRows(t), rowsBefore, 'no fair-use row written for an API call');
  });

  it('anonymous calls from one address are slowed; another address goes on', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/fi/kirjaudu', remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await from('203.0.113.50')).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
    const over = await from('203.0.113.50');
    assert.ok(Number(over.headers['retry-after']) >= 1, `Retry-After ${over.headers['retry-after']}`);
    assert.equal((await from('203.0.113.51')).statusCode, 200);
  });

  it('calls in flight are counted per patient too: two sessions of one person share API_CONCURRENT_PER_SESSION', async () => {
    const fresh = await createTestApp({ API_CONCURRENT_PER_SESSION: '3' });
    try {
      const tab = await signIn(fresh.app, PERSONAS.aino);
      const phone = await signIn(fresh.app, PERSONAS.aino);
      const burst = Array.from({ length: 20 }, (_, i) =>
        fresh.app.inject({ method: 'GET', url: '/api/pages/records.laboratory?lang=fi', headers: (i % 2 === 0 ? tab : phone).headers }),
      );
      const answers = await Promise.all(burst);
      const ok = answers.filter((a) => a.statusCode === 200).length;
      assert.equal(ok + answers.filter((a) => a.statusCode === 429).length, 20, answers.map((a) => a.statusCode).join(','));
      assert.ok(ok >= 1 && ok <= 3, `${ok} ran at once over two sessions`);
    } finally {
      await fresh.close();
    }
  });
});
