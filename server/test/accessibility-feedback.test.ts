import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCESSIBILITY_FEEDBACK_PATH, ACCESSIBILITY_FEEDBACK_STAFF_PATH, type AccessibilityFeedbackItem } from '@portal/shared-api';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type TestApp } from './helpers';

/**
 * The accessibility statement's feedback channel over HTTP: stored and listed for staff, validated
 * with field paths, CSRF for a signed-in caller and cross-site browsers, and its hourly limit.
 */

const STAFF_TOKEN = 'test-staff-token-0123456789';
const staff = { authorization: `Bearer ${STAFF_TOKEN}` };

interface ValidationAnswer {
  type: string;
  details: { path: string; message: string }[];
}

async function staffList(t: TestApp): Promise<AccessibilityFeedbackItem[]> {
  const res = await t.app.inject({ method: 'GET', url: ACCESSIBILITY_FEEDBACK_STAFF_PATH, headers: staff });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { feedback: AccessibilityFeedbackItem[] }).feedback;
}

describe('accessibility feedback', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ STAFF_API_TOKEN: STAFF_TOKEN, ACCESSIBILITY_FEEDBACK_PER_HOUR: '3' });
  });
  after(async () => t.close());

  it('stores anonymous feedback and lists it for staff, the newest first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${ACCESSIBILITY_FEEDBACK_PATH}?lang=sv`,
      remoteAddress: '198.51.100.1',
      payload: { page: ' Ajanvaraus ', description: 'Kalenterin päivät eivät ole näppäimistöllä valittavissa.', email: 'anna@example.fi' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const body = res.json() as { type: string; id: number; received: string };
    assert.equal(body.type, 'success');
    assert.ok(body.id > 0);
    assert.equal(res.headers['cache-control'], 'no-store');

    const [newest] = await staffList(t);
    assert.deepEqual(
      { ...newest, received: undefined },
      {
        id: body.id,
        received: undefined,
        brand: t.config.brand,
        lang: 'sv',
        page: 'Ajanvaraus',
        description: 'Kalenterin päivät eivät ole näppäimistöllä valittavissa.',
        email: 'anna@example.fi',
        signedIn: false,
      },
    );
  });

  it('stores signed-in feedback with the session’s csrfToken, without keeping who sent it', async () => {
    const caller = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({
      method: 'POST',
      url: `${ACCESSIBILITY_FEEDBACK_PATH}?lang=en&csrfToken=${encodeURIComponent(caller.csrfToken)}`,
      headers: caller.headers,
      payload: { description: 'The focus is lost after closing the dialog.', email: '' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const [newest] = await staffList(t);
    assert.equal(newest?.id, (res.json() as { id: number }).id);
    assert.equal(newest?.signedIn, true);
    assert.equal(newest?.page, null);
    assert.equal(newest?.email, null);
    assert.equal(newest?.lang, 'en');
    assert.doesNotMatch(JSON.stringify(newest), new RegExp(caller.personId));
  });

  it('answers 400 with the field paths of bad input, and stores nothing', async () => {
    const before = (await staffList(t)).length;
    const cases: { payload: unknown; paths: string[] }[] = [
      { payload: {}, paths: ['description'] },
      { payload: { description: '   ' }, paths: ['description'] },
      { payload: { description: 'x'.repeat(4001) }, paths: ['description'] },
      { payload: { description: 'ok', email: 'not an address' }, paths: ['email'] },
      { payload: { description: 'ok', page: 'p'.repeat(301), email: 'a@b' }, paths: ['email', 'page'] },
      { payload: { description: 42 }, paths: ['description'] },
    ];
    for (const [i, { payload, paths }] of cases.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: ACCESSIBILITY_FEEDBACK_PATH,
        // each case from an address of its own: the hourly limit is not what this test is about
        remoteAddress: `198.51.100.${10 + i}`,
        payload: payload as object,
      });
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      const body = res.json() as ValidationAnswer;
      assert.equal(body.type, 'ValidationError');
      assert.deepEqual([...new Set(body.details.map((d) => d.path))].sort(), paths, JSON.stringify(payload));
    }
    const notJson = await t.app.inject({ method: 'POST', url: ACCESSIBILITY_FEEDBACK_PATH, headers: { 'content-type': 'application/json' }, remoteAddress: '198.51.100.30', payload: '{"description":' });
    assert.equal(notJson.statusCode, 400, notJson.body);
    assert.equal((await staffList(t)).length, before);
  });

  it('refuses a signed-in caller without the csrfToken, and a cross-site browser without a session', async () => {
    const caller = await signIn(t.app, PERSONAS.mikko);
    const before = (await staffList(t)).length;
    const payload = { description: 'forged' };
    const noToken = await t.app.inject({ method: 'POST', url: ACCESSIBILITY_FEEDBACK_PATH, headers: caller.headers, payload });
    assert.equal(noToken.statusCode, 403, noToken.body);
    assert.equal((noToken.json() as { type: string }).type, 'CsrfTokenInvalid');
    const wrongToken = await t.app.inject({ method: 'POST', url: `${ACCESSIBILITY_FEEDBACK_PATH}?csrfToken=wrong`, headers: caller.headers, payload });
    assert.equal(wrongToken.statusCode, 403, wrongToken.body);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: ACCESSIBILITY_FEEDBACK_PATH,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      remoteAddress: '198.51.100.40',
      payload,
    });
    assert.equal(crossSite.statusCode, 403, crossSite.body);
    assert.equal((await staffList(t)).length, before);
  });

  it('limits feedback per client address an hour (429 with Retry-After), whatever the body', async () => {
    const send = () => t.app.inject({ method: 'POST', url: ACCESSIBILITY_FEEDBACK_PATH, remoteAddress: '203.0.113.77', payload: { description: 'again' } });
    for (let i = 0; i < 3; i++) assert.equal((await send()).statusCode, 201);
    const refused = await send();
    assert.equal(refused.statusCode, 429, refused.body);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal((refused.json() as { type: string }).type, 'TooManyRequests');
    // another address still may
    const other = await t.app.inject({ method: 'POST', url: ACCESSIBILITY_FEEDBACK_PATH, remoteAddress: '203.0.113.78', payload: { description: 'hello' } });
    assert.equal(other.statusCode, 201, other.body);
  });

  it('limits a signed-in patient as themselves: a new session buys no new allowance', async () => {
    const send = async () => {
      const caller = await signIn(t.app, PERSONAS.aino);
      return t.app.inject({
        method: 'POST',
        url: `${ACCESSIBILITY_FEEDBACK_PATH}?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
        headers: caller.headers,
        remoteAddress: '203.0.113.90',
        payload: { description: 'from a session of my own' },
      });
    };
    for (let i = 0; i < 3; i++) assert.equal((await send()).statusCode, 201);
    const refused = await send();
    assert.equal(refused.statusCode, 429, refused.body);
    assert.ok(Number(refused.headers['retry-after']) > 0);
  });

  it('shows the list only with the staff token', async () => {
    const none = await t.app.inject({ method: 'GET', url: ACCESSIBILITY_FEEDBACK_STAFF_PATH });
    assert.equal(none.statusCode, 401);
    const wrong = await t.app.inject({ method: 'GET', url: ACCESSIBILITY_FEEDBACK_STAFF_PATH, headers: { authorization: 'Bearer nope' } });
    assert.equal(wrong.statusCode, 401);
    const caller = await signIn(t.app, PERSONAS.mikko);
    const patient = await t.app.inject({ method: 'GET', url: ACCESSIBILITY_FEEDBACK_STAFF_PATH, headers: caller.headers });
    assert.equal(patient.statusCode, 401);
  });
});

describe('accessibility feedback without a staff token', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  it('still takes feedback, and lists it to nobody', async () => {
    const res = await t.app.inject({ method: 'POST', url: ACCESSIBILITY_FEEDBACK_PATH, payload: { description: 'Contrast is low on the footer.' } });
    assert.equal(res.statusCode, 201, res.body);
    const list = await t.app.inject({ method: 'GET', url: ACCESSIBILITY_FEEDBACK_STAFF_PATH, headers: { authorization: 'Bearer anything' } });
    assert.equal(list.statusCode, 401);
  });
});
