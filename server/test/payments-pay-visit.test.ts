import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { payVisitPageStateSchema } from '@portal/shared-api';
import { createTestApp, type TestApp } from './helpers';

/**
 * Spec part 2 §2.3 "Invoice notification landing" (anonymous): the own-visit sign-in at either brand
 * and the guardian's strong identification for a child, each going on to the invoices page.
 */
describe('payments.pay-visit', () => {
  let demo: TestApp;
  let configured: TestApp;
  before(async () => {
    demo = await createTestApp();
    configured = await createTestApp({ PAYMENT_CHILDREN_BRAND_URL: 'https://lapset.example.fi/' });
  });
  after(async () => {
    await demo.close();
    await configured.close();
  });

  it('answers without a session, in the page’s language', async () => {
    const res = await demo.app.inject({ url: '/api/pages/payments.pay-visit?lang=sv' });
    assert.equal(res.statusCode, 200, res.body);
    const state = payVisitPageStateSchema.parse(res.json().state);
    assert.deepEqual(state.ownVisitLinks, [
      { brand: 'adult', url: '/sv/logga-in?nextPath=%2Fsv%2Ffakturor' },
      // the demo's one server stands for the children's brand too
      { brand: 'children', url: 'http://localhost:8080/sv/logga-in?nextPath=%2Fsv%2Ffakturor' },
    ]);
    assert.equal(state.childVisitUrl, 'http://localhost:8080/sv/logga-in?nextPath=%2Fsv%2Ffakturor&acting=guardian');
  });

  it('the other brand’s links go to its configured address; a child’s visit is the guardian’s sign-in there', async () => {
    const res = await configured.app.inject({ url: '/api/pages/payments.pay-visit?lang=fi' });
    const state = payVisitPageStateSchema.parse(res.json().state);
    assert.deepEqual(
      state.ownVisitLinks.map((link) => link.url),
      ['/fi/kirjaudu?nextPath=%2Ffi%2Flaskut', 'https://lapset.example.fi/fi/kirjaudu?nextPath=%2Ffi%2Flaskut'],
    );
    assert.equal(state.childVisitUrl, 'https://lapset.example.fi/fi/kirjaudu?nextPath=%2Ffi%2Flaskut&acting=guardian');
  });
});
