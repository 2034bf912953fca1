import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_CALLBACK_PATH, PAYMENT_REDIRECT_PATH } from '@portal/shared-api';
import { signedReturnUrl } from '../src/demo/payment-provider/test-provider';
import { calculateSignature } from '../src/modules/payments/provider/signature';
import { PERSONAS } from '../src/demo/seed/personas';
import { helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';
import { startPaymentAttempt } from '../src/modules/payments/checkout/attempt';
import { createPayment, eventsOf, insertInvoice, invoiceOf, pathOf, paymentRequestFor, paymentsOf, postPayment, type TestInvoice } from './payments-checkout-fixtures';

/**
 * Issue 14 "Payment provider": the signed redirect and callback record a payment once however often
 * either arrives, and never on an unsigned, tampered or amount-mismatched request (400, nothing
 * changes). The returns are signed here as the provider signs them (the merchant's secret).
 */
let t: TestApp;
let mikko: SignedInCaller;

before(async () => {
  // 100 callbacks at once from one provider address are within its fair use here
  t = await createTestApp({ API_CONCURRENT_PER_CLIENT: '200', API_RATE_LIMIT_PER_CLIENT: '2000' });
  mikko = await signIn(t.app, PERSONAS.mikko);
});
after(async () => t.close());

const publicUrl = 'http://localhost:8080';
const config = () => t.config.modules.payments;

/** A created payment of a fresh invoice, as the database holds it. */
async function newPayment(app: FastifyInstance = t.app, sumCents = 6_480): Promise<{ invoice: TestInvoice; stamp: string; transactionId: string; id: number }> {
  const invoice = await insertInvoice(app, mikko.personId, { sumCents });
  await createPayment(app, mikko, invoice);
  const [payment] = await paymentsOf(app, invoice.id);
  return { invoice, stamp: payment!.stamp, transactionId: payment!.transactionId!, id: payment!.id };
}

function returnUrl(kind: 'redirect' | 'callback', payment: Awaited<ReturnType<typeof newPayment>>, status: 'ok' | 'fail' | 'pending' | 'delayed' = 'ok'): string {
  const base = kind === 'redirect' ? `${publicUrl}${PAYMENT_REDIRECT_PATH}?lang=en` : `${publicUrl}${PAYMENT_CALLBACK_PATH}`;
  const params = { amount: payment.invoice.sumCents, stamp: payment.stamp, reference: payment.invoice.invoiceNumber, transactionId: payment.transactionId };
  return pathOf(signedReturnUrl(config(), base, params, status, 'aurora', status === 'fail' ? 'cardDeclined' : null));
}

async function assertUnchanged(payment: Awaited<ReturnType<typeof newPayment>>) {
  const [row] = await paymentsOf(t.app, payment.invoice.id);
  assert.equal(row!.status, 'new');
  assert.equal((await eventsOf(t.app, payment.id)).length, 0);
  assert.equal((await invoiceOf(t.app, payment.invoice.id)).status, 'open');
}

describe('the provider’s signed return, recorded once', () => {
  it('a callback replayed 100 times in parallel records one payment and one paid move', async () => {
    const payment = await newPayment();
    const url = returnUrl('callback', payment);
    const answers = await Promise.all(Array.from({ length: 100 }, () => t.app.inject({ url })));
    assert.deepEqual([...new Set(answers.map((a) => a.statusCode))], [200]);
    const events = await eventsOf(t.app, payment.id);
    assert.equal(events.length, 100);
    assert.equal(events.filter((e) => e.applied).length, 1);
    const [row, ...others] = await paymentsOf(t.app, payment.invoice.id);
    assert.equal(others.length, 0);
    assert.equal(row!.status, 'ok');
    assert.ok(row!.settledAt);
    const invoice = await invoiceOf(t.app, payment.invoice.id);
    assert.deepEqual([invoice.status, invoice.paidDate], ['paid', helsinkiToday()]);
  });

  for (const order of [['redirect', 'callback'], ['callback', 'redirect']] as const) {
    it(`${order[0]} first, then ${order[1]}: the first records the payment, the second is a duplicate`, async () => {
      const payment = await newPayment();
      for (const kind of order) {
        const res = await t.app.inject({ url: returnUrl(kind, payment) });
        assert.equal(res.statusCode, kind === 'redirect' ? 303 : 200, res.body);
        if (kind === 'redirect') assert.equal(res.headers.location, `/en/payment/${payment.invoice.invoiceNumber}`);
      }
      const events = await eventsOf(t.app, payment.id);
      assert.deepEqual(
        events.map((e) => [e.kind, e.applied]),
        [
          [order[0], true],
          [order[1], false],
        ],
      );
      assert.equal((await invoiceOf(t.app, payment.invoice.id)).status, 'paid');
    });
  }

  it('ok is final: a late failure or pending after it changes nothing', async () => {
    const payment = await newPayment();
    await t.app.inject({ url: returnUrl('callback', payment, 'ok') });
    await t.app.inject({ url: returnUrl('callback', payment, 'fail') });
    await t.app.inject({ url: returnUrl('redirect', payment, 'pending') });
    const [row] = await paymentsOf(t.app, payment.invoice.id);
    assert.deepEqual([row!.status, row!.failureReason], ['ok', null]);
  });

  it('pending and delayed move on to the outcome; the invoice is paid when the bank confirms', async () => {
    const payment = await newPayment();
    await t.app.inject({ url: returnUrl('redirect', payment, 'pending') });
    assert.equal((await paymentsOf(t.app, payment.invoice.id))[0]!.status, 'pending');
    await t.app.inject({ url: returnUrl('callback', payment, 'delayed') });
    assert.equal((await paymentsOf(t.app, payment.invoice.id))[0]!.status, 'delayed');
    assert.equal((await invoiceOf(t.app, payment.invoice.id)).status, 'open');
    await t.app.inject({ url: returnUrl('callback', payment, 'ok') });
    assert.equal((await invoiceOf(t.app, payment.invoice.id)).status, 'paid');
  });

  it('two payments of one invoice both reported ok at once: the invoice is paid once, the other payment is a duplicate to refund, never a 5xx', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 1_999 });
    await createPayment(t.app, mikko, invoice);
    await createPayment(t.app, mikko, invoice);
    const [first, second] = await paymentsOf(t.app, invoice.id);
    const asPayment = (row: typeof first) => ({ invoice, stamp: row!.stamp, transactionId: row!.transactionId!, id: row!.id });
    const answers = await Promise.all([first, second].map((row) => t.app.inject({ url: returnUrl('callback', asPayment(row)) })));
    assert.deepEqual(answers.map((a) => a.statusCode), [200, 200]);
    const rows = await paymentsOf(t.app, invoice.id);
    assert.deepEqual(rows.map((r) => r.status).sort(), ['duplicate', 'ok']);
    assert.deepEqual(rows.map((r) => r.refundDue).sort(), [false, true]);
    assert.equal((await invoiceOf(t.app, invoice.id)).status, 'paid');
  });
});

/** A second attempt at the payment's invoice, written as the route writes one after its checks. */
function attemptAnother(payment: Awaited<ReturnType<typeof newPayment>>) {
  return startPaymentAttempt(t.app.db, {
    invoiceId: payment.invoice.id,
    stamp: randomUUID(),
    paidByPersonId: mikko.personId,
    amountCents: payment.invoice.sumCents,
  });
}

describe('no second payment beside one the bank is confirming (issue 14 "Payment provider")', () => {
  it('a new payment asked for while the callback confirms a pending one: refused (409), never a second payment', async () => {
    for (let round = 0; round < 10; round++) {
      const payment = await newPayment();
      await t.app.inject({ url: returnUrl('redirect', payment, 'pending') });
      const [callback, again] = await Promise.all([
        t.app.inject({ url: returnUrl('callback', payment, 'ok') }),
        postPayment(t.app, mikko, paymentRequestFor(payment.invoice)),
      ]);
      assert.equal(callback.statusCode, 200, callback.body);
      assert.equal(again.statusCode, 409, `round ${round}: ${again.statusCode} ${again.body.slice(0, 120)}`);
      const rows = await paymentsOf(t.app, payment.invoice.id);
      assert.deepEqual(rows.map((row) => row.status), ['ok']);
      assert.equal((await invoiceOf(t.app, payment.invoice.id)).status, 'paid');
    }
  });

  it('the invoice was read as open, then the callback paid it: the attempt is refused when it is written', async () => {
    // The interleaving the test above can only sometimes hit: the request's read of the invoice
    // happened before the callback, the attempt is written after it.
    const payment = await newPayment();
    await t.app.inject({ url: returnUrl('redirect', payment, 'pending') });
    await t.app.inject({ url: returnUrl('callback', payment, 'ok') });
    assert.deepEqual(await attemptAnother(payment), { kind: 'refused', reason: 'notOpen' });
    assert.equal((await paymentsOf(t.app, payment.invoice.id)).length, 1);
  });

  it('a pending payment blocks a new attempt even when the invoice is still open', async () => {
    const payment = await newPayment();
    await t.app.inject({ url: returnUrl('redirect', payment, 'pending') });
    assert.deepEqual(await attemptAnother(payment), { kind: 'refused', reason: 'awaitingBank' });
  });
});

describe('an unsigned, tampered or mismatched return answers 400 and changes nothing', () => {
  it('without a signature', async () => {
    const payment = await newPayment();
    const url = new URL(returnUrl('callback', payment), publicUrl);
    url.searchParams.delete('signature');
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().details[0].path, 'signature');
    await assertUnchanged(payment);
  });

  it('with a signature that does not match (a flipped character, another secret)', async () => {
    const payment = await newPayment();
    const url = new URL(returnUrl('redirect', payment), publicUrl);
    const signature = url.searchParams.get('signature')!;
    url.searchParams.set('signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    assert.equal((await t.app.inject({ url: `${url.pathname}${url.search}` })).statusCode, 400);
    const params = Object.fromEntries([...url.searchParams].filter(([name]) => name.startsWith('checkout-')));
    url.searchParams.set('signature', calculateSignature('someone-elses-secret-value', params));
    assert.equal((await t.app.inject({ url: `${url.pathname}${url.search}` })).statusCode, 400);
    await assertUnchanged(payment);
  });

  it('with a tampered amount, status or stamp (the signature no longer matches)', async () => {
    const payment = await newPayment();
    for (const [name, value] of [
      ['checkout-amount', '1'],
      ['checkout-status', 'ok'],
      ['checkout-stamp', '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const url = new URL(returnUrl('callback', payment, 'fail'), publicUrl);
      url.searchParams.set(name, value);
      const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
      assert.equal(res.statusCode, 400, name);
    }
    await assertUnchanged(payment);
  });

  it('signed with our secret but for another amount, transaction, reference or account (400 at that parameter)', async () => {
    const payment = await newPayment();
    const base = `${publicUrl}${PAYMENT_CALLBACK_PATH}`;
    const params = { amount: payment.invoice.sumCents, stamp: payment.stamp, reference: payment.invoice.invoiceNumber, transactionId: payment.transactionId };
    const cases = [
      [{ ...params, amount: payment.invoice.sumCents + 1 }, config(), 'checkout-amount'],
      [{ ...params, transactionId: 'another-transaction' }, config(), 'checkout-transaction-id'],
      [{ ...params, reference: '123' }, config(), 'checkout-reference'],
      [params, { ...config(), account: '999999' }, 'checkout-account'],
    ] as const;
    for (const [fields, signer, path] of cases) {
      const res = await t.app.inject({ url: pathOf(signedReturnUrl(signer, base, fields, 'ok', 'aurora', null)) });
      assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
      assert.equal(res.json().details[0].path, path);
    }
    await assertUnchanged(payment);
  });

  it('with a parameter given twice', async () => {
    const payment = await newPayment();
    const res = await t.app.inject({ url: `${returnUrl('callback', payment)}&checkout-status=ok` });
    assert.equal(res.statusCode, 400);
    await assertUnchanged(payment);
  });
});
