import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import {
  appointmentSearchResponseSchema,
  availableDatesResponseSchema,
  bookingLandingStateSchema,
  occupationalListStateSchema,
  occupationalVaccinationStateSchema,
  searchListStateSchema,
  TIME_OF_DAY_HOURS,
  type AppointmentSearchResponse,
  type Slot,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { appointments, occupationalContracts } from '../src/modules/booking/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday, isoWeekday } from '@portal/shared-i18n';
import { practitionerIdOf } from './booking-extras-fixtures';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Appointment search over HTTP on the seeded catalogue (spec part 2 §2.1, §4 "Appointment search",
 * §5, §6, §7, §9): GET /api/appointments and its companions, and the search pages' loaders.
 */

let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
});
after(async () => t?.close());

type Query = Record<string, string | readonly string[]>;
const queryString = (query: Query) =>
  new URLSearchParams(Object.entries(query).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : value.map((v) => [key, v])))).toString();

async function call(path: string, query: Query, caller?: SignedInCaller, app: TestApp = t) {
  const res = await app.app.inject({ url: `${path}?${queryString(query)}`, ...(caller ? { headers: caller.headers } : {}) });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function search(query: Query, caller?: SignedInCaller, app: TestApp = t): Promise<AppointmentSearchResponse> {
  const res = await call('/api/appointments', query, caller, app);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return appointmentSearchResponseSchema.parse(res.body);
}

/** Every slot of a search, page after page (at most `pages`). */
async function allSlots(query: Query, pages = 10, caller?: SignedInCaller): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (let page = 0; page < pages; page++) {
    const res = await search({ ...query, offset: String(page * 20) }, caller);
    slots.push(...res.availableAppointments.appointments);
    if (!res.availableAppointments.hasMore) break;
  }
  return slots;
}

const helsinkiHour = (iso: string) => Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));
const detailPaths = (body: unknown) => (body as { details: { path: string }[] }).details.map((d) => d.path).sort();
const today = () => helsinkiToday();
const practitionerId = async (lastName: string) => String(await practitionerIdOf(t.app, lastName));

describe('GET /api/appointments (spec part 2 §7, §9)', () => {
  it('answers 20 free slots at a time by start time, none started, physical clinics only without includeRemote', async () => {
    const first = await search({ lang: 'fi' });
    const page = first.availableAppointments.appointments;
    assert.equal(page.length, 20);
    assert.equal(first.availableAppointments.hasMore, true);
    assert.equal(first.suggestions, undefined);
    const starts = page.map((slot) => slot.startDate);
    assert.deepEqual(starts, [...starts].sort());
    assert.ok(page.every((slot) => Date.parse(slot.startDate) > Date.now()));
    assert.ok(page.every((slot) => !slot.isRemote && !slot.clinic.isRemote));

    const second = await search({ lang: 'fi', offset: '20' });
    const ids = new Set(page.map((slot) => slot.id));
    assert.ok(second.availableAppointments.appointments.every((slot) => !ids.has(slot.id)), 'the second page has other slots');
    assert.ok(second.availableAppointments.appointments[0]!.startDate >= page.at(-1)!.startDate);
  });

  it('clinic KA includes HP (§9), and only those clinics', async () => {
    const slots = await allSlots({ clinicIds: 'KA', startDate: today(), endDate: addDays(today(), 6) });
    const clinics = new Set(slots.map((slot) => slot.clinic.id));
    assert.deepEqual([...clinics].sort(), ['HP', 'KA']);
  });

  it('filters by specialty and names it and the practitioner in the page language', async () => {
    const { availableAppointments } = await search({ specialtyIds: 'GYN', lang: 'en' });
    assert.ok(availableAppointments.appointments.length > 0);
    for (const slot of availableAppointments.appointments) {
      assert.equal(slot.specialty.id, 'GYN');
      assert.equal(slot.specialty.title, 'Gynaecology');
      assert.equal(slot.practitioner.title, 'Gynaecologist');
    }
  });

  it('filters by practitioner; includeRemote adds their remote clinic', async () => {
    const lahtinen = await practitionerId('Lahtinen');
    const physical = await allSlots({ practitionerIds: lahtinen, startDate: today(), endDate: addDays(today(), 13) });
    assert.ok(physical.length > 0);
    assert.ok(physical.every((slot) => slot.practitioner.id === lahtinen && slot.clinic.id === 'KA'));
    const withRemote = await allSlots({ practitionerIds: [lahtinen], includeRemote: 'true', startDate: today(), endDate: addDays(today(), 13) });
    assert.deepEqual([...new Set(withRemote.map((slot) => slot.clinic.id))].sort(), ['KA', 'RMT']);
  });

  it('includeRemote adds the remote clinics, with video (VETA) slots among them', async () => {
    const remote = await allSlots({ specialtyIds: 'PSY', includeRemote: 'true', startDate: today(), endDate: addDays(today(), 13) });
    assert.ok(remote.some((slot) => slot.isRemote && slot.clinic.id === 'OS'));
    assert.ok(remote.some((slot) => slot.isVideo && slot.kindId === 'VETA'));
    const physical = await allSlots({ specialtyIds: 'PSY', startDate: today(), endDate: addDays(today(), 13) });
    assert.ok(physical.length > 0 && physical.every((slot) => !slot.isRemote));
  });

  it('time-of-day tabs keep to their Helsinki hours (morning 7–12, afternoon 12–16, evening 16–21), each with results', async () => {
    for (const timeOfDay of ['morning', 'afternoon', 'evening'] as const) {
      const slots = await allSlots({ timeOfDay, startDate: addDays(today(), 1), endDate: addDays(today(), 7) }, 3);
      assert.ok(slots.length > 0, timeOfDay);
      const [from, to] = TIME_OF_DAY_HOURS[timeOfDay];
      for (const slot of slots) assert.ok(helsinkiHour(slot.startDate) >= from && helsinkiHour(slot.startDate) < to, `${timeOfDay}: ${slot.startDate}`);
    }
  });

  it('a reserved slot is not offered; once the appointment is cancelled it is again', async () => {
    const query = { specialtyIds: 'ENDO', startDate: addDays(today(), 1) };
    const [slot] = (await search(query)).availableAppointments.appointments;
    assert.ok(slot);
    const [row] = await t.app.db
      .insert(appointments)
      .values({ slotId: Number(slot.id), personId: mikko.personId, healthcareType: 'private', linkToken: `t${randomBytes(12).toString('hex')}` })
      .returning({ id: appointments.id });
    assert.ok(!(await search(query)).availableAppointments.appointments.some((s) => s.id === slot.id));
    await t.app.db.update(appointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(appointments.id, row!.id));
    assert.equal((await search(query)).availableAppointments.appointments[0]?.id, slot.id);
  });

  it('with no results, suggests at most 5 other days one month further (§4, §9)', async () => {
    // weekday practitioners have no weekend times: ENDO at KA on a Saturday has none
    let saturday = addDays(today(), 1);
    while (isoWeekday(saturday) !== 6) saturday = addDays(saturday, 1);
    const res = await search({ specialtyIds: 'ENDO', clinicIds: 'KA', startDate: saturday, endDate: saturday });
    assert.equal(res.availableAppointments.appointments.length, 0);
    assert.ok(res.suggestions);
    assert.ok(res.suggestions.days.length > 0 && res.suggestions.days.length <= 5);
    assert.ok(res.suggestions.days.every((day) => day.date > saturday && day.date <= addDays(saturday, 31)));
    const dates = res.suggestions.days.map((day) => day.date);
    assert.deepEqual(dates, [...new Set(dates)].sort());
  });

  it('with no results at the chosen clinics, suggests clinics in the neighbour municipalities with a count (§9)', async () => {
    // ENDO is at Kamppi, Hakaniemi and Järvenpää only; Hyvinkää's neighbours are Järvenpää and Tuusula
    const res = await search({ specialtyIds: 'ENDO', clinicIds: 'HYV' });
    assert.equal(res.availableAppointments.appointments.length, 0);
    const suggested = res.suggestions!.clinics;
    assert.deepEqual(suggested.map((s) => s.clinic.id), ['JPA']);
    assert.ok(suggested[0]!.count > 0);
  });

  it('prices only the private type; the insurance and occupational types have none', async () => {
    const priced = (await search({ specialtyIds: 'YLE', lang: 'en' })).availableAppointments.appointments;
    assert.ok(priced.every((slot) => slot.price !== null));
    const [lahtinen] = (await search({ practitionerIds: await practitionerId('Lahtinen'), lang: 'en' })).availableAppointments.appointments;
    // 89.00 rate + 12.90 office fee
    assert.ok(lahtinen?.price);
    assert.equal(lahtinen.price.fromEuros, '101.90');
    assert.deepEqual(lahtinen.price.lines, [
      { code: 'LK-YLE', description: 'General practitioner appointment', priceEuros: '89.00' },
      { code: 'TOIM', description: 'Office fee', priceEuros: '12.90' },
    ]);
    assert.ok(priced.every((slot) => slot.price!.lines !== null), 'the breakdown with price-details');
    const insurance = (await search({ specialtyIds: 'YLE', isInsuranceCustomer: 'true' })).availableAppointments.appointments;
    assert.ok(insurance.length > 0 && insurance.every((slot) => slot.price === null));
    const occupational = (await search({ isOccupationalHealthcare: 'true' }, aino)).availableAppointments.appointments;
    assert.ok(occupational.length > 0 && occupational.every((slot) => slot.price === null));
  });

  it('the breakdown needs the price-details feature; the price from stays', async () => {
    const plain = await createTestApp({ FEATURES: '-price-details' });
    try {
      const slots = (await search({ specialtyIds: 'YLE' }, undefined, plain)).availableAppointments.appointments;
      assert.ok(slots.length > 0);
      assert.ok(slots.every((slot) => slot.price !== null && slot.price.lines === null));
    } finally {
      await plain.close();
    }
  });

  it('the occupational type: a signed-in customer with web reservation only (403 with the reason), occupational specialties only', async () => {
    const anonymous = await call('/api/appointments', { isOccupationalHealthcare: 'true' });
    assert.equal(anonymous.status, 403);
    assert.equal((anonymous.body as { reason: string }).reason, 'not-signed-in');
    const noContract = await call('/api/appointments', { isOccupationalHealthcare: 'true' }, mikko);
    assert.equal(noContract.status, 403);
    assert.equal((noContract.body as { reason: string }).reason, 'no-occupational-healthcare');
    const slots = await allSlots({ isOccupationalHealthcare: 'true', includeRemote: 'true' }, 5, aino);
    const allowed = new Set(['TTL', 'TTH', 'TPSG', 'PSY', 'FYS', 'YLE', 'INFL', 'ROKT', 'KORR']);
    assert.ok(slots.length > 0 && slots.every((slot) => allowed.has(slot.specialty.id)));
    // occupational health's own specialties are not offered privately
    const privately = await search({ specialtyIds: ['TTL', 'TTH', 'TPSG'] });
    assert.equal(privately.availableAppointments.appointments.length, 0);
  });

  it('refuses bad input with 400 and the path of each bad value', async () => {
    const yesterday = addDays(today(), -1);
    const past = await call('/api/appointments', { startDate: yesterday });
    assert.equal(past.status, 400);
    assert.deepEqual(detailPaths(past.body), ['startDate']);
    const bad = await call('/api/appointments', {
      clinicIds: ['KA', 'not a code'],
      practitionerIds: 'abc',
      includeRemote: 'yes',
      timeOfDay: 'night',
      lang: 'de',
      offset: '15',
      startDate: '1.12.2026',
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(detailPaths(bad.body), ['clinicIds.1', 'includeRemote', 'lang', 'offset', 'practitionerIds.0', 'startDate', 'timeOfDay']);
    const backwards = await call('/api/appointments', { startDate: addDays(today(), 5), endDate: addDays(today(), 2) });
    assert.deepEqual(detailPaths(backwards.body), ['endDate']);
    const huge = await call('/api/appointments', { practitionerIds: '9999999999' });
    assert.equal(huge.status, 200, 'an id no practitioner has finds nothing');
    assert.equal((huge.body as AppointmentSearchResponse).availableAppointments.appointments.length, 0);
  });
});

describe('the search companions (spec part 2 §7)', () => {
  it('available dates: the Helsinki dates of a month with a free slot, with the time-of-day filter', async () => {
    const from = today();
    const to = addDays(from, 27);
    const res = await call('/api/appointments/available-appointment-dates', { startDate: from, endDate: to, timeOfDay: 'evening', specialtyIds: 'FYS' });
    assert.equal(res.status, 200);
    const { dates } = availableDatesResponseSchema.parse(res.body);
    assert.ok(dates.length > 0);
    assert.deepEqual(dates, [...dates].sort());
    assert.ok(dates.every((date) => date >= from && date <= to && isoWeekday(date) <= 5), 'physiotherapists work on weekdays');
    const day = await search({ startDate: dates[0]!, endDate: dates[0]!, timeOfDay: 'evening', specialtyIds: 'FYS' });
    assert.ok(day.availableAppointments.appointments.length > 0, 'a listed date has a slot');
    const missingEnd = await call('/api/appointments/available-appointment-dates', { startDate: from });
    assert.deepEqual(detailPaths(missingEnd.body), ['endDate']);
  });

  it('practitioner clinics: where they have times; a bad id is 400', async () => {
    const res = await call('/api/appointments/practitioner-clinics', { id: await practitionerId('Lahtinen'), lang: 'fi' });
    assert.deepEqual(res.body, { clinicIds: ['KA', 'RMT'] });
    const bad = await call('/api/appointments/practitioner-clinics', { id: 'x' });
    assert.deepEqual(detailPaths(bad.body), ['id']);
  });

  it('specialty: its title and reservation info as sanitised HTML in the language; unknown is 404', async () => {
    const res = await call('/api/appointments/specialty', { id: 'PSY', lang: 'en' });
    assert.equal(res.status, 200);
    const { specialty } = res.body as { specialty: { title: string; reservationInfoHtml: string } };
    assert.equal(specialty.title, 'Psychologist');
    assert.match(specialty.reservationInfoHtml, /<strong>assessment visit<\/strong>/);
    assert.equal((await call('/api/appointments/specialty', { id: 'NOPE', lang: 'en' })).status, 404);
    assert.deepEqual(detailPaths((await call('/api/appointments/specialty', { id: '<b>' })).body), ['id']);
  });
});

describe('the search pages (spec part 2 §2.1, §6)', () => {
  async function page(routeId: string, caller: SignedInCaller | null, query = '') {
    const res = await t.app.inject({ url: `/api/pages/${routeId}?lang=en${query}`, ...(caller ? { headers: caller.headers } : {}) });
    return { status: res.statusCode, state: res.statusCode === 200 ? (res.json() as { state: unknown }).state : res.json() };
  }

  it('the landing offers occupational health care on the adult brand', async () => {
    const res = await page('booking.landing', null);
    assert.deepEqual(bookingLandingStateSchema.parse(res.state).customerTypes, ['private', 'insurance', 'occupational']);
  });

  it('the private list: options, the filter from the address (a past date is today, bad values dropped), first results and dates', async () => {
    const res = await page('booking.private-list', null, `&clinicIds=KA&practitionerIds=x&startDate=${addDays(today(), -3)}&time=evening`);
    assert.equal(res.status, 200);
    const state = searchListStateSchema.parse(res.state);
    assert.deepEqual(state.filter, { clinicIds: ['KA'], specialtyIds: [], practitionerIds: [], includeRemote: false, startDate: today(), timeOfDay: 'evening' });
    assert.equal(state.healthcareType, 'private');
    assert.ok(state.results.appointments.length > 0);
    for (const slot of state.results.appointments) {
      assert.ok(['KA', 'HP'].includes(slot.clinic.id));
      assert.ok(helsinkiHour(slot.startDate) >= 16 && helsinkiHour(slot.startDate) < 21);
    }
    assert.ok(state.availableDates.dates.length > 0);
    const helsinki = state.options.municipalities.find((m) => m.name === 'Helsinki');
    assert.deepEqual(helsinki?.clinics.map((c) => c.id).sort(), ['HP', 'ITK', 'KA']);
    assert.ok(!state.options.specialties.some((s) => s.id === 'TTL'), 'no occupational specialties privately');
    assert.equal(state.options.specialties.find((s) => s.id === 'PSY')?.turnsOnRemote, true);
    assert.ok(state.options.practitioners.length >= 40);
    assert.ok(state.options.practitioners.find((p) => p.name === 'Anna Lahtinen')?.clinicIds.includes('RMT'));
  });

  it('the insurance list has no prices; the vaccination page searches vaccinations only', async () => {
    const insurance = searchListStateSchema.parse((await page('booking.insurance-list', null)).state);
    assert.equal(insurance.healthcareType, 'insurance');
    assert.ok(insurance.results.appointments.every((slot) => slot.price === null));
    const vaccination = searchListStateSchema.parse((await page('booking.vaccination', null)).state);
    assert.deepEqual(vaccination.restrictedToSpecialtyIds, ['ROKT', 'KORR', 'INFL']);
    assert.ok(vaccination.results.appointments.length > 0);
    assert.ok(vaccination.results.appointments.every((slot) => ['ROKT', 'KORR', 'INFL'].includes(slot.specialty.id)));
    assert.deepEqual(vaccination.options.specialties.map((s) => s.id).sort(), ['INFL', 'KORR', 'ROKT']);
    assert.ok(vaccination.options.practitioners.some((p) => p.isResource), 'a vaccination point is bookable');
  });

  it('the occupational list: Aino ok (audited), Mikko no-occupational-healthcare, no web reservation with the special content', async () => {
    const ainoState = occupationalListStateSchema.parse((await page('booking.occupational-list', aino)).state);
    assert.equal(ainoState.status, 'ok');
    assert.ok(ainoState.status === 'ok' && ainoState.search.healthcareType === 'occupational');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, aino.personId), eq(auditLog.action, 'booking.occupational-list')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    assert.ok(audit, 'the contract read is audited');

    assert.deepEqual((await page('booking.occupational-list', mikko)).state, { status: 'no-occupational-healthcare' });

    const leena = await signIn(t.app, PERSONAS.leena);
    await t.app.db.insert(occupationalContracts).values({ personId: leena.personId, employerName: 'Testi Oy', webReservation: false, contractProductIds: ['OHC-PRIORITY-PHONE'] });
    const phone = occupationalListStateSchema.parse((await page('booking.occupational-list', leena)).state);
    assert.equal(phone.status, 'no-web-reservation');
    assert.ok(phone.status === 'no-web-reservation' && phone.phoneBookingContent === 'special');
    const search = await call('/api/appointments', { isOccupationalHealthcare: 'true' }, leena);
    assert.equal((search.body as { reason: string }).reason, 'no-web-reservation');
    await t.app.db.update(occupationalContracts).set({ contractProductIds: ['OHC-BASIC'] }).where(eq(occupationalContracts.personId, leena.personId));
    const plain = occupationalListStateSchema.parse((await page('booking.occupational-list', leena)).state);
    assert.ok(plain.status === 'no-web-reservation' && plain.phoneBookingContent === 'default');
  });

  it('the occupational list needs a session', async () => {
    assert.equal((await page('booking.occupational-list', null)).status, 401);
  });

  it('the occupational landing and vaccination pages: anonymous unauthorized, Aino with vaccinations included, Mikko without a contract', async () => {
    assert.deepEqual((await page('booking.occupational-landing', null)).state, { signedIn: false });
    assert.deepEqual((await page('booking.occupational-landing', aino)).state, { signedIn: true });
    assert.deepEqual((await page('booking.occupational-vaccination', null)).state, { status: 'unauthorized' });
    const ainoState = occupationalVaccinationStateSchema.parse((await page('booking.occupational-vaccination', aino)).state);
    assert.ok(ainoState.status === 'ok' && ainoState.vaccinationsIncluded);
    assert.deepEqual(ainoState.status === 'ok' && ainoState.specialtyIds, ['INFL']);
    const mikkoState = occupationalVaccinationStateSchema.parse((await page('booking.occupational-vaccination', mikko)).state);
    assert.equal(mikkoState.status, 'no-occupational-healthcare');
  });
});
