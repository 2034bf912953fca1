import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { identityCodeCheckCharacter, recordsSummarySchema, validationErrorSchema } from '@portal/shared-api';
import { guardianships, people } from '../src/modules/patients/schema';
import { sessions } from '../src/modules/sessions/schema';
import { seedDemoWorld } from '../src/demo/seed/index';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, initialStateOf, personIdOf, type TestApp } from './helpers';
import {
  brokerForm,
  buildHarness,
  lastStep,
  openTestDatabase as openIdentityDatabase,
  temporaryDataDir,
  TestBrowser,
  type TestDatabase,
} from './identity-harness';

/**
 * Guardian sign-in on the children's brand (spec part 1 §2, §4, §8, §9): the landing's "child's
 * matters" sends `acting=guardian`; the broker asks for the child's code and returns it as the
 * `mandate_for` claim; the callback checks guardianship and age before any session exists.
 */
const LEENA = '121264-9685';
const ELLA = '070916A946D';
const MIKKO = '150385-9013';

const LANDING = '/fi/asiointipolku';

/** A valid test-range identity code (individual number 9xx) for someone born on `birthDate` (2000s). */
function identityCodeBornOn(birthDate: string, individualNumber: string): string {
  const [yyyy, mm, dd] = birthDate.split('-') as [string, string, string];
  assert.ok(yyyy.startsWith('20'), 'a 2000s birth date');
  const ddmmyy = `${dd}${mm}${yyyy.slice(2)}`;
  return `${ddmmyy}A${individualNumber}${identityCodeCheckCharacter(ddmmyy, individualNumber)}`;
}

/** The date `years` whole years before today (Helsinki); 29 February never occurs in the inputs used. */
function yearsAgo(years: number, today = helsinkiToday()): string {
  const [y, m, d] = today.split('-') as [string, string, string];
  const date = `${Number(y) - years}-${m}-${d}`;
  // 29 February in a common year: the birthday counted as 28 February, so go back a day
  return m === '02' && d === '29' ? addDays(date.replace('-02-29', '-03-01'), -1) : date;
}

/** Adds a ward of Leena's with the given identity code (the seed has only Ella, under 12). */
async function addWardOfLeena(app: FastifyInstance, identityCode: string, givenName: string): Promise<void> {
  const [child] = await app.db
    .insert(people)
    .values({ identityCode, givenName, familyName: 'Nieminen', registered: true, patientDataConsent: 'ok' })
    .returning({ id: people.id });
  assert.ok(child);
  await app.db.insert(guardianships).values({ guardianPersonId: await personIdOf(app, LEENA), childPersonId: child.id, guardianType: 'parent' });
}

/**
 * Walks /oauth/authenticate → broker page → form post → callback, stopping at the callback's answer.
 * Returns the broker page and the callback response.
 */
async function guardianSignIn(browser: TestBrowser, form: { identityCode: string; childIdentityCode: string }, authenticate = `/oauth/authenticate?lang=fi&next=%2Ffi&acr_values=op&acting=guardian`) {
  const page = lastStep(await browser.navigate('GET', authenticate));
  assert.equal(page.response.statusCode, 200, 'the broker page opens');
  const { action, token } = brokerForm(page.response.body);
  const steps = await browser.navigate('POST', action, { token, ...form }, '/fi');
  const callback = steps.find((s) => s.url.startsWith('/oauth/callback'));
  assert.ok(callback, 'the broker sent the browser back to the callback');
  return { page, callback: callback.response };
}

async function sessionCount(app: FastifyInstance, identityCode: string): Promise<number> {
  const rows = await app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.personId, await personIdOf(app, identityCode)));
  return rows.length;
}

describe("guardian sign-in on the children's brand", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ BRAND: 'children' });
  });
  after(async () => t?.close());

  test("in guardian mode the broker page also asks for the child's identity code and offers Leena → Ella", async () => {
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const page = lastStep(await browser.navigate('GET', '/oauth/authenticate?lang=fi&acr_values=nordea&acting=guardian'));
    assert.equal(page.response.statusCode, 200);
    assert.match(page.response.body, /<label for="identity-code">Henkilötunnus<\/label>/);
    assert.match(page.response.body, /<label for="child-identity-code">Lapsen henkilötunnus<\/label>/);
    assert.match(page.response.body, /Leena Nieminen → Ella Nieminen/);

    const ordinary = lastStep(await new TestBrowser(t.app, t.config.publicUrl).navigate('GET', '/oauth/authenticate?lang=fi&acr_values=nordea'));
    assert.doesNotMatch(ordinary.response.body, /Lapsen henkilötunnus/, 'an ordinary sign-in asks for one code only');
  });

  test("an invalid child's code is shown again with its error next to the child's field", async () => {
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const page = lastStep(await browser.navigate('GET', '/oauth/authenticate?lang=sv&acr_values=op&acting=guardian'));
    assert.match(page.response.body, /Barnets personbeteckning/);
    const { action, token } = brokerForm(page.response.body);
    const response = await browser.request('POST', action, { token, identityCode: LEENA, childIdentityCode: '070916A946X' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers.location, undefined);
    assert.match(response.body, /id="child-identity-code"[^>]*aria-invalid="true"/);
    assert.doesNotMatch(response.body, /id="identity-code"[^>]*aria-invalid/);
    assert.match(response.body, /<p id="child-identity-code-error" class="broker__error">Kontrollera personbeteckningen<\/p>/);
  });

  test("Leena acting for Ella gets a session whose pages show Ella's data, not Leena's", async () => {
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const { callback } = await guardianSignIn(browser, { identityCode: LEENA, childIdentityCode: ELLA });
    assert.equal(callback.statusCode, 303);
    assert.equal(callback.headers.location, '/fi#signed-in');
    assert.ok(browser.cookie('portal_session'));

    const front = await browser.request('GET', '/fi');
    assert.equal(front.statusCode, 200);
    const state = initialStateOf(front);
    assert.equal(state.user?.firstName, 'Leena', 'the signed-in person is the guardian');
    assert.deepEqual(state.user?.actingFor, { firstName: 'Ella', lastName: 'Nieminen' });
    // the child's front page offers no SMS login (that belongs to the guardian's own account)
    assert.equal(state.mfaOnboardingParam, null);
    assert.equal(state.page?.routeId, 'front-page');
    const frontPage = state.page?.state as { firstName: string; summaries: Record<string, unknown> };
    assert.equal(frontPage.firstName, 'Ella');
    const summary = recordsSummarySchema.parse(frontPage.summaries['mf-records']);
    assert.deepEqual(summary.prescriptions.map((p) => p.medicineName), ['Amorion mikstuura']);
    assert.ok(summary.visits.some((v) => /Lehtonen/.test(v.practitionerName)), "Ella's visit");
    assert.ok(!summary.visits.some((v) => /Aaltonen/.test(v.practitionerName)), "not Leena's own visit");

    // A list page reads the same subject.
    const visits = await browser.request('GET', '/api/pages/records.visits?lang=fi');
    assert.equal(visits.statusCode, 200);
    assert.match(visits.body, /Lehtonen/);
    assert.doesNotMatch(visits.body, /Aaltonen/);
  });

  test('Mikko claiming Ella is sent to the landing with error=disallowed and gets no session', async () => {
    const before = await sessionCount(t.app, MIKKO);
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const { callback } = await guardianSignIn(browser, { identityCode: MIKKO, childIdentityCode: ELLA });
    assert.equal(callback.statusCode, 303);
    assert.equal(callback.headers.location, `${LANDING}?error=disallowed`);
    assert.equal(browser.cookie('portal_session'), undefined);
    assert.equal(await sessionCount(t.app, MIKKO), before);
    const landing = await browser.request('GET', `${LANDING}?error=disallowed`);
    assert.equal(initialStateOf(landing).user, null);
  });

  test('a ward who is 12 today is refused (disallowed); one who turns 12 tomorrow is allowed', async () => {
    const twelveToday = identityCodeBornOn(yearsAgo(12), '902');
    const twelveTomorrow = identityCodeBornOn(addDays(yearsAgo(12), 1), '904');
    await addWardOfLeena(t.app, twelveToday, 'Onni');
    await addWardOfLeena(t.app, twelveTomorrow, 'Aada');

    const before = await sessionCount(t.app, LEENA);
    const refused = new TestBrowser(t.app, t.config.publicUrl);
    const { callback } = await guardianSignIn(refused, { identityCode: LEENA, childIdentityCode: twelveToday });
    assert.equal(callback.headers.location, `${LANDING}?error=disallowed`);
    assert.equal(refused.cookie('portal_session'), undefined);
    assert.equal(await sessionCount(t.app, LEENA), before);

    const allowed = new TestBrowser(t.app, t.config.publicUrl);
    const ok = await guardianSignIn(allowed, { identityCode: LEENA, childIdentityCode: twelveTomorrow });
    assert.equal(ok.callback.headers.location, '/fi#signed-in');
    // Aada has no events yet: the front page sends her guardian on to the welcome page (account registration).
    assert.deepEqual(initialStateOf(lastStep(await allowed.navigate('GET', '/fi')).response).user?.actingFor, { firstName: 'Aada', lastName: 'Nieminen' });
  });

  test('a cancelled guardian identification lands on the landing with error=unknown', async () => {
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const page = lastStep(await browser.navigate('GET', '/oauth/authenticate?lang=en&acr_values=op&acting=guardian'));
    const cancel = /<p class="broker__cancel"><a href="([^"]+)"/.exec(page.response.body)?.[1];
    assert.ok(cancel);
    const steps = await browser.navigate('GET', cancel.replaceAll('&amp;', '&'), undefined, '/en');
    const callback = steps.find((s) => s.url.startsWith('/oauth/callback'));
    assert.equal(callback?.response.headers.location, '/en/transaction-path?error=unknown');
    assert.equal(browser.cookie('portal_session'), undefined);
  });

  test("a bad acting value answers 400 with the path 'acting'", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op&acting=trustee' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(response.json()).details.map((d) => d.path), ['acting']);
  });
});

describe('guardian sign-in where the brand has no landing page', () => {
  let database: TestDatabase;
  let dataDir: Awaited<ReturnType<typeof temporaryDataDir>>;
  let app: FastifyInstance;
  const logLines: string[] = [];

  before(async () => {
    database = await openIdentityDatabase();
    await seedDemoWorld(database.handle.db);
    dataDir = await temporaryDataDir();
    app = await buildHarness({ db: database.handle.db, dataDir: dataDir.dir, logLines });
  });
  after(async () => {
    await app?.close();
    await database?.close();
    await dataDir?.remove();
  });

  test('a refused mandate goes to the login page with identification-failed, and no identity code is logged', async () => {
    const browser = new TestBrowser(app);
    const { callback } = await guardianSignIn(browser, { identityCode: MIKKO, childIdentityCode: ELLA });
    assert.equal(callback.statusCode, 303);
    const location = new URL(String(callback.headers.location), 'http://portal.test');
    assert.equal(location.pathname, '/fi/kirjaudu');
    assert.equal(location.searchParams.get('error'), 'identification-failed');
    assert.equal(browser.cookie('portal_session'), undefined);
    const log = logLines.join('\n');
    assert.match(log, /mandate-refused/, 'the refusal is logged');
    for (const code of [MIKKO, ELLA]) assert.ok(!log.includes(code), 'no identity code in the log');
  });
});
