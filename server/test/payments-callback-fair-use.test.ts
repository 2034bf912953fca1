import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PAYMENT_CALLBACK_PATH, PAYMENTS_PATH } from '@portal/shared-api';
import { signedReturnUrl } from '../src/demo/payment-provider/test-provider';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';
import { createPayment, insertInvoice, invoiceOf, pathOf, paymentsOf } from './payments-checkout-fixtures';

/**
 * Issue 27, payments 3: the provider's servers call back from a few addresses, many payments at
 * once. With the default fair use (24 calls in flight per client address) 50 parallel genuine
 * callbacks all answer 2xx: the callback is outside the per-client limits, its HMAC signature is
 * its protection. The limits still hold for the rest of the API from the same address.
 */
let t: TestApp;
let mikko: SignedInCaller;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
});
after(async () => t.close());

describe('the provider’s callbacks and fair use', () => {
  it('50 parallel genuinely signed callbacks from one address all answer 2xx and each pays its invoice', async () => {
    assert.equal(t.config.modules['fair-use'].concurrentPerClient, 24, 'the default per-client limit');
    const paid = [];
    for (let i = 0; i < 50; i++) {
      const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 1_000 + i });
      await createPayment(t.app, mikko, invoice);
      const [payment] = await paymentsOf(t.app, invoice.id);
      paid.push({ invoice, url: pathOf(signedReturnUrl(t.config.modules.payments, `${t.app.config.publicUrl}${PAYMENT_CALLBACK_PATH}`, { amount: invoice.sumCents, stamp: payment!.stamp, reference: invoice.invoiceNumber, transactionId: payment!.transactionId! }, 'ok', 'aurora', null)) });
    }
    const answers = await Promise.all(paid.map(({ url }) => t.app.inject({ url, headers: { 'user-agent': 'paytrail-callbacks' } })));
    assert.deepEqual(
      answers.map((a) => a.statusCode).filter((status) => status < 200 || status >= 300),
      [],
      `non-2xx: ${answers.filter((a) => a.statusCode >= 300).map((a) => `${a.statusCode} ${a.body.slice(0, 80)}`).join('; ')}`,
    );
    for (const { invoice } of paid) assert.equal((await invoiceOf(t.app, invoice.id)).status, 'paid');
  });

  it('the per-client limit still holds for other anonymous calls from that address (it is the callback that is exempt)', async () => {
    // anonymous POSTs to the payments API: refused (401) by the session check, but counted first
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'POST', url: PAYMENTS_PATH, payload: {} })));
    assert.ok(answers.some((a) => a.statusCode === 429), [...new Set(answers.map((a) => a.statusCode))].join(','));
  });
});
