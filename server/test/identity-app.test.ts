import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { validationErrorSchema } from '@portal/shared-api';
import { createTestApp, initialStateOf, type TestApp } from './helpers';
import { brokerForm, ensureIdentityTables, lastStep, TestBrowser } from './identity-harness';

/** The sign-in inside the core's buildApp: its cookies, helmet, body parsers, sessions and pages. */
let t: TestApp;

before(async () => {
  t = await createTestApp();
  // Until the committed migrations include the identity tables (db:generate is the lead's).
  await ensureIdentityTables(t.app.db);
});
after(async () => t?.close());

describe('sign-in in the portal application', () => {
  test('a persona signs in through the built-in broker and the next page knows them', async () => {
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const steps = await browser.navigate('GET', '/oauth/authenticate?lang=fi&next=%2Ffi%2Fkaynnit&acr_values=op');
    const page = lastStep(steps);
    assert.equal(page.response.statusCode, 200);
    assert.match(page.response.body, /<h1>OP<\/h1>/);
    assert.match(page.response.body, /<label for="identity-code">Henkilötunnus<\/label>/);
    const csp = String(page.response.headers['content-security-policy']);
    assert.match(csp, /form-action 'self'/, 'the broker page is served under the portal CSP');
    assert.doesNotMatch(page.response.body, /<script/);

    const form = brokerForm(page.response.body);
    const finish = await browser.navigate('POST', form.action, { token: form.token, identityCode: '150385-9013' }, '/fi/');
    const callback = finish.find((s) => s.url.startsWith('/oauth/callback'));
    assert.ok(callback);
    assert.equal(callback.response.statusCode, 303);
    assert.equal(callback.response.headers.location, '/fi/kaynnit#signed-in');
    assert.ok(browser.cookie('portal_session'));

    const front = await browser.request('GET', '/fi');
    assert.equal(front.statusCode, 200);
    const state = initialStateOf(front);
    assert.equal(state.user?.firstName, 'Mikko');
    assert.equal(state.user?.lastName, 'Virtanen');
  });

  test('an invalid identity code is shown again with its error, without a redirect', async () => {
    const browser = new TestBrowser(t.app, t.config.publicUrl);
    const page = lastStep(await browser.navigate('GET', '/oauth/authenticate?lang=en&acr_values=nordea'));
    const form = brokerForm(page.response.body);
    const response = await browser.request('POST', form.action, { token: form.token, identityCode: '311299-456Y' });
    assert.equal(response.statusCode, 400);
    assert.equal(response.headers.location, undefined);
    assert.match(response.body, /Please check your identity number/);
    assert.match(response.body, /aria-invalid="true"/);
  });

  test('an unknown identification method answers 400 with the path acr_values', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=nope' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(
      validationErrorSchema.parse(response.json()).details.map((d) => d.path),
      ['acr_values'],
    );
  });

  test('a made-up callback lands on the login page with the error', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/oauth/callback?code=x&state=y' });
    assert.equal(response.statusCode, 303);
    assert.equal(response.headers.location, '/fi/kirjaudu?error=identification-failed');
  });
});
