import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, desc, eq } from 'drizzle-orm';
import {
  helpPageStateSchema,
  pikkutsattiPageStateSchema,
  sicknessFundPageStateSchema,
  teamPageStateSchema,
  type TeamPageState,
} from '@portal/shared-api';
import { loadAccountConfig } from '../src/modules/account/config';
import { occupationalTeamMembers } from '../src/modules/account/schema';
import { auditLog } from '../src/modules/audit/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, initialStateOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * The occupational health team, sickness fund, children's chat and help pages over HTTP (spec part 2
 * §2.2, §2.4, §3 Occupational info, §6, §8): their page loaders, as the embedded state and through
 * GET /api/pages/:routeId, on the seeded demo world.
 */

let t: TestApp;
let aino: SignedInCaller;
let mikko: SignedInCaller;
before(async () => {
  t = await createTestApp();
  aino = await signIn(t.app, PERSONAS.aino);
  mikko = await signIn(t.app, PERSONAS.mikko);
});
after(async () => t?.close());

async function page(app: TestApp, routeId: string, caller: SignedInCaller | null, lang = 'fi') {
  const res = await app.app.inject({ url: `/api/pages/${routeId}?lang=${lang}`, ...(caller ? { headers: caller.headers } : {}) });
  return { status: res.statusCode, state: res.statusCode === 200 ? (res.json() as { state: unknown }).state : null };
}

async function latestAudit(subjectPersonId: string) {
  const [row] = await t.app.db.select().from(auditLog).where(eq(auditLog.subjectPersonId, subjectPersonId)).orderBy(desc(auditLog.id)).limit(1);
  assert.ok(row, 'an audit row');
  return row;
}

const names = (members: Extract<TeamPageState, { status: 'ok' }>['responsibleDoctors']) => members.map((m) => [m.name, m.substituteName, m.substitutePeriod]);

describe('account.team', () => {
  it("Aino's team: employer, two doctors, two nurses, one with a substitute whose period includes today; the read is audited", async () => {
    const res = await page(t, 'account.team', aino);
    assert.equal(res.status, 200);
    const state = teamPageStateSchema.parse(res.state);
    assert.equal(state.status, 'ok');
    assert.ok(state.status === 'ok');
    assert.equal(state.employerName, 'Lentoyhtiö Esimerkki Oy');
    assert.deepEqual(names(state.responsibleDoctors), [
      ['Anna Lahtinen', null, null],
      ['Olli Rantanen', null, null],
    ]);
    const today = helsinkiToday();
    assert.deepEqual(names(state.responsibleNurses), [
      ['Kaisa Salo', 'Pekka Ojala', { from: addDays(today, -3), to: addDays(today, 11) }],
      ['Sari Heikkinen', null, null],
    ]);
    const period = state.responsibleNurses[0]?.substitutePeriod;
    assert.ok(period && period.from <= today && today <= period.to, 'the period includes today');
    const audit = await latestAudit(aino.personId);
    assert.deepEqual([audit.action, audit.actorPersonId], ['account.team', aino.personId]);
  });

  it('the page itself embeds the same state (first render without an API call)', async () => {
    const html = await t.app.inject({ url: '/en/occupational-health-care-team', headers: aino.headers });
    assert.equal(html.statusCode, 200);
    const embedded = initialStateOf(html).page;
    assert.equal(embedded?.routeId, 'account.team');
    assert.equal(teamPageStateSchema.parse(embedded?.state).status, 'ok');
  });

  it('a substitute whose period has ended is no longer shown', async () => {
    const [row] = await t.app.db.select().from(occupationalTeamMembers).where(and(eq(occupationalTeamMembers.personId, aino.personId), eq(occupationalTeamMembers.name, 'Kaisa Salo')));
    assert.ok(row);
    const today = helsinkiToday();
    try {
      await t.app.db.update(occupationalTeamMembers).set({ substituteFrom: addDays(today, -20), substituteTo: addDays(today, -1) }).where(eq(occupationalTeamMembers.id, row.id));
      const state = teamPageStateSchema.parse((await page(t, 'account.team', aino)).state);
      assert.ok(state.status === 'ok');
      assert.deepEqual(names(state.responsibleNurses)[0], ['Kaisa Salo', null, null]);
    } finally {
      await t.app.db.update(occupationalTeamMembers).set({ substituteFrom: row.substituteFrom, substituteTo: row.substituteTo }).where(eq(occupationalTeamMembers.id, row.id));
    }
  });

  it('a patient who is not an occupational health customer gets no-team (audited, nobody else’s team)', async () => {
    const res = await page(t, 'account.team', mikko);
    assert.equal(res.status, 200);
    assert.deepEqual(teamPageStateSchema.parse(res.state), { status: 'no-team' });
    assert.equal((await latestAudit(mikko.personId)).action, 'account.team');
  });

  it("a guardian acting for a child sees the child's (absent) team, not their own", async () => {
    const leena = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    assert.deepEqual(teamPageStateSchema.parse((await page(t, 'account.team', leena)).state), { status: 'no-team' });
  });

  it('needs a session', async () => {
    assert.equal((await page(t, 'account.team', null)).status, 401);
    const html = await t.app.inject({ url: '/fi/tyoterveystiimi' });
    assert.equal(html.statusCode, 302);
  });
});

describe('account.sickness-fund', () => {
  it('a member (Aino) gets the spec’s rules and nurse service hours, effective 1.1.2024', async () => {
    const { state } = await page(t, 'account.sickness-fund', aino);
    sicknessFundPageStateSchema.parse(state);
    // spec part 2 §9 "Sickness fund static rules (Finnish text, effective 1.1.2024)", and nothing else (the
    // raw state, so an extra field such as an invented phone number would fail too)
    assert.deepEqual(state, {
      status: 'ok',
      fund: {
        effectiveFrom: '2024-01-01',
        rules: {
          nurseVisit: { feeEuros: 5 },
          generalPractitioner: { feeEuros: 15, maxVisitsPerYear: 12 },
          specialist: { percent: 50, maxEurosPerVisit: 200, maxVisitsPerYear: 2 },
          procedures: { percent: 50, maxEuros: 300 },
          psychotherapy: { maxSessions: 10, percent: 0 },
          physiotherapy: { percent: 50, maxEurosPerYear: 500 },
        },
        hours: {
          nursePhone: { weekdays: { opens: 7, closes: 21 }, weekendsAndHolidays: { opens: 9, closes: 18 } },
          chat: { weekdays: { opens: 8, closes: 20 }, weekends: { opens: 10, closes: 16 } },
          messageReplyWorkingDays: 1,
        },
      },
    });
  });

  it('a non-member (Mikko) is refused with not-member, and nothing of the fund is sent', async () => {
    const res = await page(t, 'account.sickness-fund', mikko);
    assert.equal(res.status, 200);
    assert.deepEqual(res.state, { status: 'not-member' });
  });

  it('needs a session', async () => {
    assert.equal((await page(t, 'account.sickness-fund', null)).status, 401);
  });
});

describe('OCCUPATIONAL_API_STATUS=temporary-error', () => {
  it('the team and the sickness fund answer temporary-api-error; sessions are still required', async () => {
    let down: TestApp | null = null;
    try {
      down = await createTestApp({ OCCUPATIONAL_API_STATUS: 'temporary-error' });
      const caller = await signIn(down.app, PERSONAS.aino);
      assert.deepEqual(teamPageStateSchema.parse((await page(down, 'account.team', caller)).state), { status: 'temporary-api-error' });
      assert.deepEqual(sicknessFundPageStateSchema.parse((await page(down, 'account.sickness-fund', caller)).state), { status: 'temporary-api-error' });
      assert.equal((await page(down, 'account.team', null)).status, 401);
      assert.equal((await page(down, 'account.sickness-fund', null)).status, 401);
    } finally {
      await down?.close();
    }
  });

  it('defaults to ok; an unknown value stops the start', () => {
    assert.equal(loadAccountConfig({}).occupationalApiStatus, 'ok');
    assert.equal(loadAccountConfig({ OCCUPATIONAL_API_STATUS: '' }).occupationalApiStatus, 'ok');
    assert.throws(() => loadAccountConfig({ OCCUPATIONAL_API_STATUS: 'down' }), /OCCUPATIONAL_API_STATUS/);
  });
});

describe('account.help', () => {
  it('anonymous, adult brand: instructions, the SMS login FAQ (mfa is on in development, default settings) and the brand’s phone', async () => {
    const res = await page(t, 'account.help', null, 'sv');
    assert.equal(res.status, 200);
    assert.deepEqual(helpPageStateSchema.parse(res.state), {
      brand: 'adult',
      showGeneralInstructions: true,
      smsLoginFaq: { codeValidMinutes: 5, maxAttempts: 3 },
      customerServicePhone: t.config.brandConfig.customerServicePhone,
    });
    const html = await t.app.inject({ url: '/en/ohjeita' });
    assert.equal(html.statusCode, 200);
    assert.equal(initialStateOf(html).page?.routeId, 'account.help');
  });

  it('without the mfa feature, no SMS login FAQ', async () => {
    let other: TestApp | null = null;
    try {
      other = await createTestApp({ FEATURES: '-mfa', SMS_LOGIN_CODE_TTL_SECONDS: '600' });
      assert.equal(helpPageStateSchema.parse((await page(other, 'account.help', null)).state).smsLoginFaq, null);
    } finally {
      await other?.close();
    }
  });

  it('the FAQ quotes the configured code lifetime and wrong-code limit', async () => {
    let other: TestApp | null = null;
    try {
      other = await createTestApp({ SMS_LOGIN_CODE_TTL_SECONDS: '600', SMS_LOGIN_MAX_ATTEMPTS: '4' });
      assert.deepEqual(helpPageStateSchema.parse((await page(other, 'account.help', null)).state).smsLoginFaq, { codeValidMinutes: 10, maxAttempts: 4 });
    } finally {
      await other?.close();
    }
  });
});

describe("children's brand", () => {
  let kids: TestApp;
  before(async () => {
    kids = await createTestApp({ BRAND: 'children' });
  });
  after(async () => kids?.close());

  it("the children's chat pages (signed in and anonymous) give the brand's app links", async () => {
    const links = kids.config.brandConfig.appLinks;
    assert.deepEqual(pikkutsattiPageStateSchema.parse((await page(kids, 'account.pikkutsatti-anonymous', null, 'en')).state), { appLinks: links });
    const leena = await signIn(kids.app, PERSONAS.leena);
    assert.deepEqual(pikkutsattiPageStateSchema.parse((await page(kids, 'account.pikkutsatti', leena)).state), { appLinks: links });
    const html = await kids.app.inject({ url: '/fi/kirjautumattomat-kayttajat/pikkutsatti' });
    assert.equal(html.statusCode, 200);
    assert.deepEqual(initialStateOf(html).page?.state, { appLinks: links });
  });

  it('help has no general instructions on the children’s brand, and the brand’s own phone', async () => {
    const state = helpPageStateSchema.parse((await page(kids, 'account.help', null)).state);
    assert.equal(state.brand, 'children');
    assert.equal(state.showGeneralInstructions, false);
    assert.equal(state.customerServicePhone, kids.config.brandConfig.customerServicePhone);
  });

  it('the team page does not exist on the children’s brand; the chat page does not exist on the adult brand', async () => {
    const leena = await signIn(kids.app, PERSONAS.leena);
    assert.equal((await kids.app.inject({ url: '/api/pages/account.team?lang=fi', headers: leena.headers })).statusCode, 404);
    assert.equal((await t.app.inject({ url: '/api/pages/account.pikkutsatti-anonymous?lang=fi' })).statusCode, 404);
  });
});
