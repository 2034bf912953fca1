import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { frontPageStateSchema, pageStateSchema, visitPageStateSchema, visitsPageStateSchema } from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { visits } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { writeAudit } from '../src/modules/audit/audit';
import { createTestApp, expireSession, initialStateOf, personIdOf, signIn, type TestApp } from './helpers';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

async function frontPage(headers: { cookie: string }) {
  const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers });
  assert.equal(res.statusCode, 200);
  return frontPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
}

describe('front page summaries', () => {
  it("shows Mikko's records with every summary state", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const state = await frontPage(mikko.headers);
    const records = state.summaries['mf-records'];
    assert.ok(records);
    assert.equal(state.firstName, 'Mikko');
    assert.equal(records.visits.length, 3);
    assert.equal(records.prescriptions.length, 3);
    assert.ok(records.prescriptions.some((p) => p.isRenewable) && records.prescriptions.some((p) => !p.isRenewable));
    assert.equal(records.canRenewPrescriptions, true);
    assert.equal(records.laboratory.length, 3);
    assert.equal(records.laboratory[0]?.isReady, false, 'the newest lab day is still pending');
    assert.equal(records.laboratory[1]?.isReady, true);
    assert.ok(records.imaging.some((i) => i.examinationName === null) || records.imaging.length === 3);
    assert.ok(records.questionnaires.some((q) => q.answeredAt === null));
    // newest first
    const dates = records.visits.map((v) => v.dateTime);
    assert.deepEqual([...dates].sort().reverse(), dates);
  });

  it('turns the renew link off when the prescription-renewal feature is off', async () => {
    const other = await (await import('./helpers')).createTestApp({ FEATURES: '-prescription-renewal' });
    try {
      const mikko = await signIn(other.app, PERSONAS.mikko);
      const res = await other.app.inject({ url: '/api/pages/front-page?lang=fi', headers: mikko.headers });
      const state = frontPageStateSchema.parse(res.json().state);
      assert.equal(state.summaries['mf-records']?.canRenewPrescriptions, false);
    } finally {
      await other.close();
    }
  });

  it("never shows Mikko's data on Aino's front page", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const res = await t.app.inject({ url: '/fi', headers: aino.headers });
    const state = initialStateOf(res);
    const front = frontPageStateSchema.parse(state.page?.state);
    assert.equal(front.firstName, 'Aino');
    const text = JSON.stringify(front);
    for (const mikkosOwn of ['Thyroxin', 'Keuhkojen', 'Hyvinvointikysely', 'Rantanen']) {
      assert.ok(!text.includes(mikkosOwn), `Aino's page contains ${mikkosOwn}`);
    }
    assert.equal(front.summaries['mf-records']?.canRenewPrescriptions, false, 'Aino has no renewable prescription');
    assert.equal(front.summaries['mf-records']?.imaging.length, 0);
    assert.equal(state.user?.occupationalHealthcare, true);
    assert.ok(state.features.includes('is-finnair-sickness-fund-member'));
  });

  it('a guardian acting for a child reads the child only', async () => {
    const leena = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const state = await frontPage(leena.headers);
    assert.equal(state.firstName, 'Ella');
    assert.equal(state.summaries['mf-records']?.visits.length, 1);
    assert.match(state.summaries['mf-records']?.visits[0]?.specialtyName ?? '', /Lastentaudit/);
  });
});

describe('loaders never trust ids from the client', () => {
  it("answers 404 visit-not-found when Aino asks for Mikko's visit", async () => {
    const mikkoId = await personIdOf(t.app, PERSONAS.mikko);
    const [visit] = await t.app.db.select({ id: visits.id }).from(visits).where(eq(visits.personId, mikkoId)).limit(1);
    assert.ok(visit);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const own = await t.app.inject({ url: `/api/pages/records.visit?lang=fi&id=${visit.id}`, headers: mikko.headers });
    assert.equal(own.statusCode, 200);
    const report = visitPageStateSchema.parse(own.json().state);
    assert.equal(report.status, 'ok');

    const aino = await signIn(t.app, PERSONAS.aino);
    const res = await t.app.inject({ url: `/api/pages/records.visit?lang=fi&id=${visit.id}`, headers: aino.headers });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(visitPageStateSchema.parse(res.json().state), { status: 'visit-not-found' });
    // the same through the page: 404 with the not-found state embedded
    const page = await t.app.inject({ url: `/fi/kaynnit/${visit.id}`, headers: aino.headers });
    assert.equal(page.statusCode, 404);
    assert.equal(initialStateOf(page).page?.routeId, 'records.visit');
  });

  it("lists only the caller's visits, whatever query parameters are sent", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const mikkoId = await personIdOf(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: `/api/pages/records.visits?lang=en&personId=${mikkoId}`, headers: aino.headers });
    assert.equal(res.statusCode, 200);
    const state = visitsPageStateSchema.parse(res.json().state);
    assert.equal(state.visits.length, 2);
    assert.ok(state.visits.every((v) => ['Occupational health physician', 'Occupational health nurse'].includes(v.specialtyName)));
  });

  it('answers 401 to a logged-in page loader without a session', async () => {
    const res = await t.app.inject({ url: '/api/pages/records.visits?lang=fi' });
    assert.equal(res.statusCode, 401);
  });
});

describe('audit log', () => {
  it('writes who read whose data, what and when', async () => {
    const leena = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const before = Date.now();
    await frontPage(leena.headers);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorPersonId, leena.personId), eq(auditLog.action, 'records.summary')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const row = rows[0];
    assert.ok(row);
    assert.equal(row.subjectPersonId, ellaId);
    assert.ok(row.at.getTime() >= before - 5_000);
  });
});

// The session lookup and the audit rows of requests that arrive in the same turn of the event loop
// share one statement each (createPerTurnLoader): every answer must still be its own caller's.
describe('requests that arrive together', () => {
  it('are each answered as their own session, and an expired or unknown one as nobody', async () => {
    const [mikko, aino, leena, expired] = await Promise.all([
      signIn(t.app, PERSONAS.mikko),
      signIn(t.app, PERSONAS.aino),
      signIn(t.app, PERSONAS.leena, PERSONAS.ella),
      signIn(t.app, PERSONAS.jukka),
    ]);
    await expireSession(t.app, expired.sessionId);
    const callers = [mikko, aino, leena, expired, { headers: { cookie: 'portal_session=no-such-session' } }, mikko, aino];
    const answers = await Promise.all(callers.map(({ headers }) => t.app.inject({ url: '/api/pages/front-page?lang=fi', headers })));
    const names = answers.map((res) => (res.statusCode === 200 ? frontPageStateSchema.parse(pageStateSchema.parse(res.json()).state).firstName : res.statusCode));
    assert.deepEqual(names, ['Mikko', 'Aino', 'Ella', 401, 401, 'Mikko', 'Aino']);
  });

  it('write one audit row per read, naming its own reader and subject', async () => {
    const [mikko, leena] = await Promise.all([signIn(t.app, PERSONAS.mikko), signIn(t.app, PERSONAS.leena, PERSONAS.ella)]);
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const summaryRows = async (actor: string) =>
      t.app.db
        .select({ subject: auditLog.subjectPersonId, requestId: auditLog.requestId })
        .from(auditLog)
        .where(and(eq(auditLog.actorPersonId, actor), eq(auditLog.action, 'records.summary')));
    const before = { mikko: (await summaryRows(mikko.personId)).length, leena: (await summaryRows(leena.personId)).length };
    await Promise.all([mikko, leena, mikko, leena, mikko].map(({ headers }) => frontPage(headers)));
    const mikkoRows = await summaryRows(mikko.personId);
    const leenaRows = await summaryRows(leena.personId);
    assert.equal(mikkoRows.length - before.mikko, 3);
    assert.equal(leenaRows.length - before.leena, 2);
    assert.ok(mikkoRows.every((row) => row.subject === mikko.personId));
    assert.ok(leenaRows.every((row) => row.subject === ellaId), "Leena's reads are of Ella's data");
    assert.equal(new Set([...mikkoRows, ...leenaRows].map((row) => row.requestId)).size, mikkoRows.length + leenaRows.length, 'a row per request');
  });

  it('keep the other rows when the database refuses one of them', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const entry = (action: string, actorPersonId = mikko.personId) => ({ actorPersonId, subjectPersonId: mikko.personId, action });
    const results = await Promise.allSettled([
      writeAudit(t.app.db, entry('test.batch-first')),
      writeAudit(t.app.db, entry('test.batch-refused', 'not-a-uuid')),
      writeAudit(t.app.db, entry('test.batch-last')),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const stored = await t.app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorPersonId, mikko.personId));
    const actions = stored.map((row) => row.action);
    assert.ok(actions.includes('test.batch-first') && actions.includes('test.batch-last'));
    assert.ok(!actions.includes('test.batch-refused'));
  });
});
