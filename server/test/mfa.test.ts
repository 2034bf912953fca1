import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import {
  apiErrorSchema,
  mfaChallengeResponseSchema,
  mfaOnboardingRequestResponseSchema,
  smsOutboxResponseSchema,
  validationErrorSchema,
  type MfaChallengeOutcome,
} from '@portal/shared-api';
import { mfaChallenges } from '../src/modules/mfa/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, initialStateOf, signIn, type SignedInCaller, type TestApp } from './helpers';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

const MIKKO_PHONE = '+358405550101';

function requestCode(caller: SignedInCaller, phoneNumber: string, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: `/api/mfa-onboarding?csrfToken=${encodeURIComponent(caller.csrfToken)}&lang=${lang}`,
    headers: caller.headers,
    payload: { phoneNumber },
  });
}

function answer(caller: SignedInCaller, challengeResponseFromUser: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/mfa-onboarding?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
    headers: caller.headers,
    payload: { challengeResponseFromUser },
  });
}

async function outcome(caller: SignedInCaller, code: string): Promise<MfaChallengeOutcome> {
  const res = await answer(caller, code);
  assert.equal(res.statusCode, 200, res.body);
  return mfaChallengeResponseSchema.parse(res.json()).data.type;
}

/** The newest message the test gateway "sent" to the number, read the documented way. */
async function outbox(phoneNumber: string) {
  const res = await t.app.inject({ url: `/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(phoneNumber)}` });
  assert.equal(res.statusCode, 200, res.body);
  return smsOutboxResponseSchema.parse(res.json()).messages;
}

async function latestCode(phoneNumber: string): Promise<string> {
  const [newest] = await outbox(phoneNumber);
  const code = /\b(\d{4})\b/.exec(newest?.text ?? '')?.[1];
  assert.ok(code, `no code in the outbox for ${phoneNumber}`);
  return code;
}

/** A 4-digit code that is certainly not `code`. */
const wrongCode = (code: string) => (code === '0000' ? '1111' : '0000');

async function frontPageOffer(caller: SignedInCaller) {
  const res = await t.app.inject({ url: '/en', headers: caller.headers });
  assert.equal(res.statusCode, 200);
  return initialStateOf(res).mfaOnboardingParam;
}

describe('POST /api/mfa-onboarding', () => {
  it('refuses a call without the csrfToken (403) and sends nothing', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = (await outbox(MIKKO_PHONE)).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/mfa-onboarding?lang=en', headers: mikko.headers, payload: { phoneNumber: MIKKO_PHONE } });
    assert.equal(res.statusCode, 403);
    assert.equal(apiErrorSchema.parse(res.json()).type, 'CsrfTokenInvalid');
    assert.equal((await outbox(MIKKO_PHONE)).length, before);
  });

  it('answers anonymous callers 401', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/api/mfa-onboarding?lang=en', payload: { phoneNumber: MIKKO_PHONE } });
    assert.equal(post.statusCode, 401);
    assert.equal(apiErrorSchema.parse(post.json()).type, 'Unauthorized');
    const put = await t.app.inject({ method: 'PUT', url: '/api/mfa-onboarding', payload: { challengeResponseFromUser: '1234' } });
    assert.equal(put.statusCode, 401);
  });

  it('answers a bad phone number with 400 naming phoneNumber', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const phoneNumber of ['12345', '+358 40 abc 0101', '++358401234567', '']) {
      const res = await requestCode(mikko, phoneNumber);
      assert.equal(res.statusCode, 400, phoneNumber);
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path), ['phoneNumber']);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/mfa-onboarding?csrfToken=${encodeURIComponent(mikko.csrfToken)}`,
      headers: mikko.headers,
      payload: {},
    });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(missing.json()).details.map((d) => d.path), ['phoneNumber']);
  });

  it('sends a 4-digit code in the chosen language to the number, spaces removed', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await requestCode(mikko, '+358 40 555 0101', 'fi');
    assert.equal(res.statusCode, 200);
    assert.deepEqual(mfaOnboardingRequestResponseSchema.parse(res.json()), { type: 'success' });
    const [newest] = await outbox('+358 40 555 0101');
    assert.equal(newest?.phoneNumber, MIKKO_PHONE);
    assert.match(newest?.text ?? '', /^Asiointipalvelun vahvistuskoodisi on \d{4}\./);
  });

  it('stores a number written with a leading 0 as the contact forms do, +358 and no spaces (issue 28: one phone normaliser)', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    const res = await requestCode(pekka, ' 040 555 0199 ', 'en');
    assert.equal(res.statusCode, 200);
    const [newest] = await outbox('040 555 0199');
    assert.equal(newest?.phoneNumber, '+358405550199');
    assert.deepEqual(await outbox('+358405550199'), [newest]);
  });

  it('limits code requests per person: too many → 429 with Retry-After', async () => {
    const leena = await signIn(t.app, PERSONAS.leena);
    for (let i = 0; i < 5; i += 1) assert.equal((await requestCode(leena, '+358445550303')).statusCode, 200);
    const refused = await requestCode(leena, '+358445550303');
    assert.equal(refused.statusCode, 429);
    assert.equal(apiErrorSchema.parse(refused.json()).type, 'TooManyRequests');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    // another person is not affected
    const jukka = await signIn(t.app, PERSONAS.jukka);
    assert.equal((await requestCode(jukka, '+358 40 000 0000')).statusCode, 200);
  });
});

describe('PUT /api/mfa-onboarding', () => {
  it('refuses a call without the csrfToken (403)', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ method: 'PUT', url: '/api/mfa-onboarding', headers: mikko.headers, payload: { challengeResponseFromUser: '1234' } });
    assert.equal(res.statusCode, 403);
    assert.equal(apiErrorSchema.parse(res.json()).type, 'CsrfTokenInvalid');
  });

  it('answers a malformed code with 400 naming challengeResponseFromUser', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    for (const code of ['123', '12345', '12a4', '']) {
      const res = await answer(mikko, code);
      assert.equal(res.statusCode, 400, code);
      assert.deepEqual(validationErrorSchema.parse(res.json()).details.map((d) => d.path), ['challengeResponseFromUser']);
    }
  });

  it('wrong code → mfa-challenge-failed twice, the third wrong → too-many-mfa-attempts, and then even the right code is refused', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.equal((await requestCode(mikko, MIKKO_PHONE)).statusCode, 200);
    const code = await latestCode(MIKKO_PHONE);
    assert.equal(await outcome(mikko, wrongCode(code)), 'mfa-challenge-failed');
    assert.equal(await outcome(mikko, wrongCode(code)), 'mfa-challenge-failed');
    assert.equal(await outcome(mikko, wrongCode(code)), 'too-many-mfa-attempts');
    assert.equal(await outcome(mikko, code), 'too-many-mfa-attempts');
    assert.deepEqual(await frontPageOffer(mikko), { phoneNumber: '+358 40 555 0101' });
  });

  it('an expired challenge → too-many-mfa-attempts', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.equal((await requestCode(mikko, MIKKO_PHONE)).statusCode, 200);
    const code = await latestCode(MIKKO_PHONE);
    await t.app.db.execute(sql`update mfa_challenges set expires_at = now() - interval '1 second' where person_id = ${mikko.personId}`);
    assert.equal(await outcome(mikko, code), 'too-many-mfa-attempts');
  });

  it('another patient cannot answer someone else\'s challenge', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const aino = await signIn(t.app, PERSONAS.aino);
    assert.equal((await requestCode(mikko, MIKKO_PHONE)).statusCode, 200);
    const code = await latestCode(MIKKO_PHONE);
    assert.notEqual(await outcome(aino, code), 'mfa-ok');
    // Mikko's challenge is untouched and SMS login is still off for him
    assert.deepEqual(await frontPageOffer(mikko), { phoneNumber: '+358 40 555 0101' });
    assert.equal(await outcome(mikko, wrongCode(code)), 'mfa-challenge-failed');
  });

  it('the right code → mfa-ok, SMS login is on and the front page no longer offers the box', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    assert.deepEqual(await frontPageOffer(mikko), { phoneNumber: '+358 40 555 0101' });
    assert.equal((await requestCode(mikko, '+358 40 555 0101')).statusCode, 200);
    const code = await latestCode(MIKKO_PHONE);
    assert.equal(await outcome(mikko, code), 'mfa-ok');
    assert.equal(await frontPageOffer(mikko), null);
    // the code is used up
    assert.equal(await outcome(mikko, code), 'too-many-mfa-attempts');
    const rows = await t.app.db.select().from(mfaChallenges).where(eq(mfaChallenges.personId, mikko.personId));
    assert.equal(rows.length, 0);
  });
});

describe('GET /api/dev/sms-outbox', () => {
  it('hands codes only to this machine, in production as in development (issue 10 §5)', async () => {
    for (const environment of ['production', 'development']) {
      const app = await createTestApp({ APP_ENV: environment });
      try {
        const url = `/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(MIKKO_PHONE)}`;
        assert.equal((await app.app.inject({ url, remoteAddress: '198.51.100.20' })).statusCode, 403, environment);
        assert.equal((await app.app.inject({ url })).statusCode, 200, environment);
      } finally {
        await app.close();
      }
    }
  });
});

describe('logging', () => {
  it('the log never holds the phone number or the code, while requests are logged', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({}, { logLines: lines });
    try {
      const caller = await signIn(logged.app, PERSONAS.mikko);
      const post = (phoneNumber: string) =>
        logged.app.inject({
          method: 'POST',
          url: `/api/mfa-onboarding?csrfToken=${encodeURIComponent(caller.csrfToken)}&lang=fi`,
          headers: caller.headers,
          payload: { phoneNumber },
        });
      assert.equal((await post(MIKKO_PHONE)).statusCode, 200);
      const messages = await logged.app.inject({ url: `/api/dev/sms-outbox?phoneNumber=${encodeURIComponent(MIKKO_PHONE)}` });
      const code = /\b(\d{4})\b/.exec(smsOutboxResponseSchema.parse(messages.json()).messages[0]?.text ?? '')?.[1];
      assert.ok(code);
      await logged.app.inject({
        method: 'PUT',
        url: `/api/mfa-onboarding?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
        headers: caller.headers,
        payload: { challengeResponseFromUser: code },
      });
      const log = lines.join('');
      assert.match(log, /mfa-onboarding/, 'the requests were logged');
      for (const secret of [MIKKO_PHONE, '405550101', `"${code}"`, caller.csrfToken]) {
        assert.ok(!log.includes(secret), `the log holds ${secret.slice(0, 4)}…`);
      }
    } finally {
      await logged.close();
    }
  });
});
