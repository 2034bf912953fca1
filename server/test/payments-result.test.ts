import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { payInvoicePageStateSchema, paymentResultPageStateSchema, PAYMENT_CALLBACK_PATH } from '@portal/shared-api';
import { people } from '../src/modules/patients/schema';
import { signedReturnUrl } from '../src/demo/payment-provider/test-provider';
import { PERSONAS } from '../src/demo/seed/personas';
import { helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';
import { createPayment, insertInvoice, pathOf, paymentsOf, type TestInvoice } from './payments-checkout-fixtures';

/**
 * Spec part 2 §2.3 "Payment result page" and "Invoice payment page", §8 Payments: the pages' loaders
 * over GET /api/pages/…, the result read from what the provider's signed returns recorded.
 */
let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;

before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
});
after(async () => t.close());

const resultPage = (caller: SignedInCaller, invoiceNumber: string, lang = 'fi') =>
  t.app.inject({ url: `/api/pages/payments.payment?lang=${lang}&id=${invoiceNumber}`, headers: caller.headers });

async function reportBack(invoice: TestInvoice, status: 'ok' | 'fail' | 'pending' | 'delayed', reason: 'cardExpired' | null = null) {
  const [payment] = (await paymentsOf(t.app, invoice.id)).slice(-1);
  const url = signedReturnUrl(
    t.config.modules.payments,
    `http://localhost:8080${PAYMENT_CALLBACK_PATH}`,
    { amount: invoice.sumCents, stamp: payment!.stamp, reference: invoice.invoiceNumber, transactionId: payment!.transactionId! },
    status,
    'aurora',
    reason,
  );
  const res = await t.app.inject({ url: pathOf(url) });
  assert.equal(res.statusCode, 200, res.body);
}

describe('payments.payment: the result of the latest attempt', () => {
  it('a payment the provider has not answered is pending', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 3_310 });
    await createPayment(t.app, mikko, invoice);
    const res = await resultPage(mikko, invoice.invoiceNumber);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(paymentResultPageStateSchema.parse(res.json().state), {
      status: 'ok',
      result: 'pending',
      failureReason: null,
      refund: null,
      invoice: { invoiceNumber: invoice.invoiceNumber, sumCents: 3_310, paid: false, paidDate: null, open: true },
    });
  });

  it('ok: the invoice is paid, with today’s date', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    await createPayment(t.app, mikko, invoice);
    await reportBack(invoice, 'ok');
    const state = paymentResultPageStateSchema.parse((await resultPage(mikko, invoice.invoiceNumber, 'en')).json().state);
    assert.ok(state.status === 'ok');
    assert.equal(state.result, 'ok');
    assert.deepEqual(state.invoice, { invoiceNumber: invoice.invoiceNumber, sumCents: invoice.sumCents, paid: true, paidDate: helsinkiToday(), open: false });
  });

  it('fail: the provider’s reason, the invoice still open and unpaid', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    await createPayment(t.app, mikko, invoice);
    await reportBack(invoice, 'fail', 'cardExpired');
    const state = paymentResultPageStateSchema.parse((await resultPage(mikko, invoice.invoiceNumber, 'sv')).json().state);
    assert.ok(state.status === 'ok');
    assert.deepEqual([state.result, state.failureReason, state.invoice.paid, state.invoice.open], ['fail', 'cardExpired', false, true]);
  });

  it('delayed: as the provider reported it', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    await createPayment(t.app, mikko, invoice);
    await reportBack(invoice, 'delayed');
    const state = paymentResultPageStateSchema.parse((await resultPage(mikko, invoice.invoiceNumber)).json().state);
    assert.ok(state.status === 'ok' && state.result === 'delayed');
  });

  it('the latest attempt counts: a failure, then a new payment that succeeds', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    await createPayment(t.app, mikko, invoice);
    await reportBack(invoice, 'fail');
    await createPayment(t.app, mikko, invoice);
    await reportBack(invoice, 'ok');
    const state = paymentResultPageStateSchema.parse((await resultPage(mikko, invoice.invoiceNumber)).json().state);
    assert.ok(state.status === 'ok');
    assert.deepEqual([state.result, state.failureReason, state.invoice.paid], ['ok', null, true]);
  });

  it('another patient’s invoice and an unknown number are not found (404)', async () => {
    const ainos = await insertInvoice(t.app, aino.personId);
    for (const res of [await resultPage(mikko, ainos.invoiceNumber), await resultPage(mikko, '12345678901234')]) {
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json().state, { status: 'invoice-not-found' });
    }
    assert.equal((await resultPage(aino, ainos.invoiceNumber)).statusCode, 200);
  });
});

describe('payments.pay: the invoice and the payment request’s customer', () => {
  const payPage = (caller: SignedInCaller, invoiceNumber: string) =>
    t.app.inject({ url: `/api/pages/payments.pay?lang=fi&id=${invoiceNumber}`, headers: caller.headers });

  it('the invoice in cents and Mikko’s own contact details, his e-mail valid', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 10_001 });
    const res = await payPage(mikko, invoice.invoiceNumber);
    assert.equal(res.statusCode, 200, res.body);
    const state = payInvoicePageStateSchema.parse(res.json().state);
    assert.ok(state.status === 'ok');
    assert.equal(state.invoice.sumCents, 10_001);
    assert.equal(state.invoice.rows[0]!.unitPriceCents, 10_001);
    assert.equal(state.invoice.canBePaidOnline, true);
    assert.equal(state.emailValid, true);
    assert.deepEqual(
      { email: state.customer.email, firstName: state.customer.firstName, lastName: state.customer.lastName },
      { email: 'mikko.virtanen@example.fi', firstName: 'Mikko', lastName: 'Virtanen' },
    );
  });

  it('without a valid e-mail the page knows it (§2.3: the e-mail-required notice)', async () => {
    const [before] = await t.app.db.select({ email: people.email }).from(people).where(eq(people.id, aino.personId));
    try {
      const invoice = await insertInvoice(t.app, aino.personId);
      for (const email of [null, 'aino.korhonen@', 'aino korhonen@example.fi']) {
        await t.app.db.update(people).set({ email }).where(eq(people.id, aino.personId));
        const state = payInvoicePageStateSchema.parse((await payPage(aino, invoice.invoiceNumber)).json().state);
        assert.ok(state.status === 'ok');
        assert.equal(state.emailValid, false, String(email));
      }
    } finally {
      await t.app.db.update(people).set({ email: before!.email }).where(eq(people.id, aino.personId));
    }
  });

  it('another patient’s invoice is not found (404)', async () => {
    const ainos = await insertInvoice(t.app, aino.personId);
    const res = await payPage(mikko, ainos.invoiceNumber);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json().state, { status: 'invoice-not-found' });
  });
});
