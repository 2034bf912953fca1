import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, asc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ACCESS_LOG_EXPORT_PATH,
  ACCESS_LOG_PAGE_SIZE,
  ACCESS_LOG_PATH,
  accessLogCategories,
  accessLogPageSchema,
  DATA_EXPORT_PATH,
  dataAccessPageStateSchema,
  pageStateSchema,
  validationErrorSchema,
  type AccessLogEntry,
} from '@portal/shared-api';
import { categoryOfAction } from '../src/modules/account/data-access/access-log';
import { appointmentResource } from '../src/modules/account/data-access/fhir-export';
import { auditLog } from '../src/modules/audit/schema';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * account.data-access over HTTP (issue 12, "beyond the spec"): the patient's access log from the
 * audit table (exactly the reads made of them, 25 a page newest first, a guardian's view of the
 * ward's log) and the FHIR R4 export (its resources' required elements and cardinalities, and
 * nobody else's data in it).
 */

let t: TestApp;
const ids: Record<keyof typeof PERSONAS, string> = { mikko: '', aino: '', jukka: '', leena: '', ella: '', pekka: '' };

before(async () => {
  t = await createTestApp();
  for (const key of Object.keys(PERSONAS) as (keyof typeof PERSONAS)[]) ids[key] = await personIdOf(t.app, PERSONAS[key]);
});
after(async () => t?.close());

async function openPage(caller: SignedInCaller, routeId: string, lang = 'fi') {
  const response = await t.app.inject({ url: `/api/pages/${routeId}?lang=${lang}`, headers: caller.headers });
  assert.equal(response.statusCode, 200, `${routeId}: ${response.body}`);
  return response;
}

async function accessLogPage(caller: SignedInCaller) {
  const response = await openPage(caller, 'account.data-access');
  const page = pageStateSchema.parse(response.json());
  return { body: response.body, state: dataAccessPageStateSchema.parse(page.state) };
}

/** An entry's kinds of data, as one text ('accessLog', 'appointments+messages'). */
const kindsOf = (entry: AccessLogEntry) => entry.categories.join('+');

async function auditRowsOf(personId: string) {
  return t.app.db.select().from(auditLog).where(eq(auditLog.subjectPersonId, personId)).orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`);
}

describe('the access log', () => {
  it('lists exactly the reads the other requests made of the patient, newest first, and its own view', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const aino = await signIn(t.app, PERSONAS.aino);
    for (const routeId of ['records.visits', 'records.prescriptions', 'records.laboratory']) await openPage(mikko, routeId);
    // somebody else's read is in their log, not Mikko's
    await openPage(aino, 'records.certificates');
    await openPage(mikko, 'records.vaccinations');

    const { state, body } = await accessLogPage(mikko);
    assert.deepEqual(state.subject, { kind: 'self' });
    const categories = state.log.entries.map(kindsOf);
    assert.deepEqual(categories, ['accessLog', 'vaccinations', 'laboratory', 'prescriptions', 'visits']);
    assert.ok(state.log.entries.every((entry) => entry.role === 'patient' && entry.byYou));
    assert.equal(state.log.totalCount, 5);
    // the rows are the audit table's rows of Mikko, one for one
    const rows = await auditRowsOf(ids.mikko);
    assert.deepEqual(
      state.log.entries.map((entry) => entry.id),
      rows.map((row) => String(row.id)),
    );
    assert.ok(rows.every((row) => row.actorPersonId === ids.mikko));
    // when, as the instant the row was written
    assert.deepEqual(
      state.log.entries.map((entry) => entry.at),
      rows.map((row) => row.at.toISOString()),
    );
    // no identity codes, person ids or raw actions in what the page gets
    for (const secret of [...Object.values(PERSONAS), ids.mikko, ids.aino, 'records.visits', 'records.laboratory']) {
      assert.ok(!body.includes(secret), `the page state holds ${secret}`);
    }

    const ainos = await accessLogPage(aino);
    assert.deepEqual(
      ainos.state.log.entries.map(kindsOf),
      ['accessLog', 'certificates'],
    );
  });

  it('maps the actions the modules audit today to kinds of data', () => {
    const expected: Record<string, string> = {
      'records.summary': 'healthRecordSummary',
      'records.visits': 'visits',
      'records.visit': 'visits',
      'records.prescriptions': 'prescriptions',
      'records.prescription-renewal': 'prescriptions',
      'records.prescription-renewal.send': 'prescriptions',
      'records.laboratory': 'laboratory',
      'records.laboratory-result': 'laboratory',
      'records.laboratory-referral': 'referrals',
      'records.imaging': 'imaging',
      'records.imaging-result': 'imaging',
      'records.imaging-referral': 'referrals',
      'records.questionnaires': 'questionnaires',
      'records.questionnaire': 'questionnaires',
      'messaging.answer-questionnaire': 'questionnaires',
      'records.certificates': 'certificates',
      'records.vaccinations': 'vaccinations',
      'messaging.summary': 'messages',
      'messaging.threads': 'messages',
      'messaging.thread': 'messages',
      'messaging.thread-page': 'messages',
      'messaging.conversations': 'messages',
      'messaging.new': 'messages',
      'messaging.new-thread': 'messages',
      'messaging.send-message': 'messages',
      'messaging.mark-as-read': 'messages',
      'messaging.attachment-download': 'messages',
      // the staff messaging commands' reads (staff.ts)
      'messaging.staff.threads': 'messages',
      'messaging.staff.reply': 'messages',
      'messaging.staff.close': 'messages',
      'messaging.staff.reopen': 'messages',
      'messaging.staff.assign': 'messages',
      'messaging.staff.delete-message': 'messages',
      'account.my-information': 'contactDetails',
      'account.contact.update': 'contactDetails',
      'account.profile.update': 'contactDetails',
      'account.data-processing': 'consents',
      'account.consent.update': 'consents',
      'account.kela-card': 'kelaCard',
      'account.kela-card.image': 'kelaCard',
      'account.registration': 'registration',
      'account.welcome': 'registration',
      'account.registration.register': 'registration',
      'account.team': 'occupationalTeam',
      'account.data-access': 'accessLog',
      'account.data-export': 'dataExport',
      'booking.appointment': 'appointments',
      'booking.reservation.reserve': 'appointments',
      'booking.anonymous-check-in': 'appointments',
      'booking.insurance.pohjola-check': 'insurance',
      'booking.insurance.concept-insert': 'insurance',
      'bookingx': 'other',
      'records.visitsx': 'other',
      messagingx: 'other',
      '': 'other',
    };
    assert.deepEqual(Object.fromEntries(Object.keys(expected).map((action) => [action, categoryOfAction(action)])), expected);
  });

  it('names an action it does not know with the generic category, never its id', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    await t.app.db.insert(auditLog).values({ actorPersonId: ids.jukka, subjectPersonId: ids.jukka, action: 'lab-robot.secret-thing' });
    const { state, body } = await accessLogPage(jukka);
    assert.deepEqual(
      state.log.entries.map(kindsOf),
      ['accessLog', 'other'],
    );
    assert.ok(!body.includes('lab-robot'));
  });

  it('pages 25 rows at a time, newest first, steady while the log grows', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    // 60 reads spread over the past hours, older ones first
    const base = Date.now() - 60 * 60_000;
    await t.app.db.insert(auditLog).values(
      Array.from({ length: 60 }, (_, i) => ({
        actorPersonId: ids.pekka,
        subjectPersonId: ids.pekka,
        action: i % 2 === 0 ? 'records.visits' : 'messaging.threads',
        at: new Date(base + i * 30_000),
      })),
    );
    const first = await accessLogPage(pekka);
    assert.equal(first.state.log.totalCount, 61);
    assert.equal(first.state.log.entries.length, ACCESS_LOG_PAGE_SIZE);
    assert.equal(first.state.log.page, 1);
    assert.equal(first.state.log.entries[0]?.categories.join('+'), 'accessLog');

    const later = async (page: number | string, asOf = first.state.log.asOf) => {
      const response = await t.app.inject({ url: `${ACCESS_LOG_PATH}?page=${page}&asOf=${asOf}`, headers: pekka.headers });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['cache-control'], 'no-store');
      return accessLogPageSchema.parse(response.json());
    };
    const second = await later(2);
    const third = await later(3);
    assert.equal(second.entries.length, 25);
    assert.equal(third.entries.length, 11);
    assert.equal(third.totalCount, 61, 'the rows the page reads wrote are not in the pages taken as of page 1');
    const all: AccessLogEntry[] = [...first.state.log.entries, ...second.entries, ...third.entries];
    assert.equal(new Set(all.map((entry) => entry.id)).size, 61);
    const times = all.map((entry) => Date.parse(entry.at));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
      'newest first',
    );
    assert.equal(all.at(-1)?.categories.join('+'), 'visits');
    assert.equal(all.at(-2)?.categories.join('+'), 'messages');
    assert.deepEqual((await later(4)).entries, []);

    // every page read is audited too
    const rows = await auditRowsOf(ids.pekka);
    assert.equal(rows.filter((row) => row.action === 'account.data-access').length, 4);
    // a new first page counts them: 61 + the three later pages' reads + its own
    assert.equal((await accessLogPage(pekka)).state.log.totalCount, 65);
  });

  it('answers 400 with the paths of bad paging parameters and 401 without a session', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const [query, paths] of [
      ['page=0&asOf=1', ['page']],
      ['page=x&asOf=1', ['page']],
      ['page=1&asOf=-1', ['asOf']],
      ['page=1', ['asOf']],
      ['', ['page', 'asOf']],
    ] as const) {
      const response = await t.app.inject({ url: `${ACCESS_LOG_PATH}?${query}`, headers: mikko.headers });
      assert.equal(response.statusCode, 400, query);
      const body = validationErrorSchema.parse(response.json());
      assert.deepEqual(body.details.map((detail) => detail.path).sort(), [...paths].sort(), query);
    }
    assert.equal((await t.app.inject({ url: `${ACCESS_LOG_PATH}?page=1&asOf=1` })).statusCode, 401);
    assert.equal((await t.app.inject({ url: '/api/pages/account.data-access?lang=fi' })).statusCode, 401);
  });

  it("shows a guardian acting for the ward the ward's log, and the ward's reads stay out of the guardian's own", async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const leena = await signIn(t.app, PERSONAS.leena);
    await openPage(leenaForElla, 'records.vaccinations');
    await openPage(leena, 'records.visits');

    const ellas = await accessLogPage(leenaForElla);
    assert.deepEqual(ellas.state.subject, { kind: 'ward', givenName: 'Ella' });
    assert.deepEqual(
      ellas.state.log.entries.map((entry) => [kindsOf(entry), entry.role, entry.byYou]),
      [
        ['accessLog', 'guardian', true],
        ['vaccinations', 'guardian', true],
      ],
    );
    const leenas = await accessLogPage(leena);
    assert.deepEqual(
      leenas.state.log.entries.map((entry) => [kindsOf(entry), entry.role]),
      [
        ['accessLog', 'patient'],
        ['visits', 'patient'],
      ],
    );
    // every row of Ella's has Leena as the actor
    assert.ok((await auditRowsOf(ids.ella)).every((row) => row.actorPersonId === ids.leena));
  });
});

describe('the access log as a person reads it (issue 33)', () => {
  const newestId = async () => (await t.app.db.select({ newest: max(auditLog.id) }).from(auditLog))[0]?.newest ?? 0;
  const rowsSince = (personId: string, since: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, personId), gt(auditLog.id, since)))
      .orderBy(asc(auditLog.id));

  async function filtered(caller: SignedInCaller, query: string) {
    const { state } = await accessLogPage(caller);
    const response = await t.app.inject({ url: `${ACCESS_LOG_PATH}?page=1&asOf=${state.log.asOf}&${query}`, headers: caller.headers });
    assert.equal(response.statusCode, 200, response.body);
    return accessLogPageSchema.parse(response.json());
  }

  it("shows the reads of one front page view as one entry that names the page and the kinds of data it read", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const since = await newestId();
    await openPage(mikko, 'front-page');
    const rows = await rowsSince(ids.mikko, since);
    assert.ok(rows.length >= 3, `the front page's summaries read ${rows.length} times`);
    // one request: one correlation id (a UUID), and the page
    assert.equal(new Set(rows.map((row) => row.correlationId)).size, 1);
    assert.match(String(rows[0]?.correlationId), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.ok(rows.every((row) => row.page === 'front-page'));

    const { state, body } = await accessLogPage(mikko);
    const [own, front] = state.log.entries;
    assert.deepEqual(own?.categories, ['accessLog']);
    assert.equal(own?.page, undefined);
    assert.equal(front?.page, 'frontPage');
    const kinds = new Set(rows.map((row) => categoryOfAction(row.action)));
    assert.deepEqual(
      front?.categories,
      accessLogCategories.filter((category) => kinds.has(category)),
    );
    assert.ok((front?.categories.length ?? 0) >= 3, front?.categories.join());
    assert.equal(front?.id, String(rows.at(-1)?.id));
    assert.ok(front?.byYou && front.role === 'patient');
    assert.ok(!body.includes(String(rows[0]?.correlationId)), 'no correlation id on the page');

    // two views of the front page are two entries; the total counts entries, not rows
    const before = state.log.totalCount;
    await openPage(mikko, 'front-page');
    const again = await accessLogPage(mikko);
    assert.equal(again.state.log.totalCount, before + 2);
    assert.deepEqual(
      again.state.log.entries.slice(0, 3).map((entry) => entry.page ?? kindsOf(entry)),
      ['accessLog', 'frontPage', 'accessLog'],
    );
  });

  it('filters by kind of data and by Helsinki days, both inclusive', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const row = (action: string, at: string) => ({ actorPersonId: ids.aino, subjectPersonId: ids.aino, action, at: new Date(at) });
    await t.app.db.insert(auditLog).values([
      row('records.visits', '2026-01-10T10:00:00Z'),
      // 23:30 in Helsinki on the 11th
      row('records.laboratory', '2026-01-11T21:30:00Z'),
      // 00:30 in Helsinki on the 12th
      row('messaging.threads', '2026-01-11T22:30:00Z'),
      row('booking.insurance.pohjola-check', '2026-01-12T08:00:00Z'),
    ]);
    const kinds = (page: { entries: AccessLogEntry[] }) => page.entries.map(kindsOf);

    assert.deepEqual(kinds(await filtered(aino, 'from=2026-01-11&to=2026-01-11')), ['laboratory']);
    assert.deepEqual(kinds(await filtered(aino, 'from=2026-01-10&to=2026-01-12')), ['insurance', 'messages', 'laboratory', 'visits']);
    assert.deepEqual(kinds(await filtered(aino, 'to=2026-01-10')), ['visits']);
    assert.deepEqual(kinds(await filtered(aino, 'categories=messages&from=2026-01-01')), ['messages']);
    // the kinds the SQL finds are categoryOfAction's: insurance, not appointments, for booking.insurance
    assert.deepEqual(kinds(await filtered(aino, 'categories=appointments,insurance,laboratory&to=2026-01-31')), ['insurance', 'laboratory']);
    const page = await filtered(aino, 'categories=visits,laboratory&from=2026-01-10&to=2026-01-11');
    assert.deepEqual(kinds(page), ['laboratory', 'visits']);
    assert.equal(page.totalCount, 2);
    // the log's own views, today's
    const own = await filtered(aino, 'categories=accessLog');
    assert.ok(own.entries.length > 0 && own.entries.every((entry) => kindsOf(entry) === 'accessLog'));
    // the filter is recorded with the read
    const [last] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectPersonId, ids.aino)).orderBy(sql`${auditLog.id} desc`).limit(1);
    assert.deepEqual(last?.details, { page: 1, categories: ['accessLog'] });
  });

  it('answers a bad filter 400 with the paths of the fields at fault, never 500', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const [query, paths] of [
      ['from=2026-13-01', ['from']],
      ['from=2026-02-30', ['from']],
      ['to=yesterday', ['to']],
      ['from=9999-12-31', ['from']],
      ['from=2026-11-02&to=2026-11-01', ['to']],
      ['categories=visits,records.visits', ['categories']],
      ['categories=', ['categories']],
      ['page=0&from=x', ['page', 'from']],
    ] as const) {
      for (const url of [`${ACCESS_LOG_PATH}?page=1&asOf=1&${query}`, `${ACCESS_LOG_EXPORT_PATH}?lang=fi&${query.replace('page=0&', '')}`]) {
        const response = await t.app.inject({ url, headers: mikko.headers });
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        const expected = url.startsWith(ACCESS_LOG_EXPORT_PATH) ? paths.filter((path) => path !== 'page') : paths;
        assert.deepEqual(validationErrorSchema.parse(response.json()).details.map((detail) => detail.path).sort(), [...expected].sort(), url);
      }
    }
    assert.equal((await t.app.inject({ url: `${ACCESS_LOG_EXPORT_PATH}?lang=fi` })).statusCode, 401);
  });

  async function csvOf(caller: SignedInCaller, query = 'lang=fi') {
    const response = await t.app.inject({ url: `${ACCESS_LOG_EXPORT_PATH}?${query}`, headers: caller.headers });
    assert.equal(response.statusCode, 200, response.body);
    return response;
  }
  const csvRows = (body: string) => body.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);

  it('downloads the log as a CSV file, never cached, in the page language, audited like any read', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const since = await newestId();
    const response = await csvOf(mikko);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.equal(response.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="tietojeni-kaytto-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.ok(response.body.startsWith('\uFEFF'), 'a byte order mark for spreadsheet programs');
    const [header, first, ...rest] = csvRows(response.body);
    assert.equal(header, 'Aika,Kuka,Tiedot');
    // the download itself is the newest entry
    assert.match(String(first), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},Sinä,Käyttölokin lataus$/);
    assert.ok(rest.some((line) => /,Sinä,Etusivu: [^,]+; [^,]+$/.test(line)), 'the front page views, one line each');
    // every entry of the log, one line each
    const rows = await rowsSince(ids.mikko, since);
    assert.deepEqual(
      rows.map((row) => [row.action, row.actorPersonId, row.details]),
      [['account.access-log-export', ids.mikko, { format: 'csv' }]],
    );
    const { state } = await accessLogPage(mikko);
    // the page's own view is newer than the file
    assert.equal(rest.length + 1, state.log.totalCount - 1);
    // nobody's identity code, person ids or raw actions
    for (const secret of [...Object.values(PERSONAS), ...Object.values(ids), 'records.', 'messaging.', 'account.', 'front-page']) {
      assert.ok(!response.body.includes(secret), `the file holds ${secret}`);
    }

    const sv = await csvOf(mikko, 'lang=sv&categories=accessLogExport');
    assert.match(String(sv.headers['content-disposition']), /filename="anvandning-av-mina-uppgifter-/);
    const svRows = csvRows(sv.body);
    assert.equal(svRows[0], 'Tid,Vem,Uppgifter');
    assert.deepEqual(
      svRows.slice(1).map((line) => line.split(',').slice(1).join(',')),
      ['Du,Nedladdning av användningsloggen', 'Du,Nedladdning av användningsloggen'],
    );
    const en = await csvOf(mikko, 'lang=en&from=2000-01-01&to=2000-12-31');
    assert.match(String(en.headers['content-disposition']), /filename="access-log-/);
    assert.deepEqual(csvRows(en.body), ['Time,Who,Data']);
  });

  it("holds only the signed-in person's own log, or the ward's while a guardian acts for them", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const ainosLog = (await accessLogPage(aino)).state.log;
    const ainos = csvRows((await csvOf(aino)).body);
    // her log's entries (as of the page) and the download's own, no more: none of Mikko's front page views
    assert.equal(ainos.length - 1, ainosLog.totalCount + 1);
    assert.ok(!ainos.some((line) => line.includes('Etusivu')));

    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const ellasLog = (await accessLogPage(leenaForElla)).state.log;
    const since = await newestId();
    const ellas = csvRows((await csvOf(leenaForElla)).body);
    assert.equal(ellas.length - 1, ellasLog.totalCount + 1);
    assert.ok(ellas.slice(1).every((line) => line.includes(',Sinä huoltajana,')), ellas.join('\n'));
    const rows = await t.app.db.select().from(auditLog).where(gt(auditLog.id, since));
    assert.deepEqual(
      rows.map((row) => [row.subjectPersonId, row.actorPersonId, row.action]),
      [[ids.ella, ids.leena, 'account.access-log-export']],
    );
  });
});

// ── FHIR R4 shapes: the required elements and cardinalities of the elements the export uses ──────
// (https://hl7.org/fhir/R4/datatypes.html and each resource's page). Objects are strict, so an
// element the export writes under a wrong name fails too.

const fhirId = /^[A-Za-z0-9\-.]{1,64}$/;
const dateRe = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const dateTimeRe = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00)))?)?)?$/;
const instantRe = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00))$/;
const str = z.string().regex(/\S/);
const code = z.string().regex(/^[^\s]+( [^\s]+)*$/);
const uri = z.string().regex(/^\S+$/);
const date = z.string().regex(dateRe);
const dateTime = z.string().regex(dateTimeRe);
const instant = z.string().regex(instantRe);
const nonEmpty = <T extends z.ZodType>(item: T) => z.array(item).min(1);

const coding = z.strictObject({ system: uri.optional(), code: code.optional(), display: str.optional() });
const codeableConcept = z.strictObject({ coding: nonEmpty(coding).optional(), text: str.optional() });
const identifier = z.strictObject({ use: z.enum(['usual', 'official', 'temp', 'secondary', 'old']).optional(), system: uri.optional(), value: str.optional() });
const reference = z.strictObject({ reference: str.optional(), type: uri.optional(), display: str.optional() });
const quantity = z.strictObject({
  value: z.number().optional(),
  comparator: z.enum(['<', '<=', '>=', '>']).optional(),
  unit: str.optional(),
  system: uri.optional(),
  code: code.optional(),
});
const annotation = z.strictObject({ text: str });
const narrative = z.strictObject({ status: z.enum(['generated', 'extensions', 'additional', 'empty']), div: z.string().startsWith('<div xmlns="http://www.w3.org/1999/xhtml">') });
const base = { id: z.string().regex(fhirId).optional(), language: code.optional(), text: narrative.optional() };

const patientSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Patient'),
  identifier: nonEmpty(identifier).optional(),
  active: z.boolean().optional(),
  name: nonEmpty(z.strictObject({ use: code.optional(), family: str.optional(), given: nonEmpty(str).optional() })).optional(),
  telecom: nonEmpty(z.strictObject({ system: z.enum(['phone', 'fax', 'email', 'pager', 'url', 'sms', 'other']), value: str, use: code.optional() })).optional(),
  gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
  birthDate: date.optional(),
});
const encounterSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Encounter'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['planned', 'arrived', 'triaged', 'in-progress', 'onleave', 'finished', 'cancelled', 'entered-in-error', 'unknown']),
  class: coding,
  serviceType: codeableConcept.optional(),
  subject: reference.optional(),
  participant: nonEmpty(z.strictObject({ individual: reference.optional() })).optional(),
  period: z.strictObject({ start: dateTime.optional(), end: dateTime.optional() }).optional(),
  reasonCode: nonEmpty(codeableConcept).optional(),
  location: nonEmpty(z.strictObject({ location: reference })).optional(),
});
const appointmentSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Appointment'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist']),
  serviceType: nonEmpty(codeableConcept).optional(),
  start: instant.optional(),
  participant: nonEmpty(z.strictObject({ actor: reference.optional(), status: z.enum(['accepted', 'declined', 'tentative', 'needs-action']) })),
});
const observationSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Observation'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown']),
  category: nonEmpty(codeableConcept).optional(),
  code: codeableConcept,
  subject: reference.optional(),
  effectiveDateTime: dateTime.optional(),
  valueQuantity: quantity.optional(),
  valueString: str.optional(),
  interpretation: nonEmpty(codeableConcept).optional(),
  referenceRange: nonEmpty(z.strictObject({ low: quantity.optional(), high: quantity.optional() }).refine((range) => range.low || range.high, 'low or high')).optional(),
  note: nonEmpty(annotation).optional(),
});
const diagnosticReportSchema = z.strictObject({
  ...base,
  resourceType: z.literal('DiagnosticReport'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['registered', 'partial', 'preliminary', 'final', 'amended', 'corrected', 'appended', 'cancelled', 'entered-in-error', 'unknown']),
  category: nonEmpty(codeableConcept).optional(),
  code: codeableConcept,
  subject: reference.optional(),
  effectiveDateTime: dateTime.optional(),
  result: nonEmpty(reference).optional(),
  conclusion: str.optional(),
});
const medicationRequestSchema = z.strictObject({
  ...base,
  resourceType: z.literal('MedicationRequest'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['active', 'on-hold', 'cancelled', 'completed', 'entered-in-error', 'stopped', 'draft', 'unknown']),
  intent: z.enum(['proposal', 'plan', 'order', 'original-order', 'reflex-order', 'filler-order', 'instance-order', 'option']),
  medicationCodeableConcept: codeableConcept,
  subject: reference,
  authoredOn: dateTime.optional(),
  dosageInstruction: nonEmpty(z.strictObject({ text: str.optional(), patientInstruction: str.optional() })).optional(),
  dispenseRequest: z.strictObject({ quantity: quantity.optional(), expectedSupplyDuration: quantity.optional() }).optional(),
  note: nonEmpty(annotation).optional(),
});
const immunizationSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Immunization'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['completed', 'entered-in-error', 'not-done']),
  vaccineCode: codeableConcept,
  patient: reference,
  occurrenceDateTime: dateTime,
  primarySource: z.boolean().optional(),
  location: reference.optional(),
  performer: nonEmpty(z.strictObject({ actor: reference })).optional(),
  doseQuantity: quantity.optional(),
  protocolApplied: nonEmpty(z.strictObject({ doseNumberString: str })).optional(),
  note: nonEmpty(annotation).optional(),
});
const answer = z
  .strictObject({
    valueBoolean: z.boolean().optional(),
    valueDecimal: z.number().optional(),
    valueInteger: z.number().int().optional(),
    valueDate: date.optional(),
    valueDateTime: dateTime.optional(),
    valueString: str.optional(),
    valueCoding: coding.optional(),
  })
  .refine((value) => Object.keys(value).length === 1, 'exactly one value[x]');
type QrItem = { linkId: string; text?: string | undefined; answer?: unknown[] | undefined; item?: QrItem[] | undefined };
const qrItem: z.ZodType<QrItem> = z.lazy(() =>
  z.strictObject({ linkId: str, text: str.optional(), answer: nonEmpty(answer).optional(), item: nonEmpty(qrItem).optional() }),
);
const questionnaireResponseSchema = z.strictObject({
  ...base,
  resourceType: z.literal('QuestionnaireResponse'),
  identifier: identifier.optional(),
  questionnaire: uri.optional(),
  status: z.enum(['in-progress', 'completed', 'amended', 'entered-in-error', 'stopped']),
  subject: reference.optional(),
  authored: dateTime.optional(),
  author: reference.optional(),
  item: nonEmpty(qrItem).optional(),
});
const communicationSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Communication'),
  identifier: nonEmpty(identifier).optional(),
  status: z.enum(['preparation', 'in-progress', 'not-done', 'on-hold', 'stopped', 'completed', 'entered-in-error', 'unknown']),
  subject: reference.optional(),
  topic: codeableConcept.optional(),
  sent: dateTime.optional(),
  sender: reference.optional(),
  recipient: nonEmpty(reference).optional(),
  payload: nonEmpty(z.strictObject({ contentString: str })).optional(),
});
const resourceSchema = z.discriminatedUnion('resourceType', [
  patientSchema,
  encounterSchema,
  appointmentSchema,
  observationSchema,
  diagnosticReportSchema,
  medicationRequestSchema,
  immunizationSchema,
  questionnaireResponseSchema,
  communicationSchema,
]);
const bundleSchema = z.strictObject({
  ...base,
  resourceType: z.literal('Bundle'),
  identifier: identifier.optional(),
  type: z.literal('collection'),
  timestamp: instant,
  entry: nonEmpty(z.strictObject({ fullUrl: z.string().regex(/^urn:uuid:[0-9a-f-]{36}$/), resource: resourceSchema })),
});
type FhirBundle = z.infer<typeof bundleSchema>;

/** FHIR: no element is empty (no null, '', [], {}), anywhere. */
function emptyElements(value: unknown, path = ''): string[] {
  if (value === null || value === '') return [path];
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((item, i) => emptyElements(item, `${path}[${i}]`));
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => emptyElements(item, `${path}.${key}`));
  }
  return [];
}

/** Every `reference` in the bundle names an entry's fullUrl. */
function danglingReferences(bundle: FhirBundle): string[] {
  const fullUrls = new Set(bundle.entry.map((entry) => entry.fullUrl));
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'reference' && typeof item === 'string' && !fullUrls.has(item)) found.push(item);
        walk(item);
      }
    }
  };
  walk(bundle.entry.map((entry) => entry.resource));
  return found;
}

async function download(caller: SignedInCaller | null, query = 'lang=fi') {
  return t.app.inject({ url: `${DATA_EXPORT_PATH}?${query}`, ...(caller ? { headers: caller.headers } : {}) });
}

describe('the FHIR R4 export', () => {
  it("is an attachment, never cached, of a collection Bundle with the patient's records in R4 shapes", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const response = await download(mikko);
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-disposition']), /^attachment; filename="omat-terveystietoni-\d{4}-\d{2}-\d{2}\.json"$/);
    assert.equal(response.headers['cache-control'], 'no-store');
    assert.match(String(response.headers['content-type']), /^application\/fhir\+json/);

    const json: unknown = JSON.parse(response.body);
    const parsed = bundleSchema.safeParse(json);
    assert.ok(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error));
    const bundle = parsed.data;
    assert.deepEqual(emptyElements(json), []);
    assert.deepEqual(danglingReferences(bundle), []);

    const byType = new Map<string, number>();
    for (const { resource } of bundle.entry) byType.set(resource.resourceType, (byType.get(resource.resourceType) ?? 0) + 1);
    assert.equal(byType.get('Patient'), 1);
    for (const type of ['Encounter', 'Observation', 'DiagnosticReport', 'MedicationRequest', 'QuestionnaireResponse', 'Communication']) {
      assert.ok((byType.get(type) ?? 0) > 0, `${type} in Mikko's export`);
    }
    const patient = bundle.entry.find((entry) => entry.resource.resourceType === 'Patient');
    assert.ok(patient?.resource.resourceType === 'Patient');
    assert.deepEqual(patient.resource.identifier?.[0], { use: 'official', system: 'urn:oid:1.2.246.21', value: PERSONAS.mikko });
    assert.equal(patient.resource.birthDate, '1985-03-15');
    // every resource about a patient is about Mikko
    for (const { resource } of bundle.entry) {
      const about = 'subject' in resource ? resource.subject : 'patient' in resource ? resource.patient : undefined;
      if (resource.resourceType !== 'Patient' && resource.resourceType !== 'Appointment') assert.equal(about?.reference, patient.fullUrl, resource.resourceType);
    }

    // the export is audited
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, ids.mikko), eq(auditLog.action, 'account.data-export')));
    assert.equal(row?.actorPersonId, ids.mikko);
  });

  it("holds nobody else's data", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const body = (await download(mikko, 'lang=en')).body;
    const others = await t.app.db.select().from(people).where(inArray(people.identityCode, Object.values(PERSONAS).filter((code) => code !== PERSONAS.mikko)));
    assert.equal(others.length, 5);
    for (const other of others) {
      for (const secret of [other.identityCode, other.id, `${other.givenName} ${other.familyName}`, other.email, other.phoneNumber]) {
        if (secret) assert.ok(!body.includes(secret), `Mikko's export holds ${secret}`);
      }
    }
    // and the other way round: Aino's export has none of Mikko's
    const ainos = (await download(await signIn(t.app, PERSONAS.aino))).body;
    for (const secret of [PERSONAS.mikko, ids.mikko, 'Mikko Virtanen', 'mikko.virtanen@example.fi']) assert.ok(!ainos.includes(secret), secret);
    assert.ok(bundleSchema.safeParse(JSON.parse(ainos)).success);
  });

  it("gives a guardian acting for the ward the ward's data, audited as the ward's", async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const response = await download(leenaForElla, 'lang=sv');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-disposition']), /filename="mina-halsouppgifter-/);
    const bundle = bundleSchema.parse(JSON.parse(response.body));
    const patient = bundle.entry.find((entry) => entry.resource.resourceType === 'Patient')?.resource;
    assert.ok(patient?.resourceType === 'Patient');
    assert.equal(patient.identifier?.[0]?.value, PERSONAS.ella);
    assert.ok(!response.body.includes(PERSONAS.leena));
    assert.ok(bundle.entry.some((entry) => entry.resource.resourceType === 'Immunization'), "Ella's vaccinations");
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, ids.ella), eq(auditLog.action, 'account.data-export')));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.actorPersonId, ids.leena);
  });

  it('maps a booked appointment to an R4 Appointment (none are exported until a visit lies ahead)', () => {
    const patient = { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000', type: 'Patient' };
    for (const clinicName of ['Lääkärikeskus Kamppi', null]) {
      const appointment = appointmentResource(
        { id: 7, start: new Date('2026-12-01T08:30:00Z'), practitioner: 'Anna Lahtinen', service: { text: 'Yleislääketiede' }, clinicName },
        patient,
      );
      const parsed = appointmentSchema.safeParse(appointment);
      assert.ok(parsed.success, parsed.success ? '' : z.prettifyError(parsed.error));
      assert.deepEqual(emptyElements(appointment), []);
      assert.equal(appointment.participant.length, clinicName ? 3 : 2);
      assert.deepEqual(appointment.participant[0], { actor: patient, status: 'accepted' });
    }
  });

  it('answers 400 with the path of a bad language and 401 without a session', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const query of ['lang=de', '']) {
      const response = await download(mikko, query);
      assert.equal(response.statusCode, 400, query);
      assert.deepEqual(
        validationErrorSchema.parse(response.json()).details.map((detail) => detail.path),
        ['lang'],
      );
    }
    assert.equal((await download(null)).statusCode, 401);
  });
});
