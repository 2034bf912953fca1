import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config';
import { createMemoryCounters } from '../src/counters/memory';
import { slidingEstimate } from '../src/util/sliding-window';
import { createTestApp, signIn, type TestApp } from './helpers';

/**
 * Issue 10 §5: fair use per signed-in person and per client, and safe defaults. Issue 30: several
 * instances share the count on Redis (counters-redis.test.ts); without it each counts in memory.
 */

const MIKKO = '150385-9013';
const AINO = '021178-912P';
const FRONT_PAGE = '/api/pages/front-page?lang=fi';

describe('calls per minute (API_RATE_LIMIT_PER_SESSION, API_RATE_LIMIT_PER_CLIENT)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_SESSION: '5', API_RATE_LIMIT_PER_CLIENT: '4' });
  });
  after(async () => t?.close());

  it('answers a session past its limit 429 with Retry-After, while another session and /healthz go on', async () => {
    const mikko = await signIn(t.app, MIKKO);
    const aino = await signIn(t.app, AINO);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: mikko.headers })).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200]);
    const over = await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: mikko.headers });
    assert.equal(over.statusCode, 429);
    assert.equal(over.json().type, 'TooManyRequests');
    const retryAfter = Number(over.headers['retry-after']);
    // sliding window: until the minute's calls have slid far enough out, at most two minutes
    assert.ok(retryAfter >= 1 && retryAfter <= 120, `Retry-After ${over.headers['retry-after']}`);
    assert.equal((await t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: aino.headers })).statusCode, 200);
    for (let i = 0; i < 10; i++) assert.equal((await t.app.inject({ method: 'GET', url: '/healthz', headers: mikko.headers })).statusCode, 200);
  });

  it('counts callers without a session by their address', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/fi/kirjaudu', remoteAddress });
    for (let i = 0; i < 4; i++) assert.equal((await from('203.0.113.10')).statusCode, 200);
    assert.equal((await from('203.0.113.10')).statusCode, 429);
    assert.equal((await from('203.0.113.11')).statusCode, 200);
  });

  it('never limits static files, which are the same for everyone', async () => {
    const caller = await signIn(t.app, MIKKO);
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/remotes.json', headers: caller.headers });
      assert.equal(res.statusCode, 200);
    }
  });
});

describe('calls in flight at once (API_CONCURRENT_PER_SESSION)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ API_CONCURRENT_PER_SESSION: '3' });
  });
  after(async () => t?.close());

  it('lets one session run at most 3 reads at once (20 asked), never slowing another session or /healthz', async () => {
    const mikko = await signIn(t.app, MIKKO);
    const aino = await signIn(t.app, AINO);
    const burst = Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/pages/records.laboratory?lang=fi', headers: mikko.headers }));
    const others = [t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: aino.headers }), t.app.inject({ method: 'GET', url: '/healthz', headers: mikko.headers })];
    const answers = await Promise.all(burst);
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    assert.equal(ok.length + refused.length, 20, `statuses: ${answers.map((a) => a.statusCode).join(',')}`);
    assert.ok(ok.length >= 1 && ok.length <= 3, `${ok.length} ran at once`);
    for (const answer of refused) {
      assert.equal(answer.headers['retry-after'], '1');
      assert.equal(answer.json().type, 'TooManyRequests');
    }
    const [ainoAnswer, health] = await Promise.all(others);
    assert.equal(ainoAnswer?.statusCode, 200);
    assert.equal(health?.statusCode, 200);
    assert.equal(health?.headers['x-session-expires'], undefined, '/healthz reads no session');
    // Finished calls give their places back.
    const later = await Promise.all(Array.from({ length: 3 }, () => t.app.inject({ method: 'GET', url: FRONT_PAGE, headers: mikko.headers })));
    assert.deepEqual(later.map((a) => a.statusCode), [200, 200, 200]);
  });
});

describe('safe defaults', () => {
  it('APP_ENV follows NODE_ENV unless set', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).environment, 'production');
    assert.equal(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).environmentSource, 'NODE_ENV');
    assert.equal(loadConfig({ NODE_ENV: 'production', APP_ENV: 'development', DEMO: 'true' }).environment, 'development');
    assert.equal(loadConfig({ DEMO: 'true' }).environment, 'development');
  });

  describe('a production build', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ APP_ENV: '', NODE_ENV: 'production', STAFF_API_TOKEN: 'fair-use-test-staff-token' });
    });
    after(async () => t?.close());

    it('allows no localhost origins in its CSP and frames nothing (X-Frame-Options agrees with frame-ancestors)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/fi' });
      const csp = String(res.headers['content-security-policy']);
      assert.doesNotMatch(csp, /localhost|127\.0\.0\.1/);
      assert.match(csp, /frame-ancestors 'none'/);
      assert.equal(res.headers['x-frame-options'], 'DENY');
    });

    it('hands the SMS outbox only to this machine or to the staff token', async () => {
      const url = '/api/dev/sms-outbox?phoneNumber=%2B358405550101';
      const remote = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      assert.equal(remote.statusCode, 403);
      const proxied = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': '203.0.113.7' } });
      assert.equal(proxied.statusCode, 403, 'a request through a proxy is not local');
      const wrongToken = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer nope' } });
      assert.equal(wrongToken.statusCode, 403);
      const staff = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer fair-use-test-staff-token' } });
      assert.equal(staff.statusCode, 200);
      const local = await t.app.inject({ method: 'GET', url });
      assert.equal(local.statusCode, 200);
      assert.equal(local.headers['cache-control'], 'no-store');
    });
  });
});

describe('limits slide: no double share across a window’s edge (issue 27)', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t?.close());

  const MINUTE = 60_000;
  /** The last second of a minute window, and the first of the next one. */
  const edge = Math.floor(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;

  it('the fair-use counter refuses a flood that fills the end of one minute and the start of the next', async () => {
    const counters = createMemoryCounters();
    const key = `test:slide:${Math.random()}`;
    const estimate = async (now: number) => Math.ceil(slidingEstimate(await counters.hit(key, MINUTE, now)));
    for (let i = 1; i <= 10; i++) assert.equal(await estimate(edge - 1_000), i);
    // a fixed window would start again at 1; the sliding one still sees the ten of a second ago
    const next = await estimate(edge + 1_000);
    assert.ok(next > 10, `counted ${next}`);
    // a minute later the burst has slid out of the window
    assert.ok((await estimate(edge + MINUTE + 1_000)) <= 2);
  });

  it('the identification and reservation counters do the same', async () => {
    const key = `test:attempts:${Math.random()}`;
    const rule = { max: 10, windowSeconds: 60 };
    for (let i = 0; i < 10; i++) assert.equal((await t.app.attemptLimiter.count(key, rule, new Date(edge - 1_000))).allowed, true);
    const refused = await t.app.attemptLimiter.count(key, rule, new Date(edge + 1_000));
    assert.equal(refused.allowed, false);
    assert.ok(refused.retryAfterSeconds > 1 && refused.retryAfterSeconds <= 60, `Retry-After ${refused.retryAfterSeconds}`);
    assert.equal((await t.app.attemptLimiter.count(key, rule, new Date(edge + MINUTE + 30_000))).allowed, true);
  });
});
