import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  AnswerQuestionnaireDocument,
  fhirQuestionnaireSchema,
  pageStateSchema,
  questionnairePageStateSchema,
  questionnairesPageStateSchema,
  type QuestionnairePageState,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { checkQuestionnaireAnswers } from '../src/modules/records/questionnaires-answers';
import { loadQuestionnairesStatus, QuestionnairesConfigError } from '../src/modules/records/config';
import { questionnaireInvitations } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Questionnaires over HTTP against the seeded demo world: the seeded FHIR R4 forms and answers, the
 * list and questionnaire page loaders (own data only, 404 state for anyone else's id, audited, a
 * guardian reads the child's), maintenance mode, and AnswerQuestionnaire refusing answers that do
 * not fit the form.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const LOINC = 'http://loinc.org';

async function invitationOf(identityCode: string, formId: string, answered: boolean) {
  const personId = await personIdOf(t.app, identityCode);
  const rows = await t.app.db
    .select()
    .from(questionnaireInvitations)
    .where(and(eq(questionnaireInvitations.personId, personId), eq(questionnaireInvitations.formId, formId)))
    .orderBy(desc(questionnaireInvitations.sentAt));
  const row = rows.find((r) => (r.answeredAt !== null) === answered);
  assert.ok(row, `${identityCode}: ${answered ? 'answered' : 'open'} ${formId}`);
  return row;
}

async function page(caller: SignedInCaller, routeId: string, query = '') {
  const res = await t.app.inject({ url: `/api/pages/${routeId}?lang=fi${query}`, headers: caller.headers });
  return { status: res.statusCode, body: res.json() as { state?: unknown } };
}

async function questionnairePage(caller: SignedInCaller, id: string | number): Promise<{ status: number; state: QuestionnairePageState }> {
  const res = await page(caller, 'records.questionnaire', `&id=${id}`);
  return { status: res.status, state: questionnairePageStateSchema.parse(pageStateSchema.parse(res.body).state) };
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

describe('seeded questionnaires', () => {
  it('every seeded form is a supported FHIR R4 Questionnaire and every stored answer fits its form', async () => {
    const rows = await t.app.db.select().from(questionnaireInvitations);
    assert.ok(rows.length >= 3);
    for (const row of rows) {
      const form = fhirQuestionnaireSchema.safeParse(row.form);
      assert.ok(form.success, `form ${row.formId}: ${form.success ? '' : form.error.message}`);
      if (row.answeredAt) assert.deepEqual(checkQuestionnaireAnswers(row.form, row.answers), { ok: true, response: row.answers }, `answers of ${row.id}`);
    }
  });

  it('Mikko has an open and an answered questionnaire; the open wellbeing one is the one his conversation links to', async () => {
    const open = await invitationOf(PERSONAS.mikko, 'wellbeing-v1', false);
    await invitationOf(PERSONAS.mikko, 'audit-c-v1', true);
    const mikkoId = await personIdOf(t.app, PERSONAS.mikko);
    const openOnes = await t.app.db
      .select({ id: questionnaireInvitations.id })
      .from(questionnaireInvitations)
      .where(and(eq(questionnaireInvitations.personId, mikkoId), eq(questionnaireInvitations.formId, 'wellbeing-v1'), isNull(questionnaireInvitations.answeredAt)));
    assert.deepEqual(openOnes, [{ id: open.id }]);
  });
});

describe('records.questionnaires', () => {
  it("lists the subject's open tasks and own answers, and audits the read", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await page(mikko, 'records.questionnaires');
    assert.equal(res.status, 200);
    const state = questionnairesPageStateSchema.parse(pageStateSchema.parse(res.body).state);
    assert.equal(state.status, 'ok');
    if (state.status !== 'ok') return;
    assert.deepEqual(state.open.map((q) => q.title), ['Hyvinvointikysely']);
    assert.deepEqual(state.answered.map((q) => q.title), ['Alkoholinkäyttö (AUDIT-C)', 'Hyvinvointikysely']);
    const ids = [...state.open, ...state.answered].map((q) => Number(q.id));
    const owners = await t.app.db.select({ personId: questionnaireInvitations.personId }).from(questionnaireInvitations);
    assert.ok(owners.length > 0);
    for (const id of ids) {
      const [row] = await t.app.db.select({ personId: questionnaireInvitations.personId }).from(questionnaireInvitations).where(eq(questionnaireInvitations.id, id));
      assert.equal(row?.personId, mikko.personId);
    }
    const audit = await lastAudit(mikko.personId, 'records.questionnaires');
    assert.equal(audit?.subjectPersonId, mikko.personId);
  });

  it('Aino has none of Mikko\'s, and a page needs a session', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const res = await page(aino, 'records.questionnaires');
    assert.deepEqual(pageStateSchema.parse(res.body).state, { status: 'ok', open: [], answered: [] });
    const anonymous = await t.app.inject({ url: '/api/pages/records.questionnaires?lang=fi' });
    assert.equal(anonymous.statusCode, 401);
  });
});

describe('records.questionnaire', () => {
  it('shows an open questionnaire with its form and no answers, and an answered one with its answers', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const open = await invitationOf(PERSONAS.mikko, 'wellbeing-v1', false);
    const own = await questionnairePage(mikko, open.id);
    assert.equal(own.status, 200);
    assert.equal(own.state.status, 'ok');
    if (own.state.status !== 'ok') return;
    assert.equal(own.state.invitation.id, String(open.id));
    assert.equal(own.state.invitation.title, 'Hyvinvointikysely');
    assert.equal(own.state.invitation.answeredAt, null);
    assert.equal(own.state.invitation.response, null);
    assert.deepEqual(
      own.state.invitation.questionnaire.item.map((item) => item.type),
      ['display', 'integer', 'group', 'boolean', 'text', 'date', 'string'],
    );

    const answered = await invitationOf(PERSONAS.mikko, 'audit-c-v1', true);
    const done = await questionnairePage(mikko, answered.id);
    assert.equal(done.state.status, 'ok');
    if (done.state.status !== 'ok') return;
    assert.ok(done.state.invitation.answeredAt);
    assert.deepEqual(done.state.invitation.response?.item?.map((item) => item.linkId), ['frequency', 'typicalAmount', 'sixOrMore']);

    const audit = await lastAudit(mikko.personId, 'records.questionnaire');
    assert.equal(audit?.subjectPersonId, mikko.personId);
    assert.deepEqual(audit?.details, { invitationId: String(answered.id) });
  });

  it("answers 404 not-found for another patient's invitation, an unknown id and an id out of range, also through the page", async () => {
    const open = await invitationOf(PERSONAS.mikko, 'wellbeing-v1', false);
    const aino = await signIn(t.app, PERSONAS.aino);
    for (const id of [open.id, 99_999_999, 0, '99999999999']) {
      const res = await questionnairePage(aino, id);
      assert.equal(res.status, 404, `id ${id}`);
      assert.deepEqual(res.state, { status: 'not-found' });
    }
    const text = JSON.stringify((await page(aino, 'records.questionnaire', `&id=${open.id}`)).body);
    assert.ok(!text.includes('Hyvinvointikysely'));
    // the same through the page: 404 with the not-found state embedded; a non-number is no such page
    const html = await t.app.inject({ url: `/en/questionnaires/${open.id}`, headers: aino.headers });
    assert.equal(html.statusCode, 404);
    assert.equal(initialStateOf(html).page?.routeId, 'records.questionnaire');
    assert.deepEqual(initialStateOf(html).page?.state, { status: 'not-found' });
    assert.equal((await page(aino, 'records.questionnaire', '&id=abc')).status, 400);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const fi = await t.app.inject({ url: `/fi/kyselyt/${open.id}`, headers: mikko.headers });
    const sv = await t.app.inject({ url: `/sv/rundfraga/${open.id}`, headers: mikko.headers });
    assert.deepEqual([fi.statusCode, sv.statusCode], [200, 200]);
    assert.equal(initialStateOf(fi).page?.routeId, 'records.questionnaire');
  });

  it("a guardian acting for a child reads the child's questionnaire, not without acting for her", async () => {
    const ellaId = await personIdOf(t.app, PERSONAS.ella);
    const form = { resourceType: 'Questionnaire', status: 'active', title: 'Lapsen esitiedot', item: [{ linkId: 'a', type: 'string', text: 'Allergiat' }] };
    const [row] = await t.app.db
      .insert(questionnaireInvitations)
      .values({ personId: ellaId, formId: 'child-v1', title: 'Lapsen esitiedot', form, sentAt: new Date() })
      .returning({ id: questionnaireInvitations.id });
    const asGuardian = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const res = await questionnairePage(asGuardian, row!.id);
    assert.equal(res.status, 200);
    assert.equal(res.state.status === 'ok' && res.state.invitation.title, 'Lapsen esitiedot');
    const audit = await lastAudit(asGuardian.personId, 'records.questionnaire');
    assert.equal(audit?.subjectPersonId, ellaId);
    const list = questionnairesPageStateSchema.parse((await page(asGuardian, 'records.questionnaires')).body.state);
    assert.deepEqual(list.status === 'ok' && list.open.map((q) => q.title), ['Lapsen esitiedot']);
    const asHerself = await signIn(t.app, PERSONAS.leena);
    assert.equal((await questionnairePage(asHerself, row!.id)).status, 404);
  });
});

describe('QUESTIONNAIRES_STATUS', () => {
  it('reads ok by default and maintenance-mode when set; any other value stops the start', () => {
    assert.equal(loadQuestionnairesStatus({}), 'ok');
    assert.equal(loadQuestionnairesStatus({ QUESTIONNAIRES_STATUS: '' }), 'ok');
    assert.equal(loadQuestionnairesStatus({ QUESTIONNAIRES_STATUS: 'maintenance-mode' }), 'maintenance-mode');
    assert.throws(() => loadQuestionnairesStatus({ QUESTIONNAIRES_STATUS: 'off' }), QuestionnairesConfigError);
  });

  it('maintenance-mode takes both pages offline without reading anything', async () => {
    let offline: TestApp | undefined;
    try {
      offline = await createTestApp({ QUESTIONNAIRES_STATUS: 'maintenance-mode' });
      const mikko = await signIn(offline.app, PERSONAS.mikko);
      const list = await offline.app.inject({ url: '/api/pages/records.questionnaires?lang=fi', headers: mikko.headers });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(list.json().state, { status: 'maintenance-mode' });
      const one = await offline.app.inject({ url: '/api/pages/records.questionnaire?lang=fi&id=1', headers: mikko.headers });
      assert.equal(one.statusCode, 200);
      assert.deepEqual(one.json().state, { status: 'maintenance-mode' });
      const audits = await offline.app.db.select().from(auditLog).where(and(eq(auditLog.actorPersonId, mikko.personId), eq(auditLog.action, 'records.questionnaires')));
      assert.equal(audits.length, 0);
      assert.equal((await offline.app.inject({ url: '/api/pages/records.questionnaires?lang=fi' })).statusCode, 401);
      // the form is hidden, and a direct AnswerQuestionnaire is refused too
      const answered = await offline.app.inject({
        method: 'POST',
        url: `/api/customer-messaging?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
        headers: { ...mikko.headers, accept: 'application/graphql-response+json, application/json' },
        payload: { query: AnswerQuestionnaireDocument.toString(), variables: { questionnaireInvitationId: '1', answers: JSON.stringify({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [] }) } },
      });
      assert.equal((answered.json() as { errors?: GqlError[] }).errors?.[0]?.extensions?.code, 'MAINTENANCE');
    } finally {
      await offline?.close();
    }
  });
});

// ── AnswerQuestionnaire refuses answers that do not fit the form ─────────────────────────────────────

interface GqlError {
  extensions?: { code?: string; details?: { path: string; message: string }[] };
}

async function answer(caller: SignedInCaller, invitationId: number | string, response: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/customer-messaging?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
    headers: { ...caller.headers, accept: 'application/graphql-response+json, application/json' },
    payload: { query: AnswerQuestionnaireDocument.toString(), variables: { questionnaireInvitationId: String(invitationId), answers: JSON.stringify(response) } },
  });
  return res.json() as { data?: { answerQuestionnaire?: { type: string; invitation: { id: string; answeredAt: string | null } } } | null; errors?: GqlError[] };
}

function refusedPaths(result: Awaited<ReturnType<typeof answer>>): string[] {
  const error = result.errors?.[0];
  assert.equal(error?.extensions?.code, 'BAD_USER_INPUT', JSON.stringify(result));
  return (error?.extensions?.details ?? []).map((d) => d.path);
}

const wellbeing = (item: unknown[], extra: Record<string, unknown> = {}) => ({ resourceType: 'QuestionnaireResponse', status: 'completed', ...extra, item });
const mood = (value: number) => ({ linkId: 'mood', answer: [{ valueInteger: value }] });

describe('answerQuestionnaire checks the answers against the FHIR form', () => {
  it('refuses answers that do not fit, with the linkId paths, and stores none of them', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const open = await invitationOf(PERSONAS.mikko, 'wellbeing-v1', false);
    const cases: Array<[string, unknown, string[]]> = [
      ['the required question unanswered', wellbeing([]), ['answers.mood']],
      ['an integer out of range', wellbeing([mood(11)]), ['answers.mood']],
      ['a text where an integer belongs', wellbeing([{ linkId: 'mood', answer: [{ valueString: '5' }] }]), ['answers.mood']],
      ['the enableWhen follow-up missing', wellbeing([mood(4), { linkId: 'sleepProblems', answer: [{ valueBoolean: true }] }]), ['answers.sleepDescription']],
      [
        'an answer to a disabled follow-up',
        wellbeing([mood(4), { linkId: 'sleepProblems', answer: [{ valueBoolean: false }] }, { linkId: 'sleepDescription', answer: [{ valueString: 'Heräilen.' }] }]),
        ['answers.sleepDescription'],
      ],
      [
        'a choice that is not an option',
        wellbeing([mood(4), { linkId: 'phq2', item: [{ linkId: 'interest', answer: [{ valueCoding: { system: LOINC, code: 'LA0000-0' } }] }] }]),
        ['answers.phq2.interest'],
      ],
      ['an unknown linkId', wellbeing([mood(4), { linkId: 'nonsense', answer: [{ valueString: 'x' }] }]), ['answers.nonsense']],
      ['a response that is not completed', { ...wellbeing([mood(4)]), status: 'in-progress' }, ['answers.status']],
      ['a response to another questionnaire', wellbeing([mood(4)], { questionnaire: 'Questionnaire/other' }), ['answers.questionnaire']],
      ['two values in one answer', wellbeing([{ linkId: 'mood', answer: [{ valueInteger: 4, valueString: '4' }] }]), ['answers.item.0.answer.0']],
    ];
    for (const [name, response, expected] of cases) {
      assert.deepEqual(refusedPaths(await answer(mikko, open.id, response)), expected, name);
    }
    const [stored] = await t.app.db.select().from(questionnaireInvitations).where(eq(questionnaireInvitations.id, open.id));
    assert.equal(stored?.answeredAt, null);
    assert.equal(stored?.answers, null);
  });

  it('stores answers that fit, normalized, and the page then shows them read-only', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const open = await invitationOf(PERSONAS.mikko, 'wellbeing-v1', false);
    const normalized = wellbeing(
      [
        mood(7),
        { linkId: 'phq2', item: [{ linkId: 'interest', answer: [{ valueCoding: { system: LOINC, code: 'LA6568-5', display: 'Ei lainkaan' } }] }] },
        { linkId: 'sleepProblems', answer: [{ valueBoolean: true }] },
        { linkId: 'sleepDescription', answer: [{ valueString: 'Nukahdan myöhään.' }] },
        { linkId: 'lastSickLeave', answer: [{ valueDate: '2026-01-12' }] },
      ],
      { questionnaire: 'https://fhir.patient-portal.example/Questionnaire/wellbeing-v1' },
    );
    // fields the portal does not know are dropped before storing
    const response = { ...normalized, id: 'client-side-id', meta: { tag: [] } };
    const result = await answer(mikko, open.id, response);
    assert.equal(result.errors, undefined, JSON.stringify(result));
    assert.equal(result.data?.answerQuestionnaire?.type, 'success');
    const [stored] = await t.app.db.select().from(questionnaireInvitations).where(eq(questionnaireInvitations.id, open.id));
    assert.ok(stored?.answeredAt);
    assert.deepEqual(stored?.answers, normalized);

    const shown = await questionnairePage(mikko, open.id);
    assert.equal(shown.state.status === 'ok' && shown.state.invitation.response?.item?.length, 5);
    assert.deepEqual(refusedPaths(await answer(mikko, open.id, response)), ['questionnaireInvitationId']);
  });
});
