import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import {
  imagingPageStateSchema,
  imagingResultPageStateSchema,
  laboratoryPageStateSchema,
  laboratoryResultPageStateSchema,
  pageStateSchema,
  referralPageStateSchema,
  validationErrorSchema,
  type LaboratoryResultPageState,
  type SingleLaboratoryTest,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { loadImagingApiStatus } from '../src/modules/records/config';
import { isCalendarDate } from '../src/modules/records/laboratory';
import { referrals } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The laboratory, imaging and referral pages over HTTP (GET /api/pages/:routeId and the page HTML)
 * against the seeded demo world: Mikko's results, referrals and imaging, Ella's results through her
 * guardian Leena, and Aino who must never see any of Mikko's. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;
let leenaForElla: SignedInCaller;
// The seed is relative to today in Helsinki (server/src/demo/seed/personas.ts).
const today = helsinkiToday();
const day = (offset: number) => addDays(today, offset);

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
  leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
});
after(async () => t.close());

async function page(routeId: string, caller: SignedInCaller | null, params: Record<string, string> = {}, lang = 'fi') {
  const query = new URLSearchParams({ lang, ...params });
  const res = await t.app.inject({ url: `/api/pages/${routeId}?${query}`, ...(caller ? { headers: caller.headers } : {}) });
  return { status: res.statusCode, body: res.json() as unknown };
}

async function stateOf(routeId: string, caller: SignedInCaller, params: Record<string, string> = {}, expectedStatus = 200) {
  const res = await page(routeId, caller, params);
  assert.equal(res.status, expectedStatus, `${routeId} ${JSON.stringify(params)}: ${JSON.stringify(res.body)}`);
  const pageState = pageStateSchema.parse(res.body);
  assert.equal(pageState.routeId, routeId);
  return pageState.state;
}

async function referralIdsOf(identityCode: string, type: 'laboratory' | 'imaging') {
  const personId = await personIdOf(t.app, identityCode);
  const rows = await t.app.db
    .select({ id: referrals.id, validUntil: referrals.validUntil })
    .from(referrals)
    .where(and(eq(referrals.personId, personId), eq(referrals.type, type)));
  return rows.map((row) => ({ id: String(row.id), validUntil: row.validUntil }));
}

async function latestAudit(actorPersonId: string) {
  const [row] = await t.app.db.select().from(auditLog).where(eq(auditLog.actorPersonId, actorPersonId)).orderBy(desc(auditLog.id)).limit(1);
  assert.ok(row, 'an audit row');
  return row;
}

function okResult(state: LaboratoryResultPageState) {
  assert.equal(state.status, 'ok');
  if (state.status !== 'ok') throw new Error('not ok');
  return state;
}

/** Every single test of the page, package items included, by display name. */
function testsByName(state: LaboratoryResultPageState): Map<string, SingleLaboratoryTest> {
  const tests = okResult(state).laboratoryTests.flatMap((test) => (test.__typename === 'LaboratoryTestPackage' ? test.items : [test]));
  return new Map(tests.map((test) => [test.displayName, test]));
}

describe('records.laboratory (list)', () => {
  it("Mikko: dates newest first, the newest pending, and his laboratory referrals only, valid and expired", async () => {
    const state = laboratoryPageStateSchema.parse(await stateOf('records.laboratory', mikko));
    assert.deepEqual(state.dates.map((d) => d.date), [day(-1), day(-24), day(-95), day(-190), day(-290), day(-400)]);
    assert.equal(state.dates[0]?.isReady, false);
    assert.ok(state.dates.slice(1).every((d) => d.isReady));
    assert.deepEqual(state.dates[1]?.tests.map((test) => test.displayName), ['B -PVK+T', 'fP -Kol-LDL', 'P -CRP']);
    assert.ok(state.referrals.length >= 3);
    assert.ok(state.referrals.every((r) => r.type === 'laboratory'));
    assert.ok(state.referrals.some((r) => r.validUntil < today), 'an expired referral');
    assert.ok(state.referrals.some((r) => r.validUntil >= today && r.validUntil <= day(30)), 'one valid for at most 30 days');
    assert.ok(state.referrals.some((r) => r.validUntil > day(30)), 'one valid for longer');
    const newestFirst = state.referrals.map((r) => r.creationDate);
    assert.deepEqual([...newestFirst].sort().reverse(), newestFirst);
    assert.ok(state.referrals.every((r) => r.practitioner.name.length > 0));
    assert.equal((await latestAudit(mikko.personId)).action, 'records.laboratory');
  });

  it("Aino's list has her own date and none of Mikko's referrals", async () => {
    const state = laboratoryPageStateSchema.parse(await stateOf('records.laboratory', aino));
    assert.deepEqual(state.dates.map((d) => d.date), [day(-12)]);
    assert.deepEqual(state.referrals, []);
  });

  it("Leena acting for Ella sees Ella's results", async () => {
    const state = laboratoryPageStateSchema.parse(await stateOf('records.laboratory', leenaForElla));
    assert.deepEqual(state.dates.map((d) => [d.date, d.isReady, d.tests.map((test) => test.displayName)]), [[day(-8), true, ['P -CRP', 'Ts -StrAAg']]]);
  });
});

describe('records.laboratory-result', () => {
  it("Mikko's newest date: his full name, pending tests without a result, a numeric test with its history oldest first", async () => {
    const state = laboratoryResultPageStateSchema.parse(await stateOf('records.laboratory-result', mikko, { date: day(-1) }));
    const ok = okResult(state);
    assert.equal(ok.fullName, 'Mikko Virtanen');
    assert.equal(ok.date, day(-1));
    assert.deepEqual(ok.laboratoryTests.map((test) => [test.__typename, test.displayName, test.isReady]), [
      ['SingleLaboratoryTest', 'P -TSH', true],
      ['SingleLaboratoryTest', 'P -T4-V', false],
      ['SingleLaboratoryTest', 'U -BaktVi', false],
    ]);
    const tests = testsByName(state);
    const tsh = tests.get('P -TSH');
    assert.deepEqual(tsh?.result, { __typename: 'NumeralLaboratoryResult', prefix: null, resultNumber: 2.1, isWithinReferenceRange: true });
    assert.deepEqual(tsh?.referenceRange, { min: 0.5, max: 3.6 });
    assert.equal(tsh?.unit, 'mU/l');
    assert.equal(tsh?.description, 'Tyreotropiini');
    assert.deepEqual(tsh?.history.map((p) => [p.date, p.resultNumber, p.isWithinReferenceRange]), [
      [day(-290), 2.6, true],
      [day(-190), 3.3, true],
      [day(-95), 4.2, false],
      [day(-1), 2.1, true],
    ]);
    const pending = tests.get('P -T4-V');
    assert.equal(pending?.result, null);
    assert.deepEqual(pending?.referenceRange, { min: 11, max: 22 });
    assert.deepEqual(pending?.history, [], 'no numeric result yet');
    const audit = await latestAudit(mikko.personId);
    assert.equal(audit.action, 'records.laboratory-result');
    assert.equal(audit.subjectPersonId, mikko.personId);
    assert.deepEqual(audit.details, { date: day(-1) });
  });

  it('a package with its items, a warning, a prefix, an additional result; textual results', async () => {
    const state = laboratoryResultPageStateSchema.parse(await stateOf('records.laboratory-result', mikko, { date: day(-24) }));
    const [pkg] = okResult(state).laboratoryTests;
    assert.equal(pkg?.__typename, 'LaboratoryTestPackage');
    if (pkg?.__typename !== 'LaboratoryTestPackage') return;
    assert.equal(pkg.displayName, 'B -PVK+T');
    assert.equal(pkg.isReady, true);
    assert.deepEqual(pkg.items.map((item) => item.displayName), ['B -Hb', 'B -Leuk', 'B -Trom']);
    const tests = testsByName(state);
    assert.deepEqual(tests.get('B -Hb')?.result, { __typename: 'NumeralLaboratoryResult', prefix: null, resultNumber: 128, isWithinReferenceRange: false });
    assert.deepEqual(tests.get('B -Hb')?.history.map((p) => p.date), [day(-400), day(-190), day(-24)]);
    assert.deepEqual(tests.get('P -CRP')?.result, { __typename: 'NumeralLaboratoryResult', prefix: 'lessThan', resultNumber: 3, isWithinReferenceRange: true });
    assert.deepEqual(tests.get('P -CRP')?.referenceRange, { min: null, max: 10 });
    assert.equal(tests.get('fP -Kol-LDL')?.additionalResult, 'Ruokavalio-ohjaus suositeltavaa.');

    const older = laboratoryResultPageStateSchema.parse(await stateOf('records.laboratory-result', mikko, { date: day(-190) }));
    const olderTests = testsByName(older);
    assert.deepEqual(olderTests.get('U -KemSeul')?.result, { __typename: 'TextualLaboratoryResult', resultText: 'Normaali' });
    assert.deepEqual(olderTests.get('U -KemSeul')?.history, []);
    assert.equal(olderTests.get('P -Krea-eGFR')?.result?.__typename, 'NumeralLaboratoryResult');
    assert.deepEqual(olderTests.get('P -Krea-eGFR')?.result, { __typename: 'NumeralLaboratoryResult', prefix: 'greaterThan', resultNumber: 90, isWithinReferenceRange: true });
  });

  it("another patient's date, a date without results and a date that does not exist are 404 not-found", async () => {
    for (const [caller, date] of [
      [aino, day(-1)],
      [mikko, day(-2)],
      [mikko, '2026-02-30'],
    ] as const) {
      const state = await stateOf('records.laboratory-result', caller, { date }, 404);
      assert.deepEqual(laboratoryResultPageStateSchema.parse(state), { status: 'not-found' });
    }
    // the page itself: 404 with the not-found state embedded, in every language's path
    for (const path of [`/fi/laboratoriotulos/${day(-1)}`, `/sv/laboratorieresultat/${day(-1)}`, `/en/laboratoryresult/${day(-1)}`]) {
      const html = await t.app.inject({ url: path, headers: aino.headers });
      assert.equal(html.statusCode, 404, path);
      const embedded = initialStateOf(html).page;
      assert.equal(embedded?.routeId, 'records.laboratory-result');
      assert.deepEqual(embedded?.state, { status: 'not-found' });
    }
    const own = await t.app.inject({ url: `/fi/laboratoriotulos/${day(-1)}`, headers: mikko.headers });
    assert.equal(own.statusCode, 200);
    assert.equal(okResult(laboratoryResultPageStateSchema.parse(initialStateOf(own).page?.state)).fullName, 'Mikko Virtanen');
  });

  it('a malformed date is a 400 naming the parameter', async () => {
    const res = await page('records.laboratory-result', mikko, { date: 'yesterday' });
    assert.equal(res.status, 400);
    assert.deepEqual(validationErrorSchema.parse(res.body).details.map((d) => d.path), ['date']);
  });

  it("Leena acting for Ella reads Ella's result with Ella's name, audited with Ella as the subject", async () => {
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const state = laboratoryResultPageStateSchema.parse(await stateOf('records.laboratory-result', leenaForElla, { date: day(-8) }));
    assert.equal(okResult(state).fullName, 'Ella Nieminen');
    assert.deepEqual(testsByName(state).get('P -CRP')?.result, { __typename: 'NumeralLaboratoryResult', prefix: null, resultNumber: 35, isWithinReferenceRange: false });
    const audit = await latestAudit(leenaForElla.personId);
    assert.equal(audit.subjectPersonId, ellaId);
    assert.equal(audit.action, 'records.laboratory-result');
    // Leena on her own has no results that day
    const leena = await signIn(t.app, PERSONAS.leena);
    await stateOf('records.laboratory-result', leena, { date: day(-8) }, 404);
  });
});

describe('records.laboratory-referral and records.imaging-referral', () => {
  it("Mikko's laboratory referral: title, Finnish description, dates, practitioner, instructions", async () => {
    const [withInstructions] = (await referralIdsOf(PERSONAS.mikko, 'laboratory')).filter((r) => r.validUntil === day(18));
    assert.ok(withInstructions);
    const state = referralPageStateSchema.parse(await stateOf('records.laboratory-referral', mikko, { id: withInstructions.id }));
    assert.equal(state.status, 'ok');
    if (state.status !== 'ok') return;
    const { practitioner, ...referral } = state.referral;
    assert.deepEqual(referral, {
      id: withInstructions.id,
      type: 'laboratory',
      title: 'Laboratoriolähete',
      description: 'Rasva-arvojen kontrolli: fP-Kol-LDL paastonäytteenä.',
      creationDate: day(-5),
      validUntil: day(18),
      patientInstructionsUrl: 'https://www.example.fi/ohjeet/paastonaytteet',
    });
    assert.ok(practitioner.title);
    assert.match(state.referral.practitioner.name, /Rantanen/);
    const audit = await latestAudit(mikko.personId);
    assert.deepEqual([audit.action, audit.details], ['records.laboratory-referral', { referralId: withInstructions.id }]);
  });

  it("an imaging referral's id on the laboratory page, another patient's id and an unknown id are 404 not-found", async () => {
    const [imaging] = await referralIdsOf(PERSONAS.mikko, 'imaging');
    const [laboratory] = await referralIdsOf(PERSONAS.mikko, 'laboratory');
    assert.ok(imaging && laboratory);
    for (const [routeId, caller, id] of [
      ['records.laboratory-referral', mikko, imaging.id],
      ['records.imaging-referral', mikko, laboratory.id],
      ['records.laboratory-referral', aino, laboratory.id],
      ['records.imaging-referral', aino, imaging.id],
      ['records.imaging-referral', leenaForElla, imaging.id],
      ['records.laboratory-referral', mikko, '999999999'],
    ] as const) {
      assert.deepEqual(referralPageStateSchema.parse(await stateOf(routeId, caller, { id }, 404)), { status: 'not-found' });
    }
    const ok = referralPageStateSchema.parse(await stateOf('records.imaging-referral', mikko, { id: imaging.id }));
    assert.equal(ok.status === 'ok' && ok.referral.type, 'imaging');
    const html = await t.app.inject({ url: `/sv/bildbehandlingremiss/${imaging.id}`, headers: aino.headers });
    assert.equal(html.statusCode, 404);
    assert.equal(initialStateOf(html).page?.routeId, 'records.imaging-referral');
  });

  it('a non-numeric id is a 400 naming the parameter', async () => {
    const res = await page('records.imaging-referral', mikko, { id: '1;drop' });
    assert.equal(res.status, 400);
    assert.deepEqual(validationErrorSchema.parse(res.body).details.map((d) => d.path), ['id']);
  });
});

describe('records.imaging and records.imaging-result', () => {
  it("Mikko's imaging list: results newest first, a blank name as null, his imaging referrals only", async () => {
    const state = imagingPageStateSchema.parse(await stateOf('records.imaging', mikko));
    const dates = state.results.map((r) => r.imagingDate);
    assert.deepEqual([...dates].sort().reverse(), dates);
    assert.ok(state.results.some((r) => r.examinationName === null));
    assert.ok(state.referrals.length >= 2 && state.referrals.every((r) => r.type === 'imaging'));
    assert.ok(state.referrals.some((r) => r.validUntil < today) && state.referrals.some((r) => r.validUntil >= today));
    assert.deepEqual(imagingPageStateSchema.parse(await stateOf('records.imaging', aino)), { results: [], referrals: [] });
  });

  it('every result of a date, with and without a statement and a name', async () => {
    const state = imagingResultPageStateSchema.parse(await stateOf('records.imaging-result', mikko, { date: day(-10) }));
    assert.equal(state.status, 'ok');
    if (state.status !== 'ok') return;
    assert.equal(state.imagingDate, day(-10));
    assert.deepEqual(state.results.map((r) => [r.examinationName, r.statementText]), [
      ['Keuhkojen röntgenkuvaus', 'Keuhkokentät puhtaat. Sydämen koko normaali.'],
      ['Sydämen ultraäänitutkimus', null],
    ]);
    const untitled = imagingResultPageStateSchema.parse(await stateOf('records.imaging-result', mikko, { date: day(-260) }));
    assert.deepEqual(untitled.status === 'ok' && untitled.results.map((r) => [r.examinationName, r.statementText]), [[null, 'Polven nivelrako säilynyt, ei nestettä.']]);
    const audit = await latestAudit(mikko.personId);
    assert.deepEqual([audit.action, audit.details], ['records.imaging-result', { date: day(-260) }]);
  });

  it("another patient's date and a date without results are 404 not-found", async () => {
    assert.deepEqual(imagingResultPageStateSchema.parse(await stateOf('records.imaging-result', aino, { date: day(-10) }, 404)), { status: 'not-found' });
    assert.deepEqual(imagingResultPageStateSchema.parse(await stateOf('records.imaging-result', mikko, { date: day(-11) }, 404)), { status: 'not-found' });
    const html = await t.app.inject({ url: `/en/imaging/${day(-10)}`, headers: aino.headers });
    assert.equal(html.statusCode, 404);
    assert.deepEqual(initialStateOf(html).page?.state, { status: 'not-found' });
  });

  it('IMAGING_API_STATUS=temporary-error answers temporary-api-error; an unknown value is refused', async () => {
    let down: TestApp | null = null;
    try {
      down = await createTestApp({ IMAGING_API_STATUS: 'temporary-error' });
      const caller = await signIn(down.app, PERSONAS.mikko);
      const res = await down.app.inject({ url: `/api/pages/records.imaging-result?lang=fi&date=${day(-10)}`, headers: caller.headers });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(imagingResultPageStateSchema.parse(res.json().state), { status: 'temporary-api-error' });
      const anonymous = await down.app.inject({ url: `/api/pages/records.imaging-result?lang=fi&date=${day(-10)}` });
      assert.equal(anonymous.statusCode, 401);
    } finally {
      await down?.close();
    }
    assert.equal(loadImagingApiStatus({}), 'ok');
    assert.equal(loadImagingApiStatus({ IMAGING_API_STATUS: '' }), 'ok');
    assert.throws(() => loadImagingApiStatus({ IMAGING_API_STATUS: 'down' }), /IMAGING_API_STATUS/);
  });
});

describe('every endpoint needs a session', () => {
  it('answers 401 without one', async () => {
    for (const [routeId, params] of [
      ['records.laboratory', {}],
      ['records.imaging', {}],
      ['records.laboratory-result', { date: day(-1) }],
      ['records.imaging-result', { date: day(-10) }],
      ['records.laboratory-referral', { id: '1' }],
      ['records.imaging-referral', { id: '1' }],
    ] as const) {
      assert.equal((await page(routeId, null, params)).status, 401, routeId);
    }
  });
});

describe('isCalendarDate', () => {
  it('accepts real dates only', () => {
    assert.ok(isCalendarDate('2024-02-29'));
    assert.ok(!isCalendarDate('2026-02-29'));
    assert.ok(!isCalendarDate('2026-13-01'));
    assert.ok(!isCalendarDate('2026-1-01'));
  });
});

describe('demo texts in the page language (issue 11)', () => {
  for (const [lang, referral, endocrinologist] of [
    ['fi', 'Laboratoriolähete', 'Endokrinologian erikoislääkäri'],
    ['sv', 'Laboratorieremiss', 'Specialistläkare i endokrinologi'],
    ['en', 'Laboratory referral', 'Endocrinologist'],
  ] as const) {
    it(`referral titles and practitioner titles read in ${lang}`, async () => {
      const res = await t.app.inject({ url: `/api/pages/records.laboratory?lang=${lang}`, headers: mikko.headers });
      assert.equal(res.statusCode, 200);
      const state = res.json().state as { referrals: { id: string; title: string; practitioner: { title: string | null } }[] };
      assert.ok(state.referrals.length > 0);
      for (const item of state.referrals) assert.equal(item.title, referral);
      assert.ok(state.referrals.some((item) => item.practitioner.title === endocrinologist), JSON.stringify(state.referrals.map((r) => r.practitioner.title)));
      const page = await t.app.inject({ url: `/api/pages/records.laboratory-referral?lang=${lang}&id=${state.referrals[0]!.id}`, headers: mikko.headers });
      assert.equal(page.json().state.referral.title, referral);
    });
  }
});
