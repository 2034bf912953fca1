import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { appointmentCallPath, APPOINTMENT_PATH, appointmentSearchResponseSchema, RESERVE_APPOINTMENT_PATH, type AppointmentSearchResponse } from '@portal/shared-api';
import { loadBookingConfig } from '../src/modules/booking/config';
import { appointments } from '../src/modules/booking/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, personIdOf, signIn, waitUntil, type TestApp } from './helpers';

/**
 * The search's short-lived answer cache (issue 13 budget; search/result-cache.ts): an answer is
 * reused for at most BOOKING_SEARCH_CACHE_MS, so a reservation or a cancellation shows in the
 * search within that time, and nothing of one search is answered to another.
 */

const TTL_MS = 400;
let t: TestApp;
before(async () => {
  t = await createTestApp({ BOOKING_SEARCH_CACHE_MS: String(TTL_MS) });
});
after(async () => t?.close());

async function search(query: Record<string, string>): Promise<AppointmentSearchResponse> {
  const res = await t.app.inject({ url: `/api/appointments?${new URLSearchParams(query).toString()}` });
  assert.equal(res.statusCode, 200, res.body);
  return appointmentSearchResponseSchema.parse(res.json());
}
const ids = (answer: AppointmentSearchResponse) => answer.availableAppointments.appointments.map((slot) => slot.id);

/**
 * Searches until `current` holds of the answer. The cache may answer what it read before a change for
 * up to TTL_MS, so an answer to a search begun more than TTL_MS after the change must be current: the
 * test waits on the answer itself, and the cache time is the deadline (issue 32: no sleeping "long
 * enough"; the pause between searches only spaces the polls).
 */
async function searchUntil(query: Record<string, string>, changedAt: number, what: string, current: (answer: AppointmentSearchResponse) => boolean): Promise<void> {
  // The assertion fails the wait at the cache time; waitUntil's own deadline is only a backstop.
  await waitUntil('the search answers what is current', async () => {
    const begunAt = Date.now();
    if (current(await search(query))) return true;
    assert.ok(begunAt - changedAt <= TTL_MS, `${what} ${begunAt - changedAt} ms after the change (cache time ${TTL_MS} ms)`);
    return false;
  });
}

describe('search answer cache (issue 13)', () => {
  it('a reserved slot leaves the list within the cache time, and comes back as soon after its cancellation', async () => {
    const query = { specialtyIds: 'ENDO', startDate: addDays(helsinkiToday(), 2), lang: 'fi' };
    // before the search: the kept answer's age counts from when its read began
    const readAt = Date.now();
    const first = await search(query);
    const slotId = ids(first)[0];
    assert.ok(slotId);
    const [row] = await t.app.db
      .insert(appointments)
      .values({ slotId: Number(slotId), personId: await personIdOf(t.app, PERSONAS.mikko), healthcareType: 'private', linkToken: `t${randomBytes(12).toString('hex')}` })
      .returning({ id: appointments.id });
    const reservedAt = Date.now();
    // within the cache time the same search may still list it (the reserve call itself is guarded by the database)
    if (Date.now() - readAt < TTL_MS / 2) assert.deepEqual(ids(await search(query)), ids(first));
    await searchUntil(query, reservedAt, 'the reserved slot is still listed', (answer) => !ids(answer).includes(slotId));

    await t.app.db.update(appointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(appointments.id, row!.id));
    const cancelledAt = Date.now();
    await searchUntil(query, cancelledAt, 'the cancelled slot is not listed again', (answer) => ids(answer)[0] === slotId);
  });

  it('a reservation and a cancellation on this instance show in the very next search, with the cache on (slot-events.ts)', async () => {
    // a cache far longer than the test: only the booking module's slot change notice can make the list current
    const longCache = await createTestApp({ BOOKING_SEARCH_CACHE_MS: '2000' });
    try {
      const searchOn = async () => {
        const res = await longCache.app.inject({ url: `/api/appointments?${new URLSearchParams({ specialtyIds: 'ENDO', startDate: addDays(helsinkiToday(), 6), lang: 'fi' })}` });
        assert.equal(res.statusCode, 200, res.body);
        return ids(appointmentSearchResponseSchema.parse(res.json()));
      };
      const before = await searchOn();
      const slotId = before[0];
      assert.ok(slotId);
      const aino = await signIn(longCache.app, PERSONAS.aino);
      const reserved = await longCache.app.inject({
        method: 'POST',
        url: `${RESERVE_APPOINTMENT_PATH}?csrfToken=${aino.csrfToken}`,
        headers: aino.headers,
        payload: { internalOrganization: 'portal', appointmentId: slotId, healthcareType: 'private', description: 'Kilpirauhanen', emailAddress: 'aino.korhonen@example.fi', phone: '050 555 0202' },
      });
      assert.equal(reserved.statusCode, 200, reserved.body);
      assert.ok(!(await searchOn()).includes(slotId), 'the reserved slot is still listed right after the reservation');

      const [held] = await longCache.app.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.slotId, Number(slotId)));
      const cancelled = await longCache.app.inject({ method: 'DELETE', url: `${appointmentCallPath(APPOINTMENT_PATH, String(held!.id))}?csrfToken=${aino.csrfToken}`, headers: aino.headers });
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      assert.deepEqual(await searchOn(), before, 'the cancelled slot is not back right after the cancellation');
    } finally {
      await longCache.close();
    }
  });

  it('answers are kept per search: another language, page or filter is read for itself', async () => {
    const base = { specialtyIds: 'PSY', startDate: addDays(helsinkiToday(), 1) };
    const fi = await search({ ...base, lang: 'fi' });
    const en = await search({ ...base, lang: 'en' });
    assert.notEqual(fi.availableAppointments.appointments[0]?.specialty.title, en.availableAppointments.appointments[0]?.specialty.title);
    const secondPage = await search({ ...base, lang: 'fi', offset: '20' });
    assert.ok(!ids(secondPage).some((id) => ids(fi).includes(id)), 'the second page repeats the first');
    const evening = await search({ ...base, lang: 'fi', timeOfDay: 'evening' });
    assert.notDeepEqual(ids(evening), ids(fi));
  });

  it('is on by default in production only (1 s), and never longer than 2 s', () => {
    assert.equal(loadBookingConfig({ APP_ENV: 'production' }).searchCacheMs, 1000);
    assert.equal(loadBookingConfig({ NODE_ENV: 'production' }).searchCacheMs, 1000);
    assert.equal(loadBookingConfig({ APP_ENV: 'development' }).searchCacheMs, 0);
    assert.equal(loadBookingConfig({ APP_ENV: 'production', BOOKING_SEARCH_CACHE_MS: '0' }).searchCacheMs, 0);
    assert.throws(() => loadBookingConfig({ BOOKING_SEARCH_CACHE_MS: '5000' }), /BOOKING_SEARCH_CACHE_MS/);
  });
});
