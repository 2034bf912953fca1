import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, count, desc, eq } from 'drizzle-orm';
import {
  composeRenewalMessage,
  MessagingThreadForCustomerDocument,
  pageStateSchema,
  prescriptionRenewalPageStateSchema,
  prescriptionsPageStateSchema,
  renewalResponseSchema,
  validationErrorSchema,
  type MessagingThreadForCustomerQuery,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { messagingMessages, messagingThreadParticipants, messagingThreads, messagingUsers } from '../src/modules/messaging/schema';
import { prescriptions } from '../src/modules/records/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Prescriptions and their renewal over HTTP against the seeded demo world (spec part 1 §2, §4, §5,
 * §8, §9): the list page's state, the renewal page's state (only the patient's own renewable
 * prescriptions, never a form for anybody else's), and POST /api/prescription-renewals, which
 * writes the Finnish renewal thread to the care team.
 */

let t: TestApp;
let mikkoId: string;
let ainoId: string;
/** Mikko's prescriptions by medicine name */
const mikkos = new Map<string, { id: string; isRenewable: boolean }>();
let ainosAerius: string;

before(async () => {
  t = await createTestApp();
  mikkoId = await personIdOf(t.app, PERSONAS.mikko);
  ainoId = await personIdOf(t.app, PERSONAS.aino);
  for (const row of await t.app.db.select().from(prescriptions).where(eq(prescriptions.personId, mikkoId))) {
    mikkos.set(row.medicineName, { id: String(row.id), isRenewable: row.isRenewable });
  }
  const [aerius] = await t.app.db.select({ id: prescriptions.id }).from(prescriptions).where(eq(prescriptions.personId, ainoId));
  assert.ok(aerius, "Aino's prescription");
  ainosAerius = String(aerius.id);
});
after(async () => t?.close());

const idOf = (name: string) => {
  const found = mikkos.get(name);
  assert.ok(found, `Mikko's ${name}`);
  return found.id;
};

async function pageState(caller: SignedInCaller | null, routeId: string, query: string) {
  return t.app.inject({ url: `/api/pages/${routeId}?lang=fi${query}`, ...(caller ? { headers: caller.headers } : {}) });
}

async function threadCount(): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(messagingThreads);
  return row?.n ?? 0;
}

function answers(usedAsInstructed: 'yes' | 'no' = 'yes', sideEffects: 'yes' | 'no' = 'no') {
  return {
    usedAsInstructed: usedAsInstructed === 'no' ? { answer: 'no', additional: 'Otan vain tarvittaessa.' } : { answer: 'yes' },
    sideEffects: sideEffects === 'yes' ? { answer: 'yes', additional: 'Närästystä.' } : { answer: 'no' },
  };
}

function renewalBody(ids: string[]) {
  return {
    general: { healthChanged: { answer: 'yes', additional: 'Aloitin verenpainelääkityksen.\nPaino laskenut.' } },
    prescriptions: ids.map((id, index) => ({ id, reason: `Lääke loppuu (${index + 1}).`, answers: index === 0 ? answers() : answers('no', 'yes') })),
  };
}

async function postRenewal(caller: SignedInCaller | null, body: unknown, options: { csrfToken?: string | null; app?: TestApp } = {}) {
  const target = options.app ?? t;
  const csrfToken = options.csrfToken === undefined ? caller?.csrfToken : options.csrfToken;
  return target.app.inject({
    method: 'POST',
    url: `/api/prescription-renewals${csrfToken ? `?csrfToken=${encodeURIComponent(csrfToken)}` : ''}`,
    ...(caller ? { headers: caller.headers } : {}),
    payload: body as object,
  });
}

describe('records.prescriptions: the list page state', () => {
  it("has every prescription field of spec §3, Mikko's own only, renewable and not", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await pageState(mikko, 'records.prescriptions', '');
    assert.equal(res.statusCode, 200);
    const state = prescriptionsPageStateSchema.parse(pageStateSchema.parse(res.json()).state);
    assert.equal(state.prescriptions.length, 5);
    assert.deepEqual(
      state.prescriptions.filter((p) => p.isRenewable).map((p) => p.medicineName).sort(),
      ['Burana', 'Thyroxin', 'Ventoline Evohaler'],
    );
    assert.deepEqual(state.prescriptions.filter((p) => !p.isRenewable).map((p) => p.medicineName).sort(), ['Amoxin', 'Panacod']);
    const thyroxin = state.prescriptions.find((p) => p.medicineName === 'Thyroxin');
    assert.deepEqual(thyroxin && { ...thyroxin, id: 'x', issuedDate: 'x' }, {
      id: 'x',
      medicineName: 'Thyroxin',
      strength: '100 mikrog',
      issuedDate: 'x',
      isRenewable: true,
      medicineType: 'tabletti',
      packageUnit: 'kpl',
      packageSize: 100,
      packageCount: 1,
      treatmentLength: 1,
      treatmentLengthUnit: 'year',
      totalAmount: '1 pakkaus',
      dosageGuide: '1 tabletti aamulla tyhjään mahaan',
      usageGuide: 'Kilpirauhasen vajaatoimintaan',
    });
    // newest first
    const dates = state.prescriptions.map((p) => p.issuedDate);
    assert.deepEqual([...dates].sort().reverse(), dates);
  });

  it("Aino sees her one prescription, which cannot be renewed, and none of Mikko's", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const res = await pageState(aino, 'records.prescriptions', '');
    const state = prescriptionsPageStateSchema.parse(res.json().state);
    assert.deepEqual(state.prescriptions.map((p) => [p.medicineName, p.isRenewable]), [['Aerius', false]]);
  });

  it('answers 401 without a session', async () => {
    assert.equal((await pageState(null, 'records.prescriptions', '')).statusCode, 401);
  });
});

describe('records.prescription-renewal: the page state', () => {
  it('has the chosen prescriptions in the order asked, the patient and their messaging user; the read is audited', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const ids = [idOf('Burana'), idOf('Thyroxin')];
    const res = await pageState(mikko, 'records.prescription-renewal', `&ids=${ids.join(',')}`);
    assert.equal(res.statusCode, 200, res.body);
    const state = prescriptionRenewalPageStateSchema.parse(res.json().state);
    assert.equal(state.status, 'ok');
    if (state.status !== 'ok') return;
    assert.deepEqual(state.prescriptions.map((p) => [p.id, p.medicineName, p.strength]), [
      [ids[0], 'Burana', '400 mg'],
      [ids[1], 'Thyroxin', '100 mikrog'],
    ]);
    assert.deepEqual(state.user, { firstName: 'Mikko', lastName: 'Virtanen' });
    const [customerUser] = await t.app.db
      .select({ id: messagingUsers.id })
      .from(messagingUsers)
      .where(and(eq(messagingUsers.personId, mikkoId), eq(messagingUsers.userType, 'CustomerUser')));
    assert.equal(state.customerMessagingUserId, String(customerUser?.id));

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorPersonId, mikkoId), eq(auditLog.action, 'records.prescription-renewal')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    assert.equal(audit?.subjectPersonId, mikkoId);
  });

  it("is not-renewable (404) for another patient's id, naming nothing of theirs", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await pageState(mikko, 'records.prescription-renewal', `&ids=${idOf('Thyroxin')},${ainosAerius}`);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(prescriptionRenewalPageStateSchema.parse(res.json().state), { status: 'not-renewable' });
    assert.doesNotMatch(res.body, /Aerius|Thyroxin/);
  });

  it('is not-renewable for an own prescription that cannot be renewed, an unknown id and an id too large for the database', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const ids of [idOf('Amoxin'), `${idOf('Burana')},${idOf('Panacod')}`, '999999', '99999999999', '0']) {
      const res = await pageState(mikko, 'records.prescription-renewal', `&ids=${ids}`);
      assert.equal(res.statusCode, 404, `${ids}: ${res.body}`);
      assert.deepEqual(res.json().state, { status: 'not-renewable' }, ids);
    }
  });

  it('refuses ids that are not comma-separated numbers (400), and asks for a session (401)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const ids of ['a', '1,,2', '1,', '']) {
      const res = await pageState(mikko, 'records.prescription-renewal', `&ids=${encodeURIComponent(ids)}`);
      assert.equal(res.statusCode, 400, ids);
      assert.equal(validationErrorSchema.parse(res.json()).details[0]?.path, 'ids');
    }
    assert.equal((await pageState(null, 'records.prescription-renewal', `&ids=${idOf('Thyroxin')}`)).statusCode, 401);
  });

  it("embeds the state in the page: Aino's id on Mikko's renewal page answers 404 not-renewable", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const own = await t.app.inject({ url: `/fi/reseptin-uusinta/${idOf('Thyroxin')},${idOf('Ventoline Evohaler')}`, headers: mikko.headers });
    assert.equal(own.statusCode, 200);
    const ownState = prescriptionRenewalPageStateSchema.parse(initialStateOf(own).page?.state);
    assert.equal(ownState.status === 'ok' && ownState.prescriptions.length, 2);

    const page = await t.app.inject({ url: `/sv/receptfornyelse/${ainosAerius}`, headers: mikko.headers });
    assert.equal(page.statusCode, 404);
    const state = initialStateOf(page);
    assert.equal(state.page?.routeId, 'records.prescription-renewal');
    assert.deepEqual(state.page?.state, { status: 'not-renewable' });
    assert.doesNotMatch(page.body, /Aerius/);
  });
});

describe('POST /api/prescription-renewals', () => {
  it('creates a customer thread to the care team with the fixed Finnish title and the Finnish body, in one go', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const ids = [idOf('Thyroxin'), idOf('Burana')];
    const before = await threadCount();
    const res = await postRenewal(mikko, renewalBody(ids));
    assert.equal(res.statusCode, 200, res.body);
    const { threadId } = renewalResponseSchema.parse(res.json());
    assert.equal(await threadCount(), before + 1);

    const [thread] = await t.app.db.select().from(messagingThreads).where(eq(messagingThreads.id, Number(threadId)));
    assert.ok(thread);
    assert.equal(thread.title, 'Reseptin uusintapyyntö');
    assert.equal(thread.threadType, 'customer');
    const participants = await t.app.db
      .select({ userType: messagingUsers.userType, personId: messagingUsers.personId, isTeam: messagingUsers.isTeamRecipient, firstName: messagingUsers.firstName })
      .from(messagingThreadParticipants)
      .innerJoin(messagingUsers, eq(messagingUsers.id, messagingThreadParticipants.userId))
      .where(eq(messagingThreadParticipants.threadId, thread.id));
    assert.deepEqual(
      participants.map((p) => [p.userType, p.personId === mikkoId, p.isTeam, p.firstName]).sort(),
      [
        ['CustomerUser', true, false, 'Mikko'],
        ['ProfessionalUser', false, true, 'Terveystiimi'],
      ],
    );
    const messages = await t.app.db.select().from(messagingMessages).where(eq(messagingMessages.threadId, thread.id));
    assert.equal(messages.length, 1);
    const expected = [
      'Yleiset kysymykset',
      'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?',
      'Vastaus: kyllä',
      'Kerro muutoksista',
      'Vastaus: Aloitin verenpainelääkityksen.\nPaino laskenut.',
      '',
      'Lääke 1: Thyroxin 100 mikrog',
      'Miksi tarvitset uusinnan?',
      'Vastaus: Lääke loppuu (1).',
      'Käytätkö lääkettä ohjeen mukaan?',
      'Vastaus: kyllä',
      'Onko lääkkeestä ollut haittavaikutuksia?',
      'Vastaus: ei',
      '',
      'Lääke 2: Burana 400 mg',
      'Miksi tarvitset uusinnan?',
      'Vastaus: Lääke loppuu (2).',
      'Käytätkö lääkettä ohjeen mukaan?',
      'Vastaus: ei',
      'Miten käytät lääkettä?',
      'Vastaus: Otan vain tarvittaessa.',
      'Onko lääkkeestä ollut haittavaikutuksia?',
      'Vastaus: kyllä',
      'Millaisia haittavaikutuksia?',
      'Vastaus: Närästystä.',
    ].join('\n');
    assert.equal(messages[0]?.content, expected);
    // the same text shared-api composes (the one function that writes it)
    assert.equal(
      composeRenewalMessage({
        general: { healthChanged: { answer: 'yes', additional: 'Aloitin verenpainelääkityksen.\nPaino laskenut.' } },
        medicines: [
          { medicineName: 'Thyroxin', strength: '100 mikrog', reason: 'Lääke loppuu (1).', answers: answers() },
          { medicineName: 'Burana', strength: '400 mg', reason: 'Lääke loppuu (2).', answers: answers('no', 'yes') },
        ],
      } as Parameters<typeof composeRenewalMessage>[0]),
      expected,
    );

    // the patient reads it as their own conversation through the messaging API, already read by them
    const gql = await t.app.inject({
      method: 'POST',
      url: `/api/customer-messaging?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
      headers: { ...mikko.headers, accept: 'application/graphql-response+json, application/json' },
      payload: { query: MessagingThreadForCustomerDocument.toString(), variables: { id: threadId } },
    });
    const data = (gql.json() as { data?: MessagingThreadForCustomerQuery }).data?.messagingThreadForCustomer;
    assert.equal(data?.title, 'Reseptin uusintapyyntö', gql.body);
    assert.equal(data?.isRead, true);
    assert.equal(data?.messages.paginatedMessages[0]?.content, expected);
    assert.equal(data?.messages.paginatedMessages[0]?.author?.__typename, 'CustomerUser');

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorPersonId, mikkoId), eq(auditLog.action, 'records.prescription-renewal.send')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    assert.deepEqual(audit?.details, { prescriptionIds: ids });
  });

  it("refuses another patient's prescription in the body (400 with its path) and creates no thread", async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await threadCount();
    const res = await postRenewal(mikko, renewalBody([idOf('Thyroxin'), ainosAerius]));
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(validationErrorSchema.parse(res.json()).details, [{ path: 'prescriptions.1.id', message: 'Not a prescription you can renew' }]);
    assert.doesNotMatch(res.body, /Aerius/);
    assert.equal(await threadCount(), before);
  });

  it('refuses an own prescription that cannot be renewed and an unknown id, with their paths', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await threadCount();
    const res = await postRenewal(mikko, renewalBody([idOf('Amoxin'), idOf('Burana'), '2147483647']));
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      validationErrorSchema.parse(res.json()).details.map((d) => d.path),
      ['prescriptions.0.id', 'prescriptions.2.id'],
    );
    assert.equal(await threadCount(), before);
  });

  it('answers every bad input with 400 and its field paths, never 500', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await threadCount();
    const cases: Array<[unknown, string[]]> = [
      [{}, ['general', 'prescriptions']],
      [
        {
          general: { healthChanged: { answer: 'yes' } },
          prescriptions: [{ id: idOf('Thyroxin'), reason: '   ', answers: { usedAsInstructed: { answer: 'no' }, sideEffects: { answer: 'maybe' } } }],
        },
        [
          'general.healthChanged.additional',
          'prescriptions.0.reason',
          'prescriptions.0.answers.usedAsInstructed.additional',
          'prescriptions.0.answers.sideEffects.answer',
        ],
      ],
      [{ ...renewalBody([idOf('Thyroxin'), idOf('Thyroxin')]) }, ['prescriptions.1.id']],
      [{ ...renewalBody([]) }, ['prescriptions']],
      [{ ...renewalBody(['1e3']) }, ['prescriptions.0.id']],
      [{ general: { healthChanged: { answer: 'no', additional: 'not asked' } }, prescriptions: renewalBody([idOf('Thyroxin')]).prescriptions }, ['general.healthChanged.additional']],
    ];
    for (const [body, paths] of cases) {
      const res = await postRenewal(mikko, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path).sort(), [...paths].sort(), JSON.stringify(body));
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/prescription-renewals?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
      headers: { ...mikko.headers, 'content-type': 'application/json' },
      payload: '{"general":',
    });
    assert.equal(notJson.statusCode, 400);
    assert.equal(validationErrorSchema.parse(notJson.json()).type, 'ValidationError');
    assert.equal(await threadCount(), before);
  });

  it('needs a session (401) and the csrfToken (403)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await threadCount();
    assert.equal((await postRenewal(null, renewalBody([idOf('Thyroxin')]), { csrfToken: null })).statusCode, 401);
    const noToken = await postRenewal(mikko, renewalBody([idOf('Thyroxin')]), { csrfToken: null });
    assert.equal(noToken.statusCode, 403);
    assert.equal(noToken.json().type, 'CsrfTokenInvalid');
    assert.equal((await postRenewal(mikko, renewalBody([idOf('Thyroxin')]), { csrfToken: 'wrong' })).statusCode, 403);
    assert.equal(await threadCount(), before);
  });

  it("a guardian acting for a child cannot renew the guardian's or anyone else's prescriptions", async () => {
    const leena = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const before = await threadCount();
    const res = await postRenewal(leena, renewalBody([idOf('Thyroxin')]));
    assert.equal(res.statusCode, 400);
    assert.equal(await threadCount(), before);
  });
});

describe('renewal while messaging is in maintenance (spec §8)', () => {
  let maintenance: TestApp;
  before(async () => {
    maintenance = await createTestApp({ MESSAGING_STATUS: 'maintenance-mode' });
  });
  after(async () => maintenance?.close());

  it('the page state is maintenance-mode, and sending answers 503 MaintenanceMode without a thread', async () => {
    const mikko = await signIn(maintenance.app, PERSONAS.mikko);
    const [thyroxin] = await maintenance.app.db
      .select({ id: prescriptions.id })
      .from(prescriptions)
      .where(and(eq(prescriptions.personId, mikko.personId), eq(prescriptions.medicineName, 'Thyroxin')));
    assert.ok(thyroxin);
    const page = await maintenance.app.inject({ url: `/api/pages/records.prescription-renewal?lang=fi&ids=${thyroxin.id}`, headers: mikko.headers });
    assert.equal(page.statusCode, 200);
    assert.deepEqual(page.json().state, { status: 'maintenance-mode' });

    const [{ n: before } = { n: 0 }] = await maintenance.app.db.select({ n: count() }).from(messagingThreads);
    const res = await postRenewal(mikko, renewalBody([String(thyroxin.id)]), { app: maintenance });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().type, 'MaintenanceMode');
    const [{ n: afterwards } = { n: 0 }] = await maintenance.app.db.select({ n: count() }).from(messagingThreads);
    assert.equal(afterwards, before);
  });

  it('the prescriptions list and the front page say so, so that neither offers a dead end', async () => {
    const mikko = await signIn(maintenance.app, PERSONAS.mikko);
    const list = await maintenance.app.inject({ url: '/api/pages/records.prescriptions?lang=en', headers: mikko.headers });
    assert.equal(list.statusCode, 200);
    assert.equal(list.json().state.renewalMaintenance, true);
    const front = await maintenance.app.inject({ url: '/api/pages/front-page?lang=en', headers: mikko.headers });
    assert.equal(front.statusCode, 200);
    assert.equal(front.json().state.summaries['mf-messaging'].maintenance, true);
  });
});

describe('renewal with the prescription-renewal feature off', () => {
  let off: TestApp;
  before(async () => {
    off = await createTestApp({ FEATURES: '-prescription-renewal' });
  });
  after(async () => off?.close());

  it('has no renewal page and no renewal call (404)', async () => {
    const mikko = await signIn(off.app, PERSONAS.mikko);
    const page = await off.app.inject({ url: '/api/pages/records.prescription-renewal?lang=fi&ids=1', headers: mikko.headers });
    assert.equal(page.statusCode, 404);
    const html = await off.app.inject({ url: '/fi/reseptin-uusinta/1', headers: mikko.headers });
    assert.equal(html.statusCode, 404);
    const res = await postRenewal(mikko, renewalBody(['1']), { app: off });
    assert.equal(res.statusCode, 404);
    // the list page is there, without renewal
    const list = await off.app.inject({ url: '/api/pages/records.prescriptions?lang=fi', headers: mikko.headers });
    assert.equal(list.statusCode, 200);
  });
});
