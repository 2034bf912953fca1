import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  expiredSessionPageStateSchema,
  mfaActionResponseSchema,
  mfaStatusResponseSchema,
  pinResponseSchema,
  smsLoginCodeResponseSchema,
  smsLoginPageStateSchema,
  validationErrorSchema,
} from '@portal/shared-api';
import { smsLoginCodes } from '../src/modules/account/schema';
import { EXPIRED_SESSION_COOKIE } from '../src/modules/account/sms-login/expired-session';
import { readOutbox } from '../src/demo/sms-outbox/outbox';
import { people } from '../src/modules/patients/schema';
import { sessions } from '../src/modules/sessions/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, expireSession, initialStateOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * SMS login over HTTP (spec part 2 §2.2, §3 MFA status, §4, §7 POST /api/mfa and POST /api/pin, §8
 * Account; issue 12): the toggle's statuses and actions, and logging back in after a session expired
 * with a code from the SMS outbox — single use, 5-minute lifetime, attempt limit that ends the
 * expired session, another person's code refused, code requests rate-limited, bad input → 400.
 */

let t: TestApp;

before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const AINO_PHONE = '+358505550202';

function cookiesOf(res: LightMyRequestResponse): Map<string, string> {
  const found = new Map<string, string>();
  for (const c of res.cookies as { name: string; value: string }[]) found.set(c.name, c.value);
  return found;
}

/** Signs in, lets the session expire and loads the session-timed-out page, as the browser does at expiry. */
async function expiredVisitor(identityCode: string): Promise<{ caller: SignedInCaller; cookie: string; pageState: unknown; setCookies: Map<string, string> }> {
  const caller = await signIn(t.app, identityCode);
  await expireSession(t.app, caller.sessionId);
  const res = await t.app.inject({ url: '/en/expired-session?next=%2Fen%2Fvisits', headers: caller.headers });
  assert.equal(res.statusCode, 200);
  const setCookies = cookiesOf(res);
  const kept = setCookies.get(EXPIRED_SESSION_COOKIE);
  // the browser drops portal_session (cleared) and keeps the expired session's own cookie, if any
  const cookie = kept ? `${EXPIRED_SESSION_COOKIE}=${kept}` : '';
  return { caller, cookie, pageState: initialStateOf(res).page?.state, setCookies };
}

async function requestCode(cookie: string, lang = 'en') {
  return t.app.inject({ method: 'POST', url: `/api/pin/code?lang=${lang}`, headers: { cookie } });
}

async function sentCode(phoneNumber: string): Promise<string> {
  const [latest] = await readOutbox(t.app.db, phoneNumber, 1);
  const code = /\b(\d{4})\b/.exec(latest?.text ?? '')?.[1];
  assert.ok(code, 'a 4-digit code in the latest SMS');
  return code;
}

async function answer(cookie: string, pin: string, next?: string) {
  return t.app.inject({ method: 'POST', url: '/api/pin?csrfToken=unused', headers: { cookie }, payload: next === undefined ? { pin } : { pin, next } });
}

const wrongOf = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function clearRateLimits() {
  await t.app.db.execute(sql`delete from identity_rate_limits`);
}

describe('the MFA toggle (GET and POST /api/mfa)', () => {
  beforeEach(clearRateLimits);

  it('answers each person their status: enabled for Aino, no verified device for Mikko', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const a = await t.app.inject({ url: '/api/mfa', headers: aino.headers });
    assert.equal(a.statusCode, 200);
    assert.deepEqual(mfaStatusResponseSchema.parse(a.json()).status, { type: 'enabled' });
    const m = await t.app.inject({ url: '/api/mfa', headers: mikko.headers });
    assert.deepEqual(mfaStatusResponseSchema.parse(m.json()).status, { type: 'user-has-no-verified-mfa-device' });
    assert.equal((await t.app.inject({ url: '/api/mfa' })).statusCode, 401);
  });

  it('enable starts the SMS verification, the right code enables it, disable returns to no verified device', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const enable = await t.app.inject({ method: 'POST', url: `/api/mfa?csrfToken=${mikko.csrfToken}`, headers: mikko.headers, payload: { action: 'enable' } });
    assert.equal(enable.statusCode, 200);
    assert.deepEqual(mfaActionResponseSchema.parse(enable.json()), { type: 'success', status: { type: 'user-wants-to-enable-mfa' } });

    const phone = '+358405550101';
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/mfa-onboarding?csrfToken=${mikko.csrfToken}&lang=en`,
      headers: mikko.headers,
      payload: { phoneNumber: phone },
    });
    assert.equal(sent.statusCode, 200);
    const waiting = await t.app.inject({ url: '/api/mfa', headers: mikko.headers });
    assert.deepEqual(waiting.json(), { status: { type: 'user-wants-to-enable-mfa' }, phoneNumber: '+358 40 555 0101' });
    const verified = await t.app.inject({
      method: 'PUT',
      url: `/api/mfa-onboarding?csrfToken=${mikko.csrfToken}`,
      headers: mikko.headers,
      payload: { challengeResponseFromUser: await sentCode(phone) },
    });
    assert.deepEqual(verified.json(), { data: { type: 'mfa-ok' } });
    assert.deepEqual(mfaStatusResponseSchema.parse((await t.app.inject({ url: '/api/mfa', headers: mikko.headers })).json()).status, { type: 'enabled' });

    const disable = await t.app.inject({ method: 'POST', url: `/api/mfa?csrfToken=${mikko.csrfToken}`, headers: mikko.headers, payload: { action: 'disable' } });
    assert.deepEqual(disable.json(), { type: 'success', status: { type: 'user-has-no-verified-mfa-device' } });
    const [row] = await t.app.db.select({ mfaEnabled: people.mfaEnabled }).from(people).where(eq(people.id, mikko.personId));
    assert.equal(row?.mfaEnabled, false);
  });

  it('shows too-many-onboarding-attempts with the time of the next attempt once the code requests are used up', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const send = () =>
      t.app.inject({ method: 'POST', url: `/api/mfa-onboarding?csrfToken=${jukka.csrfToken}`, headers: jukka.headers, payload: { phoneNumber: '+358445550303' } });
    for (let i = 0; i < t.app.mfaOnboardingRequestLimit.max; i += 1) assert.equal((await send()).statusCode, 200);
    assert.equal((await send()).statusCode, 429);
    const status = mfaStatusResponseSchema.parse((await t.app.inject({ url: '/api/mfa', headers: jukka.headers })).json()).status;
    assert.equal(status.type, 'too-many-onboarding-attempts');
    assert.ok(status.type === 'too-many-onboarding-attempts' && new Date(status.nextAttempt).getTime() > Date.now());
    const enable = await t.app.inject({ method: 'POST', url: `/api/mfa?csrfToken=${jukka.csrfToken}`, headers: jukka.headers, payload: { action: 'enable' } });
    assert.equal(mfaActionResponseSchema.parse(enable.json()).status.type, 'too-many-onboarding-attempts');
  });

  it('refuses a missing csrfToken (403) and a bad action (400 with its path)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const forged = await t.app.inject({ method: 'POST', url: '/api/mfa', headers: mikko.headers, payload: { action: 'disable' } });
    assert.equal(forged.statusCode, 403);
    const bad = await t.app.inject({ method: 'POST', url: `/api/mfa?csrfToken=${mikko.csrfToken}`, headers: mikko.headers, payload: { action: 'toggle' } });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(bad.json()).details.map((d) => d.path), ['action']);
  });
});

describe('the environment without the mfa feature', () => {
  let off: TestApp;
  before(async () => {
    off = await createTestApp({ FEATURES: '-mfa' });
  });
  after(async () => off.close());

  it('answers environment-has-mfa-disabled and offers no SMS login after expiry', async () => {
    const aino = await signIn(off.app, PERSONAS.aino);
    assert.deepEqual(mfaStatusResponseSchema.parse((await off.app.inject({ url: '/api/mfa', headers: aino.headers })).json()).status, { type: 'environment-has-mfa-disabled' });
    await expireSession(off.app, aino.sessionId);
    const page = await off.app.inject({ url: '/en/expired-session', headers: aino.headers });
    assert.deepEqual(initialStateOf(page).page?.state, { smsLogin: false, passkey: false });
    assert.ok(!cookiesOf(page).has(EXPIRED_SESSION_COOKIE), 'no token is kept where SMS login is off');
    assert.equal((await off.app.inject({ method: 'POST', url: '/api/pin/code', headers: aino.headers })).statusCode, 401);
  });
});

describe('logging back in with an SMS code after the session expired', () => {
  beforeEach(clearRateLimits);

  it('offers SMS login on the timed-out page and the SMS login page, showing only the end of the number', async () => {
    const { cookie, pageState } = await expiredVisitor(PERSONAS.aino);
    assert.deepEqual(expiredSessionPageStateSchema.parse(pageState), { smsLogin: true, passkey: false });
    assert.ok(cookie, 'the expired session is kept for SMS login');
    const page = await t.app.inject({ url: '/en/authentication?next=%2Fen%2Fvisits', headers: { cookie } });
    assert.equal(page.statusCode, 200);
    assert.deepEqual(smsLoginPageStateSchema.parse(initialStateOf(page).page?.state), { status: 'available', phoneNumberEnding: '202', codeTtlSeconds: 300 });
    assert.ok(!page.body.includes('555 0202') && !page.body.includes('5550202'));
  });

  it('sends a code, accepts it once, starts a new session and goes to the safe next path', async () => {
    const { caller, cookie } = await expiredVisitor(PERSONAS.aino);
    const sent = await requestCode(cookie);
    assert.equal(sent.statusCode, 200);
    const body = smsLoginCodeResponseSchema.parse(sent.json());
    assert.equal(body.phoneNumberEnding, '202');
    assert.ok(!sent.body.includes('5550202'));
    const code = await sentCode(AINO_PHONE);
    const [stored] = await t.app.db.select().from(smsLoginCodes).where(eq(smsLoginCodes.personId, caller.personId));
    assert.ok(stored && !stored.codeHash.includes(code) && stored.codeHash.length === 64, 'only a hash is stored');

    const ok = await answer(cookie, code, '/en/visits?tab=2');
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(pinResponseSchema.parse(ok.json()), { mfaResponse: { type: 'mfa-ok', next: '/en/visits?tab=2' } });
    const cookies = cookiesOf(ok);
    const fresh = cookies.get('portal_session');
    assert.ok(fresh && fresh !== caller.cookie.split('=')[1]);
    assert.equal(cookies.get(EXPIRED_SESSION_COOKIE), '', 'the kept token is forgotten');
    const status = await t.app.inject({ url: '/api/mfa', headers: { cookie: `portal_session=${fresh}` } });
    assert.equal(status.statusCode, 200, 'the new session works');
    assert.equal((await t.app.db.select().from(sessions).where(eq(sessions.id, caller.sessionId))).length, 0, 'the expired session is gone');

    // the same code again: neither the code nor the expired session exists any more
    const again = await answer(cookie, code);
    assert.equal(again.statusCode, 401);
  });

  it('refuses a code used once even while the expired session would still be known', async () => {
    const { caller, cookie } = await expiredVisitor(PERSONAS.aino);
    await requestCode(cookie);
    const code = await sentCode(AINO_PHONE);
    // a second expired session of the same person (another browser) tries the code after the first used it
    const other = await expiredVisitor(PERSONAS.aino);
    assert.equal(pinResponseSchema.parse((await answer(cookie, code)).json()).mfaResponse.type, 'mfa-ok');
    assert.deepEqual((await answer(other.cookie, code)).json(), { mfaResponse: { type: 'code-expired' } });
    assert.notEqual(caller.sessionId, other.caller.sessionId);
  });

  it('refuses an expired code', async () => {
    const { caller, cookie } = await expiredVisitor(PERSONAS.aino);
    await requestCode(cookie);
    const code = await sentCode(AINO_PHONE);
    await t.app.db.update(smsLoginCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsLoginCodes.personId, caller.personId));
    assert.deepEqual((await answer(cookie, code)).json(), { mfaResponse: { type: 'code-expired' } });
    assert.deepEqual((await answer(cookie, code)).json(), { mfaResponse: { type: 'code-expired' } }, 'still expired');
  });

  it('counts wrong answers per expired session, across new codes (issue 27)', async () => {
    await clearRateLimits();
    const { caller, cookie } = await expiredVisitor(PERSONAS.aino);
    await requestCode(cookie);
    const first = await sentCode(AINO_PHONE);
    assert.deepEqual((await answer(cookie, wrongOf(first))).json(), { mfaResponse: { type: 'mfa-challenge-failed', attemptsLeft: 2 } });
    // a new code is no new set of guesses
    await requestCode(cookie);
    const second = await sentCode(AINO_PHONE);
    assert.deepEqual((await answer(cookie, wrongOf(second))).json(), { mfaResponse: { type: 'mfa-challenge-failed', attemptsLeft: 1 } });
    // nor is waiting for a code to expire
    await t.app.db.update(smsLoginCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsLoginCodes.personId, caller.personId));
    await requestCode(cookie);
    const third = await sentCode(AINO_PHONE);
    assert.deepEqual((await answer(cookie, wrongOf(third))).json(), { mfaResponse: { type: 'too-many-mfa-attempts' } });
    assert.equal((await answer(cookie, third)).statusCode, 401, 'logged out for good');
  });

  it('starts a new expired session with every attempt again', async () => {
    await clearRateLimits();
    const before = await expiredVisitor(PERSONAS.aino);
    await requestCode(before.cookie);
    assert.equal((await answer(before.cookie, wrongOf(await sentCode(AINO_PHONE)))).json().mfaResponse.attemptsLeft, 2);
    const after = await expiredVisitor(PERSONAS.aino);
    await requestCode(after.cookie);
    assert.equal((await answer(after.cookie, wrongOf(await sentCode(AINO_PHONE)))).json().mfaResponse.attemptsLeft, 2);
  });

  it('logs the person out for good after too many wrong codes', async () => {
    const { caller, cookie } = await expiredVisitor(PERSONAS.aino);
    await requestCode(cookie);
    const code = await sentCode(AINO_PHONE);
    const wrong = wrongOf(code);
    assert.deepEqual((await answer(cookie, wrong)).json(), { mfaResponse: { type: 'mfa-challenge-failed', attemptsLeft: 2 } });
    assert.deepEqual((await answer(cookie, wrong)).json(), { mfaResponse: { type: 'mfa-challenge-failed', attemptsLeft: 1 } });
    const last = await answer(cookie, wrong);
    assert.deepEqual(last.json(), { mfaResponse: { type: 'too-many-mfa-attempts' } });
    assert.equal(cookiesOf(last).get(EXPIRED_SESSION_COOKIE), '');
    assert.equal((await t.app.db.select().from(sessions).where(eq(sessions.id, caller.sessionId))).length, 0);
    // the right code no longer helps, no new code can be asked, and the pages offer only bank login
    assert.equal((await answer(cookie, code)).statusCode, 401);
    assert.equal((await requestCode(cookie)).statusCode, 401);
    const page = await t.app.inject({ url: '/en/expired-session', headers: { cookie } });
    assert.deepEqual(initialStateOf(page).page?.state, { smsLogin: false, passkey: false });
  });

  it("refuses another person's code", async () => {
    await t.app.db.update(people).set({ mfaEnabled: true }).where(eq(people.identityCode, PERSONAS.mikko));
    try {
      const aino = await expiredVisitor(PERSONAS.aino);
      const mikko = await expiredVisitor(PERSONAS.mikko);
      await requestCode(aino.cookie);
      const ainosCode = await sentCode(AINO_PHONE);
      let mikkosCode = ainosCode;
      while (mikkosCode === ainosCode) {
        await requestCode(mikko.cookie);
        mikkosCode = await sentCode('+358405550101');
      }
      assert.deepEqual((await answer(mikko.cookie, ainosCode)).json(), { mfaResponse: { type: 'mfa-challenge-failed', attemptsLeft: 2 } });
      // Aino's code still works for Aino
      assert.equal(pinResponseSchema.parse((await answer(aino.cookie, ainosCode)).json()).mfaResponse.type, 'mfa-ok');
    } finally {
      await t.app.db.update(people).set({ mfaEnabled: false }).where(eq(people.identityCode, PERSONAS.mikko));
    }
  });

  it('rate-limits code requests', async () => {
    const { cookie } = await expiredVisitor(PERSONAS.aino);
    for (let i = 0; i < 5; i += 1) assert.equal((await requestCode(cookie)).statusCode, 200);
    const limited = await requestCode(cookie);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  it('offers nothing to a person without SMS login, nor to one who logged out or never signed in', async () => {
    const jukka = await expiredVisitor(PERSONAS.jukka);
    assert.deepEqual(jukka.pageState, { smsLogin: false, passkey: false });
    assert.equal(jukka.cookie, '', 'no token is kept for a person without SMS login');
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/pin/code', headers: jukka.caller.headers })).statusCode, 401);
    const page = await t.app.inject({ url: '/fi/tunnistautuminen', headers: jukka.caller.headers });
    assert.deepEqual(initialStateOf(page).page?.state, { status: 'unavailable' });

    const aino = await signIn(t.app, PERSONAS.aino);
    await t.app.inject({ method: 'POST', url: `/api/logout?csrfToken=${aino.csrfToken}`, headers: aino.headers });
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/pin/code', headers: aino.headers })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/pin', payload: { pin: '1234' } })).statusCode, 401);
  });

  it('does not let a live session be used as an expired one', async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/pin/code', headers: aino.headers })).statusCode, 401);
  });

  it('answers bad input with 400 and the paths at fault, and refuses cross-site posts', async () => {
    const { cookie } = await expiredVisitor(PERSONAS.aino);
    for (const payload of [{ pin: '12a4' }, { pin: '12345' }, {}, { pin: 1234 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/pin', headers: { cookie }, payload });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path), ['pin']);
    }
    const badLang = await t.app.inject({ method: 'POST', url: '/api/pin/code?lang=de', headers: { cookie } });
    assert.equal(badLang.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(badLang.json()).details.map((d) => d.path), ['lang']);
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/pin', headers: { cookie, 'sec-fetch-site': 'cross-site' }, payload: { pin: '1234' } });
    assert.equal(crossSite.statusCode, 403);
  });

  it('sends only to a safe next path', async () => {
    const { cookie } = await expiredVisitor(PERSONAS.aino);
    await requestCode(cookie);
    const res = await answer(cookie, await sentCode(AINO_PHONE), '//evil.example/');
    assert.deepEqual(res.json().mfaResponse, { type: 'mfa-ok', next: '/' });
  });
});

describe('POST /api/dev/expire-session (development only)', () => {
  it("ends the caller's own session now, and only with its csrfToken", async () => {
    const aino = await signIn(t.app, PERSONAS.aino);
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/dev/expire-session', headers: aino.headers })).statusCode, 403);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/dev/expire-session' })).statusCode, 401);
    const res = await t.app.inject({ method: 'POST', url: `/api/dev/expire-session?csrfToken=${aino.csrfToken}`, headers: aino.headers });
    assert.equal(res.statusCode, 200);
    assert.ok(new Date(String(res.headers['x-session-expires'])).getTime() < Date.now());
    assert.equal((await t.app.inject({ url: '/api/mfa', headers: aino.headers })).statusCode, 401);
    assert.equal((await t.app.inject({ url: '/api/mfa', headers: mikko.headers })).statusCode, 200, "another person's session lives on");
    const page = await t.app.inject({ url: '/en/expired-session', headers: aino.headers });
    assert.deepEqual(initialStateOf(page).page?.state, { smsLogin: true, passkey: false });
  });
});
