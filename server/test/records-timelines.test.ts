import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import { certificatesPageStateSchema, pageStateSchema, vaccinationsPageStateSchema } from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { certificates, vaccinations } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The certificates and vaccinations timelines over HTTP against the seeded demo world: the subject's
 * rows only (a guardian reads the child's), certificates from 1 Jan 2022 on, newest first, audited.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

async function load(caller: SignedInCaller, routeId: string, query = '') {
  const res = await t.app.inject({ url: `/api/pages/${routeId}?lang=fi${query}`, headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  return pageStateSchema.parse(res.json()).state;
}

async function lastAudit(actorPersonId: string, action: string) {
  const [row] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorPersonId, actorPersonId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const isNewestFirst = (dates: string[]) => dates.every((date, index) => index === 0 || dates[index - 1]! >= date);

describe('records.certificates', () => {
  it("lists Mikko's sick-leave certificates from 1 Jan 2022 on, newest first, with the practitioner", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const state = certificatesPageStateSchema.parse(await load(mikko, 'records.certificates'));
    const dates = state.certificates.map((c) => c.issuedDate);
    assert.ok(dates.includes('2022-01-01'), 'the first day of 2022 is in');
    assert.ok(!dates.some((date) => date < '2022-01-01'), 'nothing before 2022');
    assert.ok(isNewestFirst(dates));
    assert.deepEqual([...new Set(state.certificates.map((c) => c.type))].sort(), ['medicalCertificateA', 'nurse']);
    const first = state.certificates[0]!;
    assert.equal(first.practitionerName, 'Anna Lahtinen');
    assert.equal(first.practitionerTitle, 'Yleislääkäri');
    assert.ok(first.validFrom && first.validUntil && first.validFrom <= first.validUntil);

    // the seed has older ones too: they exist, they are just not shown
    const all = await t.app.db.select({ issuedDate: certificates.issuedDate }).from(certificates).where(eq(certificates.personId, mikko.personId));
    assert.ok(all.some((c) => c.issuedDate < '2022-01-01'));
    assert.equal(state.certificates.length, all.filter((c) => c.issuedDate >= '2022-01-01').length);

    const audit = await lastAudit(mikko.personId, 'records.certificates');
    assert.equal(audit?.subjectPersonId, mikko.personId);
  });

  it('is empty for a patient without certificates, whatever ids the query names', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const mikkoId = await personIdOf(t.app, PERSONAS.mikko);
    assert.deepEqual(certificatesPageStateSchema.parse(await load(aino, 'records.certificates', `&personId=${mikkoId}`)), { certificates: [] });
  });

  it('is served at its fi, sv and en paths with the state embedded, and needs a session', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const path of ['/fi/todistukset', '/sv/certifikat', '/en/certificates']) {
      const res = await t.app.inject({ url: path, headers: mikko.headers });
      assert.equal(res.statusCode, 200, path);
      assert.equal(initialStateOf(res).page?.routeId, 'records.certificates');
    }
    assert.equal((await t.app.inject({ url: '/api/pages/records.certificates?lang=fi' })).statusCode, 401);
  });
});

describe('records.vaccinations', () => {
  it("lists all of Aino's vaccinations (more than one page of 25), newest first", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const state = vaccinationsPageStateSchema.parse(await load(aino, 'records.vaccinations'));
    assert.ok(state.vaccinations.length > 25, `${state.vaccinations.length} vaccinations`);
    const stored = await t.app.db.select({ id: vaccinations.id }).from(vaccinations).where(eq(vaccinations.personId, aino.personId));
    assert.deepEqual(state.vaccinations.map((v) => Number(v.id)).sort((a, b) => a - b), stored.map((v) => v.id).sort((a, b) => a - b));
    assert.ok(isNewestFirst(state.vaccinations.map((v) => v.date)));
    assert.deepEqual(state.vaccinations[0], {
      ...state.vaccinations[0],
      vaccineName: 'Influvac Tetra',
      dose: '0,5 ml',
      practitionerName: 'Tiina Mattila',
      effectiveUntil: null,
    });
    assert.ok(state.vaccinations.some((v) => v.practitionerName === null), 'some were given elsewhere');
    assert.ok(state.vaccinations.some((v) => v.vaccineName === 'Boostrix (dTpa)' && v.effectiveUntil !== null), 'a booster date');
    const audit = await lastAudit(aino.personId, 'records.vaccinations');
    assert.equal(audit?.subjectPersonId, aino.personId);
  });

  it("a guardian acting for Ella reads Ella's, on her own she reads her own (none)", async () => {
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const asGuardian = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const ellas = vaccinationsPageStateSchema.parse(await load(asGuardian, 'records.vaccinations'));
    const stored = await t.app.db.select({ id: vaccinations.id }).from(vaccinations).where(eq(vaccinations.personId, ellaId));
    assert.equal(ellas.vaccinations.length, stored.length);
    assert.ok(ellas.vaccinations.length >= 2);
    assert.equal((await lastAudit(asGuardian.personId, 'records.vaccinations'))?.subjectPersonId, ellaId);

    const herself = await signIn(t.app, PERSONAS.leena);
    assert.deepEqual(vaccinationsPageStateSchema.parse(await load(herself, 'records.vaccinations')), { vaccinations: [] });
  });

  it('Mikko sees none of Aino\'s, at every language path', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.deepEqual(vaccinationsPageStateSchema.parse(await load(mikko, 'records.vaccinations')), { vaccinations: [] });
    for (const path of ['/fi/rokotukset', '/sv/vaccinationer', '/en/vaccinations']) {
      const res = await t.app.inject({ url: path, headers: mikko.headers });
      assert.equal(res.statusCode, 200, path);
      assert.equal(initialStateOf(res).page?.routeId, 'records.vaccinations');
    }
    assert.equal((await t.app.inject({ url: '/api/pages/records.vaccinations?lang=fi' })).statusCode, 401);
  });
});
