import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { pageStateSchema, visitPageStateSchema, visitsPageStateSchema } from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { visitDiagnoses, visits } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Visits over HTTP against the seeded demo world (spec part 1 §2 "Visits", "Visit", §8 'Visit was
 * not found'): the list links each visit to its medical report, and the report answers only for
 * the patient's own past visits.
 */

let t: TestApp;
let mikkoId: string;

before(async () => {
  t = await createTestApp();
  mikkoId = await personIdOf(t.app, PERSONAS.mikko);
});
after(async () => t?.close());

async function visitsOf(caller: SignedInCaller, lang = 'fi') {
  const res = await t.app.inject({ url: `/api/pages/records.visits?lang=${lang}`, headers: caller.headers });
  assert.equal(res.statusCode, 200);
  return visitsPageStateSchema.parse(pageStateSchema.parse(res.json()).state).visits;
}

async function visitPage(caller: SignedInCaller | null, id: string, lang = 'fi') {
  return t.app.inject({ url: `/api/pages/records.visit?lang=${lang}&id=${encodeURIComponent(id)}`, ...(caller ? { headers: caller.headers } : {}) });
}

/** Mikko's seeded visit whose report has several diagnoses and multi-line texts. */
async function longReportVisitId(): Promise<string> {
  const [row] = await t.app.db
    .select({ id: visits.id })
    .from(visits)
    .innerJoin(visitDiagnoses, eq(visitDiagnoses.visitId, visits.id))
    .where(and(eq(visits.personId, mikkoId), eq(visitDiagnoses.code, 'I10')));
  assert.ok(row, 'the seeded blood pressure visit');
  return String(row.id);
}

describe('records.visits', () => {
  it("lists Mikko's own past visits, newest first, each with an id its report answers to", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const list = await visitsOf(mikko);
    assert.equal(list.length, 5);
    const owners = await t.app.db.select({ personId: visits.personId }).from(visits).where(inArray(visits.id, list.map((v) => Number(v.id))));
    assert.deepEqual([...new Set(owners.map((o) => o.personId))], [mikkoId]);
    const dates = list.map((v) => v.dateTime);
    assert.deepEqual([...dates].sort().reverse(), dates);
    for (const visit of list) {
      const res = await visitPage(mikko, visit.id);
      assert.equal(res.statusCode, 200, visit.id);
    }
  });
});

describe('records.visit: the medical report', () => {
  it('has the date, practitioner, specialty, diagnoses, texts with their line breaks, and the patient', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const id = await longReportVisitId();
    const res = await visitPage(mikko, id, 'en');
    assert.equal(res.statusCode, 200);
    const state = visitPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
    assert.equal(state.status, 'ok');
    if (state.status !== 'ok') return;
    const { visit } = state;
    assert.equal(visit.id, id);
    assert.equal(visit.practitionerName, 'Anna Lahtinen');
    // the page's language, as the specialty (issue 11)
    assert.equal(visit.practitionerTitle, 'General practitioner');
    assert.equal(visit.specialtyName, 'General practice');
    assert.ok(Date.parse(visit.dateTime) < Date.now());
    // the diagnoses (by their ICD-10 codes) and the texts' headings too; the texts as written (issue 11)
    assert.deepEqual(visit.diagnoses, [
      { code: 'I10', description: 'Essential hypertension' },
      { code: 'E78.0', description: 'Pure hypercholesterolaemia' },
    ]);
    assert.deepEqual(
      visit.texts.map((text) => text.title),
      ['Reason for visit', 'Examinations', 'Treatment plan'],
    );
    assert.equal(visit.texts[1]?.body, 'RR 146/90, pulssi 72.\nSydän- ja keuhkoauskultaatio normaali.\nEKG: sinusrytmi, ei iskemiaan viittaavaa.');
    assert.deepEqual(visit.patient, { fullName: 'Mikko Virtanen', identityCode: PERSONAS.mikko });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorPersonId, mikkoId), eq(auditLog.action, 'records.visit')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    assert.deepEqual(audit?.details, { visitId: id });
  });

  it("is visit-not-found (404) for another patient's visit, without anything of it", async () => {
    const id = await longReportVisitId();
    const aino = await signIn(t.app, PERSONAS.aino);
    const res = await visitPage(aino, id);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(visitPageStateSchema.parse(res.json().state), { status: 'visit-not-found' });
    assert.doesNotMatch(res.body, /150385-9013|Virtanen|Essentiaalinen/);

    const page = await t.app.inject({ url: `/sv/besoken/${id}`, headers: aino.headers });
    assert.equal(page.statusCode, 404);
    assert.equal(initialStateOf(page).page?.routeId, 'records.visit');
    assert.deepEqual(initialStateOf(page).page?.state, { status: 'visit-not-found' });
    assert.doesNotMatch(page.body, /150385-9013|Essentiaalinen/);
  });

  it('is visit-not-found for an unknown id, an id too large for the database and a visit still ahead', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const [template] = await t.app.db.select().from(visits).where(eq(visits.personId, mikkoId)).limit(1);
    assert.ok(template);
    const { id: _id, ...columns } = template;
    const [upcoming] = await t.app.db
      .insert(visits)
      .values({ ...columns, dateTime: new Date(Date.now() + 3 * 86_400_000) })
      .returning({ id: visits.id });
    for (const id of ['999999', '99999999999', String(upcoming?.id)]) {
      const res = await visitPage(mikko, id);
      assert.equal(res.statusCode, 404, id);
      assert.deepEqual(res.json().state, { status: 'visit-not-found' }, id);
    }
  });

  it('refuses a non-numeric id (400) and asks for a session (401)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.equal((await visitPage(mikko, 'abc')).statusCode, 400);
    assert.equal((await visitPage(null, '1')).statusCode, 401);
  });

  it("embeds the report in the page (/fi/kaynnit/:id), and a guardian reads the child's visits only", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const id = await longReportVisitId();
    const page = await t.app.inject({ url: `/fi/kaynnit/${id}`, headers: mikko.headers });
    assert.equal(page.statusCode, 200);
    const state = visitPageStateSchema.parse(initialStateOf(page).page?.state);
    assert.equal(state.status === 'ok' && state.visit.patient.identityCode, PERSONAS.mikko);

    const leena = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const [ellasVisit] = await visitsOf(leena);
    assert.ok(ellasVisit);
    const ella = visitPageStateSchema.parse((await visitPage(leena, ellasVisit.id)).json().state);
    assert.equal(ella.status === 'ok' && ella.visit.patient.identityCode, PERSONAS.ella);
    assert.equal(ella.status === 'ok' && ella.visit.patient.fullName, 'Ella Nieminen');

    const leenaId = await personIdOf(t.app, PERSONAS.leena);
    const [leenasOwn] = await t.app.db.select({ id: visits.id }).from(visits).where(eq(visits.personId, leenaId));
    assert.ok(leenasOwn);
    assert.equal((await visitPage(leena, String(leenasOwn.id))).statusCode, 404);
  });
});
