import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { bookingSummarySchema, frontPageStateSchema } from '@portal/shared-api';
import { appointments } from '../src/modules/booking/schema';
import { clinics } from '../src/modules/clinics/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { bookNew, practitionerIdOf } from './booking-extras-fixtures';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/** The mf-booking remote's front-page summary over HTTP (the next three upcoming appointments and the count), and its parcel in the manifest. */
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

async function addAppointment(personId: string, startsInMinutes: number, options: { clinicId?: string; status?: 'reserved' | 'cancelled' } = {}) {
  const practitionerId = await practitionerIdOf(t.app, 'Rantanen');
  const status = options.status ?? 'reserved';
  const slot = { practitionerId, startsInMinutes, specialtyId: 'ENDO', roomLocation: null, ...(options.clinicId ? { clinicId: options.clinicId } : {}) };
  const booked = await bookNew(t.app, personId, slot, { status, ...(status === 'cancelled' ? { cancelledBy: 'provider' as const } : {}), phone: null });
  return booked.id;
}

async function summaryOf(caller: SignedInCaller, lang = 'en') {
  const res = await t.app.inject({ url: `/api/pages/front-page?lang=${lang}`, headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  return bookingSummarySchema.parse(frontPageStateSchema.parse(res.json().state).summaries['mf-booking']);
}

describe('mf-booking front-page summary (spec part 1 §2 front page)', () => {
  it('the next three upcoming appointments, soonest first, and the count; cancelled and past ones left out', async () => {
    const leena = await signIn(t.app, PERSONAS.leena);
    const inThreeDays = await addAppointment(leena.personId, 3 * 24 * 60);
    const tomorrow = await addAppointment(leena.personId, 24 * 60, { clinicId: 'RMT' });
    const inTwoDays = await addAppointment(leena.personId, 2 * 24 * 60);
    await addAppointment(leena.personId, 4 * 24 * 60);
    await addAppointment(leena.personId, 30, { status: 'cancelled' });
    await addAppointment(leena.personId, -2 * 24 * 60);
    const summary = await summaryOf(leena);
    assert.equal(summary.totalCount, 4);
    assert.deepEqual(
      summary.items.map((item) => item.id),
      [tomorrow, inTwoDays, inThreeDays],
    );
    const [first, second] = summary.items;
    const [remoteClinic] = await t.app.db.select({ name: clinics.name }).from(clinics).where(eq(clinics.id, 'RMT'));
    assert.deepEqual({ ...first, startDate: undefined }, {
      id: tomorrow,
      startDate: undefined,
      practitionerName: 'Pertti Rantanen',
      specialty: 'Endocrinology',
      clinicName: remoteClinic!.name,
      isRemote: true,
    });
    assert.equal(second!.isRemote, false);
    assert.equal((await summaryOf(leena, 'fi')).items[0]!.specialty, 'Endokrinologia');
  });

  it('a guardian acting for the ward sees the ward’s appointments', async () => {
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const ellas = await addAppointment(ellaId, 5 * 24 * 60);
    const summary = await summaryOf(await signIn(t.app, PERSONAS.leena, PERSONAS.ella));
    assert.ok(summary.items.some((item) => item.id === ellas));
    const [row] = await t.app.db.select({ personId: appointments.personId }).from(appointments).where(eq(appointments.id, Number(summary.items[0]!.id)));
    assert.equal(row!.personId, ellaId);
  });

  it('no upcoming appointments: an empty summary', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    assert.deepEqual(await summaryOf(pekka), { totalCount: 0, items: [] });
  });

  it('the remotes manifest tells the shell to mount the remote’s ./summary parcel on the front page', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    const remote = initialStateOf(res).remotes.remotes.find((entry) => entry.id === 'mf-booking');
    assert.deepEqual(remote?.frontPageParcels, ['./summary']);
  });
});
