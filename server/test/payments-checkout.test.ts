import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { paymentRefusalSchema, validationErrorSchema, type PaymentProvider } from '@portal/shared-api';
import { eq } from 'drizzle-orm';
import { payments } from '../src/modules/payments/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';
import {
  createPayment,
  insertInvoice,
  invoiceOf,
  pathOf,
  paymentRequestFor,
  paymentsOf,
  postForm,
  postPayment,
  eventsOf,
  callbacksSent,
} from './payments-checkout-fixtures';

/**
 * Spec part 2 §3 "Payment request" / "Payment response", §7 POST /api/payments/ and the provider form
 * post, §9 (one item, VAT 0, integer cents), issue 14 "Payment provider": the checkout over HTTP with
 * the built-in test provider, from the request to the result page.
 */
let t: TestApp;
let mikko: SignedInCaller;
let aino: SignedInCaller;

before(async () => {
  // the test provider's late callbacks come quickly here
  t = await createTestApp({ PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS: '30' });
  mikko = await signIn(t.app, PERSONAS.mikko);
  aino = await signIn(t.app, PERSONAS.aino);
});
after(async () => t.close());

/** Through the test provider's bank page: the provider's form, then the tester's choice; answers the redirect. */
async function payAtTestBank(provider: PaymentProvider, outcome: string): Promise<string> {
  const fields = Object.fromEntries(provider.parameters.map((p) => [p.name, p.value]));
  const page = await postForm(t.app, provider.url, fields);
  assert.equal(page.statusCode, 200, page.body);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  assert.ok(action, 'the bank page has a form');
  const done = await postForm(t.app, action.replaceAll('&amp;', '&'), { ...fields, outcome });
  assert.equal(done.statusCode, 303, done.body);
  return String(done.headers.location);
}

describe('POST /api/payments/ (spec part 2 §3, §7)', () => {
  it('answers the provider’s terms and its payment methods, and records the payment with its stamp and the provider’s transaction id', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 8_990 });
    const answer = await createPayment(t.app, mikko, invoice);
    assert.match(answer.terms, /testimaksupalvelun ehdot/);
    assert.deepEqual(
      answer.providers.map((p) => p.name),
      ['Aurora Pankki', 'Kaleva Osuuspankki', 'Saaristo Sparbank'],
    );
    for (const provider of answer.providers) {
      assert.match(provider.url, /\/test-payment-provider\/pay$/);
      assert.match(provider.svg, /\/test-payment-provider\/logos\/[a-z]+\.svg$/);
      assert.deepEqual(provider.parameters.map((p) => p.name), ['bank', 'payment', 'token']);
    }
    const [payment, ...others] = await paymentsOf(t.app, invoice.id);
    assert.equal(others.length, 0);
    assert.equal(payment!.status, 'new');
    assert.equal(payment!.amountCents, 8_990);
    assert.ok(Number.isInteger(payment!.amountCents));
    assert.match(payment!.stamp, /^[0-9a-f-]{36}$/);
    assert.ok(payment!.transactionId);
    assert.equal(payment!.paidByPersonId, mikko.personId);
  });

  it('the logo of each bank is an SVG served by the test provider', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice);
    const logo = await t.app.inject({ url: pathOf(providers[0]!.svg) });
    assert.equal(logo.statusCode, 200);
    assert.match(String(logo.headers['content-type']), /^image\/svg\+xml/);
    assert.match(logo.body, /<svg[\s\S]*Aurora/);
  });

  it('another patient’s invoice and an unknown number are not found (404), and nothing is recorded', async () => {
    const ainos = await insertInvoice(t.app, aino.personId);
    const res = await postPayment(t.app, mikko, paymentRequestFor(ainos));
    assert.equal(res.statusCode, 404, res.body);
    assert.equal(res.json().type, 'NotFound');
    assert.equal((await paymentsOf(t.app, ainos.id)).length, 0);
    const unknown = await postPayment(t.app, mikko, paymentRequestFor({ invoiceNumber: '999999999999', sumCents: 100 }));
    assert.equal(unknown.statusCode, 404);
  });

  it('an amount or unit price other than the invoice’s sum in cents is refused with its path (400)', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 5_000 });
    const amount = await postPayment(t.app, mikko, paymentRequestFor(invoice, { amount: 4_999 }));
    assert.equal(amount.statusCode, 400, amount.body);
    assert.deepEqual(validationErrorSchema.parse(amount.json()).details.map((d) => d.path), ['amount']);
    const unitPrice = await postPayment(t.app, mikko, {
      ...paymentRequestFor(invoice),
      items: [{ productCode: invoice.invoiceNumber, unitPrice: 1, units: 1, vatPercentage: 0 }],
    });
    assert.equal(unitPrice.statusCode, 400);
    assert.deepEqual(validationErrorSchema.parse(unitPrice.json()).details.map((d) => d.path), ['items.0.unitPrice']);
    assert.equal((await paymentsOf(t.app, invoice.id)).length, 0);
  });

  it('euros as a decimal, a VAT other than 0 and an invalid e-mail are refused by the contract (400 with paths)', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 5_000 });
    const cases: Array<[unknown, string]> = [
      [{ ...paymentRequestFor(invoice), amount: 50.0001 }, 'amount'],
      [{ ...paymentRequestFor(invoice), items: [{ productCode: 'x', unitPrice: 5_000, units: 1, vatPercentage: 24 }] }, 'items.0.vatPercentage'],
      [{ ...paymentRequestFor(invoice), customer: { email: 'not-an-address', firstName: 'Mikko', lastName: 'Virtanen' } }, 'customer.email'],
    ];
    for (const [body, path] of cases) {
      const res = await postPayment(t.app, mikko, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(validationErrorSchema.parse(res.json()).details.some((d) => d.path === path), `${path} in ${res.body}`);
    }
    assert.equal((await paymentsOf(t.app, invoice.id)).length, 0);
  });

  it('an invoice that cannot be paid online (paid, mailed, overdue) is refused with InvoiceNotPayable (409)', async () => {
    for (const overrides of [{ status: 'paid' as const, paidDate: helsinkiToday() }, { status: 'paper' as const }, { status: 'overdue' as const }]) {
      const invoice = await insertInvoice(t.app, mikko.personId, overrides);
      const res = await postPayment(t.app, mikko, paymentRequestFor(invoice));
      assert.equal(res.statusCode, 409, `${overrides.status}: ${res.body}`);
      assert.equal(paymentRefusalSchema.parse(res.json()).type, 'InvoiceNotPayable');
    }
  });

  it('a payment still awaiting the bank blocks a second one for a day, then the invoice is payable again', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    await createPayment(t.app, mikko, invoice);
    const [pending] = await paymentsOf(t.app, invoice.id);
    await t.app.db.update(payments).set({ status: 'pending' }).where(eq(payments.id, pending!.id));
    assert.equal((await postPayment(t.app, mikko, paymentRequestFor(invoice))).statusCode, 409);
    await t.app.db.update(payments).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(payments.id, pending!.id));
    assert.equal((await postPayment(t.app, mikko, paymentRequestFor(invoice))).statusCode, 200);
  });

  it('needs a signed-in patient', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const res = await t.app.inject({ method: 'POST', url: '/api/payments/', payload: paymentRequestFor(invoice) });
    assert.equal(res.statusCode, 401);
  });
});

describe('paying through the built-in test provider (issue 14)', () => {
  it('pay: the redirect goes to the payment result page, the invoice is paid today, and it cannot be paid again', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 4_250 });
    const { providers } = await createPayment(t.app, mikko, invoice);
    const redirect = await payAtTestBank(providers[1]!, 'pay');
    assert.match(redirect, /\/api\/payments\/return\?lang=fi&.*checkout-status=ok/);
    const back = await t.app.inject({ url: pathOf(redirect), headers: mikko.headers });
    assert.equal(back.statusCode, 303, back.body);
    assert.equal(back.headers.location, `/fi/maksu/${invoice.invoiceNumber}`);

    const paid = await invoiceOf(t.app, invoice.id);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.paidDate, helsinkiToday());
    const [payment] = await paymentsOf(t.app, invoice.id);
    assert.equal(payment!.status, 'ok');
    assert.equal(payment!.provider, 'kaleva');

    const again = await postPayment(t.app, mikko, paymentRequestFor(invoice));
    assert.equal(again.statusCode, 409, again.body);

    await callbacksSent(t.app, payment!.transactionId);
    const events = await eventsOf(t.app, payment!.id);
    assert.ok(events.some((e) => e.kind === 'callback'), 'the provider called back');
    assert.equal(events.filter((e) => e.applied).length, 1, 'one event recorded the payment');
  });

  it('cancel: the result is a failure with the reason cancelled, the invoice stays open and can be paid again', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice, 'SV');
    const redirect = await payAtTestBank(providers[0]!, 'cancel');
    const back = await t.app.inject({ url: pathOf(redirect) });
    assert.equal(back.headers.location, `/sv/betalning/${invoice.invoiceNumber}`);
    const [payment] = await paymentsOf(t.app, invoice.id);
    assert.equal(payment!.status, 'fail');
    assert.equal(payment!.failureReason, 'cancelled');
    assert.equal((await invoiceOf(t.app, invoice.id)).status, 'open');
    await callbacksSent(t.app, payment!.transactionId);
    assert.equal((await paymentsOf(t.app, invoice.id))[0]!.status, 'fail');
    const again = await postPayment(t.app, mikko, paymentRequestFor(invoice));
    assert.equal(again.statusCode, 200, again.body);
  });

  it('a failure reason picked at the bank is the payment’s failure reason', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice, 'EN');
    const redirect = await payAtTestBank(providers[2]!, 'insufficientFunds');
    assert.match(redirect, /checkout-failure-reason=insufficientFunds/);
    await t.app.inject({ url: pathOf(redirect) });
    const [payment] = await paymentsOf(t.app, invoice.id);
    assert.deepEqual([payment!.status, payment!.failureReason], ['fail', 'insufficientFunds']);
  });

  it('pay, confirmed later: pending on return, then the callback records the payment', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice);
    const redirect = await payAtTestBank(providers[0]!, 'pay-later');
    assert.match(redirect, /checkout-status=pending/);
    await t.app.inject({ url: pathOf(redirect) });
    // no new payment beside one the bank has yet to confirm
    const meanwhile = await postPayment(t.app, mikko, paymentRequestFor(invoice));
    await callbacksSent(t.app, (await paymentsOf(t.app, invoice.id))[0]?.transactionId);
    const [payment, ...others] = await paymentsOf(t.app, invoice.id);
    assert.equal(payment!.status, 'ok');
    assert.equal((await invoiceOf(t.app, invoice.id)).status, 'paid');
    if (meanwhile.statusCode === 200) assert.fail('a second payment was created while the first was pending');
    assert.equal(others.length, 0);
  });
});
