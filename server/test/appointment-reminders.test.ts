import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { myInformationPageStateSchema, type Lang, type ReminderSetting } from '@portal/shared-api';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/index';
import { appointmentsForReminders, reservedAppointmentsStartingBetween } from '../src/modules/booking/index';
import { newLinkToken } from '../src/modules/booking/change-time/link-token';
import { reserveSlot } from '../src/modules/booking/reservation/reserve';
import { appointments } from '../src/modules/booking/schema';
import { appointmentSlots } from '../src/modules/clinics/schema';
import { readOutbox } from '../src/demo/sms-outbox/outbox';
import { CLAIM_LEASE_MS, claimDueReminders, planReminders, runReminders } from '../src/modules/reminders/job';
import { saveSetting } from '../src/modules/reminders/preferences';
import { appointmentReminders, reminderPreferences } from '../src/modules/reminders/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { openTestDatabase, personIdOf, signIn, testConfig, testDriver, waitUntil } from './helpers';

/**
 * Issue 33, appointment reminders: an SMS 24 hours (and, if wanted, 2 hours) before each reserved
 * appointment, sent by a job that runs on every instance and sends each reminder once.
 *
 * Every instance here is a real app on one database (on PGlite the same handle, as
 * instances-proxy.test.ts does; with DATABASE_URL each its own pool), its job polling every 20 ms.
 * The clock is the test's: every instance's job reads `now` from it (app.reminders.setClock), so the
 * test moves time to just after a reminder falls due, past a downtime, or past the appointment.
 * Each appointment is on a slot of its own, weeks ahead of the seeded world, with a phone number of
 * its own, so what its number received in the outbox is what the job sent for it.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

let database: DatabaseHandle;
let dataDir: string;
const opened: FastifyInstance[] = [];
let now = new Date();
const clock = () => now;

before(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-reminders-'));
});
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
  runsStarted.clear();
});
after(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The runs each instance's job has started: a run reads the clock once, as it starts
 * (reminders/index.ts), so the test's clock counts them. Only the instances whose job polls.
 */
const runsStarted = new Map<FastifyInstance, number>();

/** One server instance on the shared database, its job on the test's clock (set before it first runs). */
async function instance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(dataDir, { REMINDERS_ENABLED: 'true', REMINDERS_POLL_MS: '20', ...env }), { database, prepareDatabase: false, logger: false });
  const polls = env.REMINDERS_ENABLED !== 'false';
  if (polls) runsStarted.set(app, 0);
  app.reminders.setClock(() => {
    if (polls) runsStarted.set(app, runsStarted.get(app)! + 1);
    return clock();
  });
  opened.push(app);
  await app.ready();
  return app;
}

/** Stops an instance as a restart (or a kill) leaves it: its timers gone. */
async function stop(app: FastifyInstance): Promise<void> {
  opened.splice(opened.indexOf(app), 1);
  runsStarted.delete(app);
  await app.close();
}

/**
 * Several polls of every running instance, for the checks that nothing (more) is sent: each has
 * started three more runs, so two whole runs on the clock as it is now have ended since (one run at a
 * time per instance, server/src/jobs/schedule.ts). Counted runs, not a time that a busy machine may not fill.
 * The test's own runNow() calls count too; it awaits them before it asks for this.
 */
async function severalPolls(): Promise<void> {
  const since = new Map(runsStarted);
  await waitUntil('every running instance has polled several more times', () => [...since].every(([app, runs]) => runsStarted.get(app)! >= runs + 3));
}

let phoneSerial = 0;
/** A fresh appointment start, each test's far from the others' and from the seeded world. */
let dayOffset = 40;

interface TestAppointment {
  id: number;
  startsAt: Date;
  phone: string;
  linkToken: string;
}

/**
 * An appointment reserved three days before its start, on a slot of its own: at a clinic (check-in
 * on the page) or remote.
 */
async function appointment(
  app: FastifyInstance,
  options: { person?: keyof typeof PERSONAS; startsAt?: Date; lang?: Lang | null; anonymous?: boolean; remote?: boolean; reservedAt?: Date } = {},
): Promise<TestAppointment> {
  const startsAt = options.startsAt ?? new Date(Date.now() + dayOffset++ * 24 * HOUR);
  const personId = await personIdOf(app, PERSONAS[options.person ?? 'mikko']);
  const clinicId = options.remote ? 'RMT' : 'KA';
  const [template] = await app.db
    .select({ practitionerId: appointmentSlots.practitionerId, specialtyId: appointmentSlots.specialtyId })
    .from(appointmentSlots)
    .where(eq(appointmentSlots.clinicId, 'KA'))
    .limit(1);
  const [slot] = await app.db
    .insert(appointmentSlots)
    .values({ clinicId, practitionerId: template!.practitionerId, specialtyId: template!.specialtyId, startsAt, durationMinutes: 30, isRemote: options.remote ?? false })
    .returning({ id: appointmentSlots.id });
  phoneSerial += 1;
  const phone = `+35840${String(9_000_000 + phoneSerial * 7 + (testDriver === 'postgres' ? 1 : 0))}`;
  const linkToken = newLinkToken();
  const [row] = await app.db
    .insert(appointments)
    .values({
      slotId: slot!.id,
      personId,
      healthcareType: 'private',
      linkToken,
      phone,
      email: 'reminders@example.fi',
      anonymous: options.anonymous ?? false,
      lang: options.lang === undefined ? 'fi' : options.lang,
      reservedAt: options.reservedAt ?? new Date(startsAt.getTime() - 72 * HOUR),
    })
    .returning({ id: appointments.id });
  return { id: row!.id, startsAt, phone, linkToken };
}

const at = (a: TestAppointment, beforeStartMs: number) => new Date(a.startsAt.getTime() - beforeStartMs);
const textsTo = async (app: FastifyInstance, a: TestAppointment) => (await readOutbox(app.db, a.phone)).map((m) => m.text).reverse();
const rowsOf = (app: FastifyInstance, a: TestAppointment) =>
  app.db
    .select({ kind: appointmentReminders.kind, status: appointmentReminders.status, skipReason: appointmentReminders.skipReason, attempts: appointmentReminders.attempts })
    .from(appointmentReminders)
    .where(eq(appointmentReminders.appointmentId, a.id))
    .orderBy(appointmentReminders.dueAt);

async function setting(app: FastifyInstance, person: keyof typeof PERSONAS, value: ReminderSetting) {
  await saveSetting(app.db, await personIdOf(app, PERSONAS[person]), value, new Date());
}

describe(`appointment reminders (${testDriver})`, () => {
  it('two instances polling the same database send each reminder exactly once', async () => {
    const first = await instance();
    const second = await instance();
    await setting(first, 'mikko', '24h');
    const base = new Date(Date.now() + dayOffset++ * 24 * HOUR);
    // twelve appointments 5 minutes apart, all of whose 24 h reminders fall due at once
    const booked: TestAppointment[] = [];
    for (let i = 0; i < 12; i++) booked.push(await appointment(first, { startsAt: new Date(base.getTime() + i * 5 * MINUTE) }));
    now = at(booked.at(-1)!, 24 * HOUR - MINUTE);
    // both instances' timers, and explicit runs of both at the same moment on top
    await Promise.all([first.reminders.runNow(), second.reminders.runNow(), first.reminders.runNow(), second.reminders.runNow()]);
    await waitUntil('every reminder is sent', async () => {
      const rows = await first.db.select({ status: appointmentReminders.status }).from(appointmentReminders).where(inArray(appointmentReminders.appointmentId, booked.map((a) => a.id)));
      return rows.length === booked.length && rows.every((row) => row.status === 'sent');
    });
    await severalPolls();
    for (const a of booked) {
      const texts = await textsTo(first, a);
      assert.equal(texts.length, 1, `one SMS to appointment ${a.id}'s number, got ${texts.length}`);
      assert.deepEqual(await rowsOf(first, a), [{ kind: '24h', status: 'sent', skipReason: null, attempts: 1 }]);
    }
  });

  it('survives a restart: a new instance neither repeats a sent reminder nor loses one, and takes over a claim left by a crash', async () => {
    const first = await instance();
    await setting(first, 'aino', '24h+2h');
    const a = await appointment(first, { person: 'aino' });
    const b = await appointment(first, { person: 'aino', startsAt: new Date(a.startsAt.getTime() + 30 * MINUTE) });
    // the first instance sends a's 24 h reminder, then stops
    now = at(a, 24 * HOUR - MINUTE);
    await waitUntil('a’s 24 h reminder is sent', async () => (await textsTo(first, a)).length === 1);
    await stop(first);

    // b's falls due while no instance runs; a "crashed" instance claimed it and never sent it
    now = at(b, 24 * HOUR - MINUTE);
    const claimedByCrash = await claimDueRemindersFor(b);
    assert.equal(claimedByCrash, 1);
    const restarted = await instance();
    await severalPolls();
    assert.deepEqual(await textsTo(restarted, b), [], 'the claim’s lease holds while it runs');
    now = new Date(now.getTime() + CLAIM_LEASE_MS + 1000);
    await waitUntil('b’s 24 h reminder is sent after the lease', async () => (await textsTo(restarted, b)).length === 1);
    assert.deepEqual(await textsTo(restarted, a), [(await textsTo(restarted, a))[0]!], 'a’s is not sent again');

    // later the 2 h ones: each once, by the restarted instance
    now = at(b, 2 * HOUR - MINUTE);
    await waitUntil('both 2 h reminders are sent', async () => (await textsTo(restarted, a)).length === 2 && (await textsTo(restarted, b)).length === 2);
    await severalPolls();
    assert.deepEqual((await rowsOf(restarted, a)).map((r) => `${r.kind}:${r.status}`), ['24h:sent', '2h:sent']);
    assert.deepEqual((await rowsOf(restarted, b)).map((r) => `${r.kind}:${r.status}`), ['24h:sent', '2h:sent']);
    assert.equal((await textsTo(restarted, b)).length, 2);
  });

  it('catches up after downtime, but sends no stale reminder', async () => {
    const app = await instance({ REMINDERS_ENABLED: 'false' });
    await setting(app, 'jukka', '24h+2h');
    await setting(app, 'leena', '24h');
    const late = await appointment(app, { person: 'jukka' });
    const staleWithTwoHours = await appointment(app, { person: 'jukka', startsAt: new Date(late.startsAt.getTime() + 10 * HOUR) });
    const staleOnly24 = await appointment(app, { person: 'leena', startsAt: new Date(late.startsAt.getTime() + 11 * HOUR) });
    await stop(app);

    // down from before any was due until 20 hours before `late`: its 24 h reminder is late but useful
    now = at(late, 20 * HOUR);
    const up = await instance();
    await waitUntil('the late 24 h reminder is sent', async () => (await textsTo(up, late)).length === 1);
    await stop(up);

    // (the other two were over 24 hours away then) down again until 5 hours before the first of
    // them: their 24 h reminders are stale, never sent
    now = at(staleWithTwoHours, 5 * HOUR);
    const again = await instance();
    await severalPolls();
    assert.deepEqual(await textsTo(again, staleWithTwoHours), []);
    assert.deepEqual(await textsTo(again, staleOnly24), []);
    // the 2 h one comes instead, where the patient wants it
    now = at(staleWithTwoHours, 2 * HOUR - MINUTE);
    await waitUntil('the 2 h reminder is sent', async () => (await textsTo(again, staleWithTwoHours)).length === 1);
    assert.match((await textsTo(again, staleWithTwoHours))[0]!, /^Vastaanottoaikasi on pian/);
    await severalPolls();
    assert.deepEqual(await textsTo(again, staleOnly24), [], 'no 2 h reminder for a patient who wants 24 h only');
    assert.deepEqual((await rowsOf(again, staleWithTwoHours)).map((r) => r.kind), ['2h'], 'a stale reminder is not even planned');

    // a reminder already planned but not sent before it went stale (the gateway was down): skipped.
    // Three days after `late`, so that `again`, still polling on the test's clock until it stops,
    // finds it over 24 hours away and does not send it itself.
    dayOffset += 3;
    const planned = await appointment(again, { person: 'leena', startsAt: new Date(late.startsAt.getTime() + 3 * 24 * HOUR) });
    await stop(again);
    now = at(planned, 24 * HOUR - MINUTE);
    await claimDueRemindersFor(planned);
    now = at(planned, 5 * HOUR);
    const third = await instance();
    await waitUntil('the stale planned reminder is skipped', async () => (await rowsOf(third, planned))[0]?.status === 'skipped');
    assert.equal((await rowsOf(third, planned))[0]!.skipReason, 'stale');
    assert.deepEqual(await textsTo(third, planned), []);
  });

  it('sends nothing for a cancelled, checked-in or past appointment', async () => {
    const app = await instance();
    await setting(app, 'pekka', '24h+2h');
    const cancelled = await appointment(app, { person: 'pekka' });
    const cancelledAfterPlanning = await appointment(app, { person: 'pekka', startsAt: new Date(cancelled.startsAt.getTime() + 40 * MINUTE) });
    const checkedIn = await appointment(app, { person: 'pekka', startsAt: new Date(cancelled.startsAt.getTime() + 80 * MINUTE) });
    const past = await appointment(app, { person: 'pekka', startsAt: new Date(cancelled.startsAt.getTime() + 120 * MINUTE) });
    await app.db.update(appointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(appointments.id, cancelled.id));
    await app.db.update(appointments).set({ status: 'checked-in', checkedInAt: new Date() }).where(eq(appointments.id, checkedIn.id));
    await stop(app);

    // planned (claimed by an instance that then died), then cancelled before it was sent
    now = at(cancelledAfterPlanning, 24 * HOUR - MINUTE);
    await claimDueRemindersFor(cancelledAfterPlanning);
    await database.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledBy: 'provider', cancelledAt: new Date() })
      .where(eq(appointments.id, cancelledAfterPlanning.id));
    now = new Date(now.getTime() + CLAIM_LEASE_MS + 1000);
    const up = await instance();
    await waitUntil('the cancelled one’s reminder is skipped', async () => (await rowsOf(up, cancelledAfterPlanning))[0]?.status === 'skipped');
    assert.equal((await rowsOf(up, cancelledAfterPlanning))[0]!.skipReason, 'not-reserved');

    // every moment from a day before to after the past one's end
    for (const moment of [at(past, 24 * HOUR - MINUTE), at(past, 2 * HOUR - MINUTE), at(past, -HOUR)]) {
      now = moment;
      await up.reminders.runNow();
      await severalPolls();
    }
    assert.deepEqual(await textsTo(up, cancelled), []);
    assert.deepEqual(await textsTo(up, cancelledAfterPlanning), []);
    assert.deepEqual(await textsTo(up, checkedIn), []);
    assert.deepEqual(await rowsOf(up, cancelled), []);
    assert.deepEqual(await rowsOf(up, checkedIn), []);
    // the past one had its reminders while it was upcoming; once past, nothing more
    const pastTexts = (await textsTo(up, past)).length;
    now = at(past, -2 * HOUR);
    await up.reminders.runNow();
    assert.equal((await textsTo(up, past)).length, pastTexts);

    // an appointment already past when the job first looks (a long downtime): nothing at all
    const longAgo = await appointment(up, { person: 'pekka', startsAt: new Date(past.startsAt.getTime() + 5 * HOUR) });
    now = at(longAgo, -MINUTE);
    await up.reminders.runNow();
    assert.deepEqual(await rowsOf(up, longAgo), []);
    assert.deepEqual(await textsTo(up, longAgo), []);
  });

  it('sends nothing to a patient who turned reminders off, also after the reminder was planned', async () => {
    const app = await instance();
    await setting(app, 'leena', 'off');
    const off = await appointment(app, { person: 'leena' });
    now = at(off, 24 * HOUR - MINUTE);
    await app.reminders.runNow();
    await severalPolls();
    assert.deepEqual(await rowsOf(app, off), []);

    const turnedOffLater = await appointment(app, { person: 'leena', startsAt: new Date(off.startsAt.getTime() + 2 * HOUR) });
    await stop(app);
    // on again while no instance runs, long enough to plan (and claim) turnedOffLater's, then off again
    await saveSetting(database.db, await personIdOf(app, PERSONAS.leena), '24h', new Date());
    now = at(turnedOffLater, 24 * HOUR - MINUTE);
    await claimDueRemindersFor(turnedOffLater);
    await saveSetting(database.db, await personIdOf(app, PERSONAS.leena), 'off', new Date());
    now = new Date(now.getTime() + CLAIM_LEASE_MS + 1000);
    const up = await instance();
    await waitUntil('the planned reminder is skipped', async () => (await rowsOf(up, turnedOffLater))[0]?.status === 'skipped');
    assert.equal((await rowsOf(up, turnedOffLater))[0]!.skipReason, 'turned-off');
    assert.deepEqual(await textsTo(up, off), []);
    assert.deepEqual(await textsTo(up, turnedOffLater), []);
    await setting(up, 'leena', '24h');
  });

  it('a failing gateway leaves the reminder pending, tried again after a wait, and sent once when it answers', async () => {
    const app = await instance({ REMINDERS_ENABLED: 'false' });
    await setting(app, 'aino', '24h');
    const a = await appointment(app, { person: 'aino' });
    let down = true;
    const sent: string[] = [];
    const ports = {
      db: app.db,
      gateway: {
        send: async (message: { phoneNumber: string; text: string }) => {
          if (down) throw new Error('gateway down');
          sent.push(message.phoneNumber);
        },
      },
      log: { info: () => undefined, error: () => undefined },
      upcoming: (from: Date, to: Date) => reservedAppointmentsStartingBetween(app, from, to),
      appointments: (ids: readonly number[]) => appointmentsForReminders(app, ids),
      text: () => 'reminder',
    };
    now = at(a, 24 * HOUR - MINUTE);
    await runReminders(ports, now);
    assert.deepEqual((await rowsOf(app, a)).map((r) => `${r.status}:${r.attempts}`), ['pending:1']);
    // not again before its wait (a minute) has passed
    await runReminders(ports, new Date(now.getTime() + 30_000));
    assert.deepEqual((await rowsOf(app, a)).map((r) => r.attempts), [1]);
    down = false;
    now = new Date(now.getTime() + 61_000);
    await runReminders(ports, now);
    await runReminders(ports, now);
    assert.deepEqual((await rowsOf(app, a)).map((r) => `${r.status}:${r.attempts}`), ['sent:2']);
    assert.deepEqual(sent, [a.phone]);
  });

  it('writes in the booking’s language, with the appointment’s link, and check-in where the page offers it', async () => {
    const app = await instance();
    await setting(app, 'mikko', '24h');
    const swedish = await appointment(app, { lang: 'sv' });
    const englishAnonymous = await appointment(app, { lang: 'en', anonymous: true, startsAt: new Date(swedish.startsAt.getTime() + 15 * MINUTE) });
    const remote = await appointment(app, { lang: 'fi', remote: true, startsAt: new Date(swedish.startsAt.getTime() + 30 * MINUTE) });
    const noLanguage = await appointment(app, { lang: null, startsAt: new Date(swedish.startsAt.getTime() + 45 * MINUTE) });
    now = at(noLanguage, 24 * HOUR - MINUTE);
    await waitUntil('the four are sent', async () => {
      const counts = await Promise.all([swedish, englishAnonymous, remote, noLanguage].map(async (a) => (await textsTo(app, a)).length));
      return counts.every((n) => n === 1);
    });
    const [sv] = await textsTo(app, swedish);
    assert.match(sv!, /^Påminnelse om din tid: \d{1,2}\.\d{1,2}\.\d{4} \d{1,2}[.:]\d{2}, /);
    assert.match(sv!, /Du kan anmäla din ankomst via länken/);
    assert.ok(sv!.endsWith(`/sv/bokning/${swedish.id}`), sv);
    const [en] = await textsTo(app, englishAnonymous);
    assert.match(en!, /^Reminder of your appointment: .* at /);
    assert.match(en!, /You can check in through the link/);
    assert.ok(en!.endsWith(`/en/appointment/${englishAnonymous.linkToken}`), en);
    const [fi] = await textsTo(app, remote);
    assert.match(fi!, /^Muistutus vastaanottoajastasi: .*, etävastaanotto\. Katso varauksesi: /);
    assert.doesNotMatch(fi!, /ilmoittautua/, 'a remote appointment has no check-in');
    assert.ok(fi!.endsWith(`/fi/varaus/${remote.id}`), fi);
    // a reservation from before the language was kept: the patient's profile language (Mikko's is Finnish)
    const [fallback] = await textsTo(app, noLanguage);
    assert.match(fallback!, /^Muistutus vastaanottoajastasi: .*Voit ilmoittautua linkin kautta/);
  });

  it('keeps the booking’s language from the reservation', async () => {
    const app = await instance({ REMINDERS_ENABLED: 'false' });
    // the call itself is booking's (booking-reservation.test.ts); here only that its language is kept
    const slotId = await freeSlotAfter(app, 30);
    assert.ok(slotId);
    const outcome = await reserveSlot(app.db, {
      slotId,
      // Ella: the other tests' appointments count towards a patient's at most five future ones
      personId: await personIdOf(app, PERSONAS.ella),
      reservedByPersonId: null,
      anonymous: false,
      healthcareType: 'private',
      phone: '+358401111222',
      email: 'reminders@example.fi',
      description: null,
      insuranceCompany: null,
      reimbursement: null,
      insuranceConceptCode: null,
      dcpContentHash: null,
      lang: 'sv',
    });
    assert.equal(outcome.kind, 'reserved');
    if (outcome.kind !== 'reserved') return;
    const [row] = await app.db.select({ lang: appointments.lang }).from(appointments).where(eq(appointments.id, outcome.appointmentId));
    assert.equal(row!.lang, 'sv');
    await app.db.update(appointments).set({ status: 'cancelled', cancelledBy: 'patient', cancelledAt: new Date() }).where(eq(appointments.id, outcome.appointmentId));
  });
});

describe(`the reminders setting (${testDriver})`, () => {
  it('is in My information’s page state, read and saved through the API with CSRF, 400 with paths, no-store', async () => {
    const app = await instance({ REMINDERS_ENABLED: 'false' });
    const aino = await signIn(app, PERSONAS.aino);
    await app.db.delete(reminderPreferences).where(eq(reminderPreferences.personId, aino.personId));
    const page = await app.inject({ url: '/api/pages/account.my-information?lang=en', headers: aino.headers });
    assert.equal(page.statusCode, 200, page.body);
    assert.deepEqual(myInformationPageStateSchema.parse(page.json().state).reminders, { setting: '24h' }, 'the default');

    const anonymous = await app.inject({ url: '/api/appointment-reminders' });
    assert.equal(anonymous.statusCode, 401);
    const read = await app.inject({ url: '/api/appointment-reminders', headers: aino.headers });
    assert.equal(read.statusCode, 200);
    assert.equal(read.headers['cache-control'], 'no-store');
    assert.deepEqual(read.json(), { reminders: { setting: '24h' } });

    const put = (query: string, payload: unknown, headers: Record<string, string> = aino.headers) =>
      app.inject({ method: 'PUT', url: `/api/appointment-reminders${query}`, headers, payload: payload as object });
    const noToken = await put('', { setting: 'off' });
    assert.equal(noToken.statusCode, 403, noToken.body);
    const wrongToken = await put('?csrfToken=nope', { setting: 'off' });
    assert.equal(wrongToken.statusCode, 403, wrongToken.body);
    const csrf = `?csrfToken=${encodeURIComponent(aino.csrfToken)}`;
    const badValue = await put(csrf, { setting: 'weekly' });
    assert.equal(badValue.statusCode, 400);
    assert.equal(badValue.json().type, 'ValidationError');
    assert.deepEqual(badValue.json().details.map((d: { path: string }) => d.path), ['setting']);
    const unknownField = await put(csrf, { setting: 'off', sms: true });
    assert.equal(unknownField.statusCode, 400);
    assert.ok(unknownField.json().details.length > 0);
    const notSignedIn = await put('', { setting: 'off' }, {});
    assert.equal(notSignedIn.statusCode, 401);
    assert.equal((await app.inject({ url: '/api/appointment-reminders', headers: aino.headers })).json().reminders.setting, '24h', 'nothing was saved');

    const saved = await put(csrf, { setting: '24h+2h' });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(saved.headers['cache-control'], 'no-store');
    assert.deepEqual(saved.json(), { type: 'success', reminders: { setting: '24h+2h' } });
    const after = await app.inject({ url: '/api/pages/account.my-information?lang=fi', headers: aino.headers });
    assert.deepEqual(myInformationPageStateSchema.parse(after.json().state).reminders, { setting: '24h+2h' });
    assert.equal(await app.reminders.settingOf(aino.personId), '24h+2h');
    await put(csrf, { setting: '24h' });
  });

  it('a guardian acting for her ward sets the ward’s, not her own', async () => {
    const app = await instance({ REMINDERS_ENABLED: 'false' });
    const leenaForElla = await signIn(app, PERSONAS.leena, PERSONAS.ella);
    const ellaId = await personIdOf(app, PERSONAS.ella);
    const before = await app.reminders.settingOf(leenaForElla.personId);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/appointment-reminders?csrfToken=${encodeURIComponent(leenaForElla.csrfToken)}`,
      headers: leenaForElla.headers,
      payload: { setting: 'off' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(await app.reminders.settingOf(ellaId), 'off');
    assert.equal(await app.reminders.settingOf(leenaForElla.personId), before);
    await saveSetting(app.db, ellaId, '24h', new Date());
  });
});

/** A free, open slot at KA at least `days` days ahead. */
async function freeSlotAfter(app: FastifyInstance, days: number): Promise<number | null> {
  const [row] = await app.db
    .select({ id: appointmentSlots.id })
    .from(appointmentSlots)
    .where(
      and(
        eq(appointmentSlots.clinicId, 'KA'),
        eq(appointmentSlots.withdrawn, false),
        gt(appointmentSlots.startsAt, new Date(Date.now() + days * 24 * HOUR)),
        sql`not exists (select 1 from appointments a where a.slot_id = ${appointmentSlots.id} and a.status <> 'cancelled')`,
      ),
    )
    .orderBy(appointmentSlots.startsAt)
    .limit(1);
  return row?.id ?? null;
}

/**
 * An instance that crashed after claiming `a`'s due reminders: it plans and claims them at `now`
 * (through an app of its own, whose job never runs) and never sends.
 */
async function claimDueRemindersFor(a: TestAppointment): Promise<number> {
  const crashed = await buildApp(testConfig(dataDir, { REMINDERS_ENABLED: 'false' }), { database, prepareDatabase: false, logger: false });
  await crashed.ready();
  try {
    await planReminders(
      {
        db: crashed.db,
        gateway: { send: async () => assert.fail('a crashed instance sends nothing') },
        log: { info: () => undefined, error: () => undefined },
        upcoming: (from, to) => reservedAppointmentsStartingBetween(crashed, from, to),
        appointments: (ids) => appointmentsForReminders(crashed, ids),
        text: () => '',
      },
      now,
    );
    const claimed = await claimDueReminders(crashed.db, now, 1000);
    // everything due was claimed; only `a`'s are kept, the rest are released again
    const others = claimed.filter((row) => row.appointmentId !== a.id).map((row) => row.id);
    if (others.length > 0) await crashed.db.update(appointmentReminders).set({ claimedUntil: null }).where(inArray(appointmentReminders.id, others));
    return claimed.filter((row) => row.appointmentId === a.id).length;
  } finally {
    await crashed.close();
  }
}
