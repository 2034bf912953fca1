import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  expiredSessionPageStateSchema,
  myInformationPageStateSchema,
  passkeyListResponseSchema,
  passkeyLoginOptionsResponseSchema,
  passkeyLoginResponseSchema,
  passkeyRegistrationOptionsResponseSchema,
  passkeyRegistrationResponseSchema,
  validationErrorSchema,
  type AuthenticationCredential,
  type PasskeyLoginOptions,
} from '@portal/shared-api';
import { EXPIRED_SESSION_COOKIE } from '../src/modules/account/sms-login/expired-session';
import { passkeyChallenges, passkeys } from '../src/modules/passkeys/schema';
import { PASSKEY_LOGIN_LIMIT } from '../src/modules/passkeys/routes';
import { sessions } from '../src/modules/sessions/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createCredential, signIn as sign, type SoftCredential, type Spoil } from './passkey-authenticator';
import { createTestApp, expireSession, initialStateOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Passkeys over HTTP (issue 33), with a software authenticator: registration in My information,
 * the list and removal, and the sign-in after a session expired that replaces the expired session
 * with a new one, like a right SMS code. Every refusal: no or a wrong csrfToken, a bad body (400
 * with its paths), another origin or RP ID, no user verification, an unknown credential, another
 * person's credential, a used or expired challenge, a counter that does not grow, no expired
 * session (a passkey is no first sign-in), a cross-site request, too many answers.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const ORIGIN = 'http://localhost:8080';

async function clearLimits() {
  await t.app.db.execute(sql`delete from identity_rate_limits`);
}

function cookiesOf(res: LightMyRequestResponse): Map<string, string> {
  const found = new Map<string, string>();
  for (const c of res.cookies as { name: string; value: string }[]) found.set(c.name, c.value);
  return found;
}

async function registrationOptions(caller: SignedInCaller) {
  const res = await t.app.inject({ method: 'POST', url: `/api/passkeys/registration-options?csrfToken=${caller.csrfToken}`, headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  return passkeyRegistrationOptionsResponseSchema.parse(res.json()).options;
}

function register(caller: SignedInCaller, body: unknown, csrfToken: string | null = caller.csrfToken) {
  return t.app.inject({ method: 'POST', url: `/api/passkeys${csrfToken === null ? '' : `?csrfToken=${csrfToken}`}`, headers: caller.headers, payload: body as object });
}

/** Registers a passkey for the caller with the software authenticator. */
async function registered(caller: SignedInCaller, name = 'Phone'): Promise<SoftCredential & { passkeyId: string }> {
  const { credential, made } = createCredential(await registrationOptions(caller), ORIGIN);
  const res = await register(caller, { name, credential });
  assert.equal(res.statusCode, 200, res.body);
  return { ...made, passkeyId: passkeyRegistrationResponseSchema.parse(res.json()).passkey.id };
}

/** Lets the caller's session expire and loads the session-timed-out page, as the browser does at expiry. */
async function expiredVisitor(caller: SignedInCaller) {
  await expireSession(t.app, caller.sessionId);
  const res = await t.app.inject({ url: '/en/expired-session?next=%2Fen%2Fvisits', headers: caller.headers });
  assert.equal(res.statusCode, 200);
  const kept = cookiesOf(res).get(EXPIRED_SESSION_COOKIE);
  return { cookie: kept ? `${EXPIRED_SESSION_COOKIE}=${kept}` : '', state: expiredSessionPageStateSchema.parse(initialStateOf(res).page?.state) };
}

async function loginOptions(cookie: string): Promise<PasskeyLoginOptions> {
  const res = await t.app.inject({ method: 'POST', url: '/api/passkey-login/options', headers: { cookie } });
  assert.equal(res.statusCode, 200, res.body);
  return passkeyLoginOptionsResponseSchema.parse(res.json()).options;
}

function login(cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/passkey-login?csrfToken=unused', headers: { cookie, ...headers }, payload: body as object });
}

async function signedAnswer(cookie: string, made: SoftCredential, spoil: Spoil = {}): Promise<AuthenticationCredential> {
  return sign(await loginOptions(cookie), made, ORIGIN, spoil);
}

async function assertRefused(res: LightMyRequestResponse, status = 401) {
  assert.equal(res.statusCode, status, res.body);
  assert.equal(cookiesOf(res).get('portal_session'), undefined, 'no session cookie');
}

const sessionCount = async (personId: string) =>
  (await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.personId, personId))).length;

describe('registering passkeys in My information', () => {
  beforeEach(async () => {
    await clearLimits();
    await t.app.db.delete(passkeys);
  });

  it('registers, lists (name, created, never used) in the API and in My information, and removes', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const options = await registrationOptions(mikko);
    assert.equal(options.rp.id, 'localhost');
    assert.equal(options.authenticatorSelection.userVerification, 'required');
    assert.equal(options.authenticatorSelection.residentKey, 'required');
    assert.doesNotMatch(options.user.name, /150385/, 'never the identity code');
    const { credential } = createCredential(options, ORIGIN);
    const res = await register(mikko, { name: '  Work laptop ', credential });
    assert.equal(res.statusCode, 200, res.body);
    const { passkey } = passkeyRegistrationResponseSchema.parse(res.json());
    assert.equal(passkey.name, 'Work laptop');
    assert.equal(passkey.lastUsedAt, null);
    assert.equal(res.headers['cache-control'], 'no-store');

    const list = await t.app.inject({ url: '/api/passkeys', headers: mikko.headers });
    assert.equal(list.headers['cache-control'], 'no-store');
    assert.deepEqual(passkeyListResponseSchema.parse(list.json()).passkeys, [passkey]);
    const page = await t.app.inject({ url: '/api/pages/account.my-information?lang=en', headers: mikko.headers });
    assert.deepEqual(myInformationPageStateSchema.parse(page.json().state).passkeys, [passkey]);
    // nobody else sees it, and a guardian's page for a ward lists none
    const aino = await signIn(t.app, PERSONAS.aino);
    assert.deepEqual((await t.app.inject({ url: '/api/passkeys', headers: aino.headers })).json(), { passkeys: [] });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${passkey.id}?csrfToken=${mikko.csrfToken}`, headers: mikko.headers });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual((await t.app.inject({ url: '/api/passkeys', headers: mikko.headers })).json(), { passkeys: [] });
  });

  it('lists no passkeys on the page of a ward the guardian acts for', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    await registered(mikko);
    const guardian = await signIn(t.app, PERSONAS.mikko, PERSONAS.ella);
    const page = await t.app.inject({ url: '/api/pages/account.my-information?lang=en', headers: guardian.headers });
    assert.equal(page.statusCode, 200, page.body);
    assert.equal(myInformationPageStateSchema.parse(page.json().state).passkeys, null);
  });

  it('refuses without a session (401), without or with a wrong csrfToken (403)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const { credential } = createCredential(await registrationOptions(mikko), ORIGIN);
    assert.equal((await t.app.inject({ url: '/api/passkeys' })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/passkeys/registration-options' })).statusCode, 401);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/passkeys/registration-options', headers: mikko.headers })).statusCode, 403);
    assert.equal((await register(mikko, { name: 'Phone', credential }, null)).statusCode, 403);
    assert.equal((await register(mikko, { name: 'Phone', credential }, 'wrong')).statusCode, 403);
    const passkey = await registered(mikko);
    const forged = await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${passkey.passkeyId}`, headers: mikko.headers });
    assert.equal(forged.statusCode, 403);
    assert.equal(passkeyListResponseSchema.parse((await t.app.inject({ url: '/api/passkeys', headers: mikko.headers })).json()).passkeys.length, 1);
  });

  it('answers a bad body with 400 and the paths at fault, writing nothing', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const { credential } = createCredential(await registrationOptions(mikko), ORIGIN);
    const bad = await register(mikko, {
      name: ' ',
      credential: { ...credential, type: 'password', response: { ...credential.response, clientDataJSON: 'not base64url!' } },
      extra: 1,
    });
    assert.equal(bad.statusCode, 400, bad.body);
    const paths = validationErrorSchema.parse(bad.json()).details.map((d) => d.path);
    for (const path of ['name', 'credential.type', 'credential.response.clientDataJSON', 'extra']) assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
    const notJson = await register(mikko, { name: 'Phone', credential: { ...credential, response: { ...credential.response, clientDataJSON: 'AAAA' } } });
    assert.equal(notJson.statusCode, 400);
    assert.equal(validationErrorSchema.parse(notJson.json()).details[0]?.path, 'credential');
    const badId = await t.app.inject({ method: 'DELETE', url: `/api/passkeys/not-a-uuid?csrfToken=${mikko.csrfToken}`, headers: mikko.headers });
    assert.equal(badId.statusCode, 400);
    assert.equal(validationErrorSchema.parse(badId.json()).details[0]?.path, 'passkeyId');
    assert.equal((await t.app.db.select().from(passkeys)).length, 0);
  });

  it('refuses another origin, another RP ID, no user verification, a used or another session’s challenge (400 at credential)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const refusedWith = async (spoil: Spoil) => {
      const { credential } = createCredential(await registrationOptions(mikko), ORIGIN, spoil);
      const res = await register(mikko, { name: 'Phone', credential });
      assert.equal(res.statusCode, 400, `${JSON.stringify(spoil)}: ${res.body}`);
      assert.equal(validationErrorSchema.parse(res.json()).details[0]?.path, 'credential');
    };
    await refusedWith({ origin: 'https://evil.example' });
    await refusedWith({ rpId: 'evil.example' });
    await refusedWith({ userVerified: false });
    await refusedWith({ type: 'webauthn.get' });
    await refusedWith({ challenge: 'bm90LWlzc3VlZA' });

    const { credential } = createCredential(await registrationOptions(mikko), ORIGIN);
    assert.equal((await register(mikko, { name: 'Phone', credential })).statusCode, 200);
    const replayed = await register(mikko, { name: 'Phone again', credential });
    assert.equal(replayed.statusCode, 400);
    // a challenge opened by one session is no good in another, even the same person's
    const other = await signIn(t.app, PERSONAS.mikko);
    const { credential: elsewhere } = createCredential(await registrationOptions(mikko), ORIGIN);
    assert.equal((await register(other, { name: 'Phone', credential: elsewhere })).statusCode, 400);
    assert.equal((await t.app.db.select().from(passkeys)).length, 1);
  });

  it('removes only the person’s own passkeys: another’s id is not found', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const aino = await signIn(t.app, PERSONAS.aino);
    const passkey = await registered(mikko);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${passkey.passkeyId}?csrfToken=${aino.csrfToken}`, headers: aino.headers });
    assert.equal(res.statusCode, 404);
    assert.equal((await t.app.db.select().from(passkeys)).length, 1);
  });
});

describe('signing in with a passkey after the session expired', () => {
  beforeEach(async () => {
    await clearLimits();
    await t.app.db.delete(passkeys);
    await t.app.db.delete(passkeyChallenges);
  });

  it('the expired-session page offers it only to a person with a passkey; the right answer replaces the expired session', async () => {
    const jukka = await signIn(t.app, PERSONAS.jukka);
    const without = await expiredVisitor(jukka);
    assert.equal(without.state.passkey, false);

    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie, state } = await expiredVisitor(mikko);
    assert.equal(state.passkey, true);
    assert.ok(cookie, 'the expired session is kept for the passkey');
    const before = await sessionCount(mikko.personId);

    const res = await login(cookie, { credential: await signedAnswer(cookie, made), next: '/en/visits' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(passkeyLoginResponseSchema.parse(res.json()), { type: 'success', next: '/en/visits' });
    const session = cookiesOf(res).get('portal_session');
    assert.ok(session, 'a new session cookie');
    assert.equal(cookiesOf(res).get(EXPIRED_SESSION_COOKIE), '', 'the kept token is forgotten');
    // the same kind of session as SMS login gives: the person themself, the old row gone
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.personId, mikko.personId)).orderBy(sql`${sessions.createdAt} desc`).limit(1);
    assert.equal(row?.actingForPersonId, null);
    assert.equal(await sessionCount(mikko.personId), before);
    const me = await t.app.inject({ url: '/api/passkeys', headers: { cookie: `portal_session=${session}` } });
    assert.equal(me.statusCode, 200);
    assert.ok(passkeyListResponseSchema.parse(me.json()).passkeys[0]?.lastUsedAt, 'last use recorded');
    // an unsafe next goes to the front page
    const again = await expiredVisitor({ ...mikko, sessionId: row!.id, cookie: `portal_session=${session}`, headers: { cookie: `portal_session=${session}` } });
    const unsafe = await login(again.cookie, { credential: await signedAnswer(again.cookie, made), next: '//evil.example' });
    assert.equal(passkeyLoginResponseSchema.parse(unsafe.json()).next, '/');
  });

  it('is no first sign-in: without an expired session the options and the answer are 401', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie } = await expiredVisitor(mikko);
    const answer = await signedAnswer(cookie, made);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/passkey-login/options' })).statusCode, 401);
    await assertRefused(await login('', { credential: answer }));
    // a live session is no expired one either
    const live = await signIn(t.app, PERSONAS.mikko);
    await assertRefused(await login(live.cookie, { credential: answer }));
  });

  it('refuses another origin, another RP ID, no user verification and a wrong ceremony type', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie } = await expiredVisitor(mikko);
    for (const spoil of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }, { type: 'webauthn.create' }] satisfies Spoil[]) {
      await assertRefused(await login(cookie, { credential: await signedAnswer(cookie, made, spoil) }));
    }
    // the expired session is still there to try again properly
    assert.equal((await login(cookie, { credential: await signedAnswer(cookie, made) })).statusCode, 200);
  });

  it('refuses an unknown credential, and another person’s own passkey for this expired session', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    await registered(mikko);
    const aino = await signIn(t.app, PERSONAS.aino);
    const ainos = await registered(aino);
    const { cookie } = await expiredVisitor(mikko);
    // Aino's authenticator answers Mikko's expired session's challenge with her own, valid passkey
    await assertRefused(await login(cookie, { credential: await signedAnswer(cookie, ainos) }));
    // a credential nobody registered
    const stranger = createCredential(await registrationOptions(aino), ORIGIN).made;
    await assertRefused(await login(cookie, { credential: await signedAnswer(cookie, stranger) }));
    // the user handle must be the owner's too
    const mikkos = await registered(await signIn(t.app, PERSONAS.mikko), 'Second');
    const { cookie: c2 } = await expiredVisitor(await signIn(t.app, PERSONAS.mikko));
    await assertRefused(await login(c2, { credential: await signedAnswer(c2, { ...mikkos, userHandle: ainos.userHandle }) }));
  });

  it('refuses a used, an expired, an unknown and another session’s challenge', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie } = await expiredVisitor(mikko);
    // a challenge the server never gave
    await assertRefused(await login(cookie, { credential: sign({ challenge: 'bm90LWlzc3VlZA', rpId: 'localhost', timeout: 1, userVerification: 'required' }, made, ORIGIN) }));
    // an expired challenge
    const late = await signedAnswer(cookie, made);
    await t.app.db.update(passkeyChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    await assertRefused(await login(cookie, { credential: late }));
    // a refused answer used its challenge up too: sending it again (now right) is refused
    const options = await loginOptions(cookie);
    await assertRefused(await login(cookie, { credential: sign(options, made, ORIGIN, { origin: 'https://evil.example' }) }));
    await assertRefused(await login(cookie, { credential: sign(options, made, ORIGIN) }));
    // a replayed right answer: the first signs in, the same answer again is refused
    const right = await signedAnswer(cookie, made);
    const first = await login(cookie, { credential: right });
    assert.equal(first.statusCode, 200);
    const newSession = cookiesOf(first).get('portal_session')!;
    const [row] = await t.app.db.select().from(sessions).where(eq(sessions.personId, mikko.personId)).orderBy(sql`${sessions.createdAt} desc`).limit(1);
    const next = await expiredVisitor({ ...mikko, sessionId: row!.id, cookie: `portal_session=${newSession}`, headers: { cookie: `portal_session=${newSession}` } });
    await assertRefused(await login(next.cookie, { credential: right }));
    // a challenge given to the old expired session is no good for the new one
    await assertRefused(await login(cookie, { credential: right }));
  });

  it('refuses a counter that does not grow (a cloned authenticator)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie } = await expiredVisitor(mikko);
    assert.equal((await login(cookie, { credential: await signedAnswer(cookie, made, { counter: 5 }) })).statusCode, 200);
    // a later session of Mikko's expires; the stored counter is 5
    const stale = await expiredVisitor(await signIn(t.app, PERSONAS.mikko));
    await assertRefused(await login(stale.cookie, { credential: await signedAnswer(stale.cookie, made, { counter: 5 }) }));
    await assertRefused(await login(stale.cookie, { credential: await signedAnswer(stale.cookie, made, { counter: 3 }) }));
    assert.equal((await login(stale.cookie, { credential: await signedAnswer(stale.cookie, made, { counter: 6 }) })).statusCode, 200);
  });

  it('refuses a cross-site request (403) and a bad body (400 with its paths)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie } = await expiredVisitor(mikko);
    const answer = await signedAnswer(cookie, made);
    await assertRefused(await login(cookie, { credential: answer }, { origin: 'https://evil.example' }), 403);
    await assertRefused(await login(cookie, { credential: answer }, { 'sec-fetch-site': 'cross-site' }), 403);
    const options = await t.app.inject({ method: 'POST', url: '/api/passkey-login/options', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    assert.equal(options.statusCode, 403);
    const bad = await login(cookie, { credential: { ...answer, response: { ...answer.response, signature: '' } }, next: 7, other: true });
    assert.equal(bad.statusCode, 400);
    const paths = validationErrorSchema.parse(bad.json()).details.map((d) => d.path);
    for (const path of ['credential.response.signature', 'next', 'other']) assert.ok(paths.includes(path), `${path} in ${paths.join(', ')}`);
    const garbage = await login(cookie, { credential: { ...answer, response: { ...answer.response, clientDataJSON: 'AAAA', authenticatorData: 'AAAA' } } });
    await assertRefused(garbage);
  });

  it('counts the answers per person: beyond the limit, 429 with Retry-After', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    const { cookie } = await expiredVisitor(mikko);
    for (let i = 0; i < PASSKEY_LOGIN_LIMIT.max; i += 1) {
      await assertRefused(await login(cookie, { credential: await signedAnswer(cookie, made, { origin: 'https://evil.example' }) }));
    }
    const limited = await login(cookie, { credential: await signedAnswer(cookie, made) });
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });

  it('once the last passkey is removed, the expired-session page no longer offers one', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const made = await registered(mikko);
    await t.app.inject({ method: 'DELETE', url: `/api/passkeys/${made.passkeyId}?csrfToken=${mikko.csrfToken}`, headers: mikko.headers });
    const { cookie, state } = await expiredVisitor(mikko);
    assert.equal(state.passkey, false);
    assert.equal((await t.app.inject({ method: 'POST', url: '/api/passkey-login/options', headers: { cookie } })).statusCode, 401);
  });
});
