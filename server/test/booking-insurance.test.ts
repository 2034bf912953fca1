import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  conceptInsertResponseSchema,
  lahiTapiolaPermitsResponseSchema,
  lahiTapiolaPolicyCheckResponseSchema,
  pohjolaCheckResponseSchema,
  validationErrorSchema,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { patientConcepts } from '../src/modules/booking/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday, isoWeekday } from '@portal/shared-i18n';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The insurance checks and the concept service over HTTP (spec part 2 §4 "Insurance checks", §5
 * "Age rule", §7 the insurance and concept calls), answered by the built-in test doubles per persona
 * (docs/product-decisions.md, "Values"): Mikko is insured everywhere, Ella has a LähiTapiola policy without a
 * permit (with her guardian acting), anyone else is not found.
 */

let t: TestApp;
let mikko: SignedInCaller;
let leena: SignedInCaller;
let leenaForElla: SignedInCaller;
let ellaAlone: SignedInCaller;
let aino: SignedInCaller;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  leena = await signIn(t.app, PERSONAS.leena);
  leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
  ellaAlone = await signIn(t.app, PERSONAS.ella);
  aino = await signIn(t.app, PERSONAS.aino);
});
after(async () => t?.close());

const get = (url: string, caller: SignedInCaller | null) => t.app.inject({ url, ...(caller ? { headers: caller.headers } : {}) });
const postConcept = (caller: SignedInCaller | null, payload: unknown, csrf = true) =>
  t.app.inject({
    method: 'POST',
    url: `/api/concepts${csrf && caller ? `?csrfToken=${encodeURIComponent(caller.csrfToken)}` : ''}`,
    ...(caller ? { headers: caller.headers } : {}),
    payload: payload as object,
  });

/** The next date (from today on) with the given ISO weekday. */
function nextWeekday(weekday: number): string {
  let date = helsinkiToday();
  while (isoWeekday(date) !== weekday) date = addDays(date, 1);
  return date;
}

const conceptsOf = async (identityCode: string) =>
  t.app.db.select().from(patientConcepts).where(eq(patientConcepts.personId, await personIdOf(t.app, identityCode)));

describe('insurance calls need a session (§6)', () => {
  for (const url of [
    `/api/insurance/pohjola-check/${nextWeekday(1)}`,
    '/api/insurance/lahitapiola-policy-check',
    '/api/insurance/lahitapiola-direct-compensation-permits/fi',
    '/api/insurance/lahitapiola-apply-permit?redirectTo=%2Ffi%2Fvakuutus%2Fvapaat-ajat%2F1',
  ]) {
    it(`GET ${url.split('?')[0]} answers 401 without one`, async () => {
      assert.equal((await get(url, null)).statusCode, 401);
    });
  }
  it('POST /api/concepts answers 401 without one', async () => {
    assert.equal((await postConcept(null, { code: '90157' })).statusCode, 401);
  });
});

describe('GET /api/insurance/pohjola-check/{date} (§4 Pohjola check states)', () => {
  it('Mikko has a Pohjola policy (found) and the read is audited', async () => {
    const date = nextWeekday(2);
    const response = await get(`/api/insurance/pohjola-check/${date}`, mikko);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(pohjolaCheckResponseSchema.parse(response.json()), { hasInsurance: true });
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, mikko.personId), eq(auditLog.action, 'booking.insurance.pohjola-check')));
    assert.ok(audits.some((row) => (row.details as { date?: string } | null)?.date === date));
  });

  it('anyone else is not found', async () => {
    const response = await get(`/api/insurance/pohjola-check/${nextWeekday(4)}`, leena);
    assert.deepEqual(response.json(), { hasInsurance: false });
  });

  it('an appointment on a Wednesday reaches the error state (Pohjola does not answer: 502)', async () => {
    const response = await get(`/api/insurance/pohjola-check/${nextWeekday(3)}`, mikko);
    assert.equal(response.statusCode, 502);
  });

  for (const bad of ['2026-13-01', '24.11.2026', 'tomorrow']) {
    it(`a bad date (${bad}) answers 400 at path date`, async () => {
      const response = await get(`/api/insurance/pohjola-check/${encodeURIComponent(bad)}`, mikko);
      assert.equal(response.statusCode, 400);
      assert.ok(validationErrorSchema.parse(response.json()).details.some((d) => d.path === 'date'));
    });
  }
});

describe('GET /api/insurance/lahitapiola-policy-check (§4, §5 Age rule)', () => {
  const policyOf = async (caller: SignedInCaller) => lahiTapiolaPolicyCheckResponseSchema.parse((await get('/api/insurance/lahitapiola-policy-check', caller)).json());

  it('Mikko has a healthcare policy', async () => {
    assert.deepEqual(await policyOf(mikko), { type: 'success', hasHealthcarePolicy: true });
  });
  it('Leena has none (insurance not found)', async () => {
    assert.deepEqual(await policyOf(leena), { type: 'success', hasHealthcarePolicy: false });
  });
  it('a guardian acting for Ella asks for Ella, who has a policy', async () => {
    assert.deepEqual(await policyOf(leenaForElla), { type: 'success', hasHealthcarePolicy: true });
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'booking.insurance.lahitapiola-policy-check'));
    assert.ok(audits.some((row) => row.actorPersonId === leenaForElla.personId && row.subjectPersonId !== leenaForElla.personId));
  });
  it('Ella on her own, under 18 without a guardian, is an underage customer', async () => {
    assert.equal((await policyOf(ellaAlone)).type, 'underageCustomer');
  });
});

describe('GET /api/insurance/lahitapiola-direct-compensation-permits/{lang}', () => {
  const permitsOf = async (caller: SignedInCaller, lang: string) =>
    lahiTapiolaPermitsResponseSchema.parse((await get(`/api/insurance/lahitapiola-direct-compensation-permits/${lang}`, caller)).json());

  it('Mikko has one permit, its texts in the asked language and validTo yyyy-MM-dd in the future', async () => {
    const fi = await permitsOf(mikko, 'fi');
    const sv = await permitsOf(mikko, 'sv');
    assert.equal(fi.type, 'success');
    assert.equal(fi.directCompensationPermits.length, 1);
    const [permitFi] = fi.directCompensationPermits;
    const [permitSv] = sv.directCompensationPermits;
    assert.equal(permitFi!.bodyPart, 'Oikea polvi');
    assert.equal(permitSv!.bodyPart, 'Höger knä');
    assert.equal(permitFi!.contentHash, permitSv!.contentHash, 'the same permit whatever the language');
    assert.ok(permitFi!.validTo > helsinkiToday());
  });
  it('Ella (with her guardian) has a policy but no permits', async () => {
    assert.deepEqual(await permitsOf(leenaForElla, 'fi'), { type: 'success', directCompensationPermits: [] });
  });
  it('Leena has none', async () => {
    assert.deepEqual((await permitsOf(leena, 'en')).directCompensationPermits, []);
  });
  it('Ella on her own is an underage customer', async () => {
    assert.equal((await permitsOf(ellaAlone, 'fi')).type, 'underageCustomer');
  });
  it('an unknown language answers 400 at path lang', async () => {
    const response = await get('/api/insurance/lahitapiola-direct-compensation-permits/de', mikko);
    assert.equal(response.statusCode, 400);
    assert.ok(validationErrorSchema.parse(response.json()).details.some((d) => d.path === 'lang'));
  });
});

describe('GET /api/insurance/lahitapiola-apply-permit?redirectTo= (§7; no open redirect)', () => {
  const apply = (redirectTo: string) => get(`/api/insurance/lahitapiola-apply-permit?redirectTo=${encodeURIComponent(redirectTo)}`, mikko);

  it("goes to the insurer, whose page returns to the portal's own page with each status", async () => {
    const response = await apply('/sv/forsakring/lediga-tider/42');
    assert.equal(response.statusCode, 302);
    const insurer = new URL(response.headers.location as string, 'http://portal.invalid');
    assert.equal(insurer.searchParams.get('redirectTo'), '/sv/forsakring/lediga-tider/42');
    const page = await t.app.inject({ url: `${insurer.pathname}${insurer.search}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /<html lang="sv">/);
    for (const status of ['directcompensationallowed', 'directcompensationdenied', 'cancel', 'error']) {
      assert.ok(page.body.includes(`href="/sv/forsakring/lediga-tider/42?status=${status}"`), status);
    }
  });

  it("an absolute address on the portal's own origin is reduced to its path", async () => {
    const response = await apply(`${t.config.publicUrl}/fi/vakuutus/vapaat-ajat/7`);
    assert.equal(response.statusCode, 302);
    assert.equal(new URL(response.headers.location as string, 'http://x').searchParams.get('redirectTo'), '/fi/vakuutus/vapaat-ajat/7');
  });

  for (const evil of ['https://evil.example/fi', '//evil.example/fi', '/\\evil.example', 'javascript:alert(1)', '/./%2F/evil.example']) {
    it(`refuses ${evil} with 400 at path redirectTo`, async () => {
      const response = await apply(evil);
      if (response.statusCode === 302) {
        // a path the parser normalised must still stay on this origin
        const target = new URL(response.headers.location as string, 'http://portal.invalid').searchParams.get('redirectTo')!;
        assert.ok(target.startsWith('/') && !target.startsWith('//'), target);
        return;
      }
      assert.equal(response.statusCode, 400);
      assert.ok(validationErrorSchema.parse(response.json()).details.some((d) => d.path === 'redirectTo'));
    });
  }

  it('the insurer page refuses another site too', async () => {
    const response = await t.app.inject({ url: '/api/insurance/lahitapiola-demo-insurer?redirectTo=https%3A%2F%2Fevil.example%2F' });
    assert.equal(response.statusCode, 400);
  });
});

describe('POST /api/concepts (§4 concept insertion)', () => {
  it('Mikko has the seeded If pay concept without direct reimbursement', async () => {
    const rows = await conceptsOf(PERSONAS.mikko);
    assert.deepEqual(
      rows.map((r) => [r.code, r.directReimbursementAllowed]),
      [['758236', false]],
    );
  });

  it("inserts If's use code once, with direct reimbursement for Mikko, however often it is called", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await postConcept(mikko, { code: '90157' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(conceptInsertResponseSchema.parse(response.json()), { type: 'success' });
    }
    const rows = (await conceptsOf(PERSONAS.mikko)).filter((r) => r.code === '90157');
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.directReimbursementAllowed, true);
  });

  it("a guardian acting for Ella inserts into Ella's concepts", async () => {
    assert.deepEqual((await postConcept(leenaForElla, { code: '999503' })).json(), { type: 'success' });
    assert.deepEqual(
      (await conceptsOf(PERSONAS.ella)).map((r) => r.code),
      ['999503'],
    );
    assert.equal((await conceptsOf(PERSONAS.leena)).length, 0);
  });

  it('the concept service refuses Aino: type error and nothing stored', async () => {
    assert.deepEqual((await postConcept(aino, { code: '758236' })).json(), { type: 'error' });
    assert.equal((await conceptsOf(PERSONAS.aino)).length, 0);
  });

  it('without the csrfToken: 403 and nothing stored', async () => {
    assert.equal((await postConcept(leena, { code: '758236' }, false)).statusCode, 403);
    assert.equal((await conceptsOf(PERSONAS.leena)).length, 0);
  });

  for (const [payload, path] of [
    [{ code: '12345' }, 'code'],
    [{ code: 90157 }, 'code'],
    [{}, 'code'],
    [{ code: '90157', extra: true }, 'extra'],
  ] as const) {
    it(`${JSON.stringify(payload)} answers 400 at path ${path} and stores nothing`, async () => {
      const response = await postConcept(leena, payload);
      assert.equal(response.statusCode, 400);
      assert.ok(validationErrorSchema.parse(response.json()).details.some((d) => d.path === path), response.body);
      assert.equal((await conceptsOf(PERSONAS.leena)).length, 0);
    });
  }
});
