import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { paymentResponseSchema } from '@portal/shared-api';
import { calculateSignature, signatureMatches } from '../src/modules/payments/provider/signature';
import { callbackPlanOf, callbackSchedule, createTestProviderAdapter, outcomeOf } from '../src/demo/payment-provider/test-provider';
import { testProviderCallbacks } from '../src/modules/payments/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';
import { createPayment, insertInvoice, paymentRequestFor, paymentsOf, postForm, postPayment } from './payments-checkout-fixtures';

/**
 * Issue 14 "Payment provider": the adapter speaks Paytrail's signed protocol (checked against the
 * example of Paytrail's documentation and a stand-in Paytrail server), and the built-in test
 * provider's bank pages answer in the patient's language and only to its own signed forms.
 */

describe('Paytrail signatures (payment API v2 "Authentication")', () => {
  const headers = {
    'checkout-account': '375917',
    'checkout-algorithm': 'sha256',
    'checkout-method': 'POST',
    'checkout-nonce': '564635208570151',
    'checkout-timestamp': '2018-07-06T10:01:31.904Z',
  };
  const body = JSON.stringify({
    stamp: 'unique-identifier-for-merchant',
    reference: '3759170',
    amount: 1525,
    currency: 'EUR',
    language: 'FI',
    items: [{ unitPrice: 1525, units: 1, vatPercentage: 24, productCode: '#1234', deliveryDate: '2018-09-01' }],
    customer: { email: 'test.customer@example.com' },
    redirectUrls: { success: 'https://ecom.example.com/cart/success', cancel: 'https://ecom.example.com/cart/cancel' },
  });
  const documented = '3708f6497ae7cc55a2e6009fc90aa10c3ad0ef125260ee91b19168750f6d74f6';

  it('signs the documented example request as Paytrail does', () => {
    assert.equal(calculateSignature('SAIPPUAKAUPPIAS', headers, body), documented);
    // the order the headers come in does not matter; other headers are not signed
    const shuffled = Object.fromEntries([['content-type', 'application/json'], ...Object.entries(headers).reverse()]);
    assert.equal(calculateSignature('SAIPPUAKAUPPIAS', shuffled, body), documented);
  });

  it('verifies a signature in either letter case, and refuses another body, secret or an unknown algorithm', () => {
    assert.ok(signatureMatches('SAIPPUAKAUPPIAS', headers, documented, body));
    assert.ok(signatureMatches('SAIPPUAKAUPPIAS', headers, documented.toUpperCase(), body));
    assert.ok(!signatureMatches('SAIPPUAKAUPPIAS', headers, documented, `${body} `));
    assert.ok(!signatureMatches('SAIPPUAKAUPPIAs', headers, documented, body));
    assert.ok(!signatureMatches('SAIPPUAKAUPPIAS', { ...headers, 'checkout-algorithm': 'md5' }, documented, body));
    assert.ok(!signatureMatches('SAIPPUAKAUPPIAS', headers, undefined, body));
    const sha512 = { ...headers, 'checkout-algorithm': 'sha512' };
    assert.ok(signatureMatches('SAIPPUAKAUPPIAS', sha512, calculateSignature('SAIPPUAKAUPPIAS', sha512, body, 'sha512'), body));
  });
});

/** A stand-in for Paytrail's POST /payments: checks the request's signature and answers a signed payment. */
function fakePaytrail(secret: string, answer: { signed: boolean }) {
  const received: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown>; verified: boolean }> = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const verified = request.url === '/payments' && signatureMatches(secret, headers, headers.signature, text);
      received.push({ headers: request.headers, body: JSON.parse(text) as Record<string, unknown>, verified });
      if (!verified) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{"status":"error","message":"Invalid signature"}');
        return;
      }
      const out = JSON.stringify({
        transactionId: 'b3b5f1c8-7f7a-11ec-9a2c-1b2f2d3b4c5d',
        href: 'https://pay.paytrail.com/pay/b3b5f1c8',
        reference: '1',
        terms: 'By continuing, you accept the <a href="https://www.paytrail.com/en/terms">terms</a>',
        groups: [],
        providers: [
          {
            url: 'https://pay.paytrail.com/nordea',
            icon: 'https://resources.paytrail.com/images/payment-method-logos/nordea.png',
            svg: 'https://resources.paytrail.com/images/payment-method-logos/nordea.svg',
            group: 'bank',
            name: 'Nordea',
            id: 'nordea',
            parameters: [{ name: 'VERSION', value: '0003' }],
          },
        ],
      });
      const answerHeaders = { 'checkout-account': '375917', 'checkout-algorithm': 'sha256', 'checkout-transaction-id': 'b3b5f1c8', 'request-id': 'r1' };
      response
        .writeHead(201, {
          'content-type': 'application/json; charset=utf-8',
          ...answerHeaders,
          ...(answer.signed ? { signature: calculateSignature(secret, answerHeaders, out) } : {}),
        })
        .end(out);
    });
  });
  return { server, received };
}

describe('PAYMENT_PROVIDER=paytrail: POST /api/payments/ through Paytrail’s API', () => {
  const secret = 'a-merchant-secret-of-the-test';
  const answer = { signed: true };
  const paytrail = fakePaytrail(secret, answer);
  let t: TestApp;
  let mikko: SignedInCaller;

  before(async () => {
    await new Promise<void>((resolve) => paytrail.server.listen(0, '127.0.0.1', resolve));
    const { port } = paytrail.server.address() as AddressInfo;
    t = await createTestApp({
      PAYMENT_PROVIDER: 'paytrail',
      PAYMENT_PROVIDER_API_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER_ACCOUNT: '375917',
      PAYMENT_PROVIDER_SECRET: secret,
    });
    mikko = await signIn(t.app, PERSONAS.mikko);
  });
  after(async () => {
    await t.close();
    await new Promise((resolve) => paytrail.server.close(resolve));
  });

  it('sends the signed §3 request in integer cents (one item, VAT 0) with our stamp and return URLs, and answers Paytrail’s providers', async () => {
    answer.signed = true;
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 7_305 });
    const res = await postPayment(t.app, mikko, paymentRequestFor(invoice, { language: 'SV' }));
    assert.equal(res.statusCode, 200, res.body);
    const body = paymentResponseSchema.parse(res.json());
    assert.deepEqual(body.providers, [
      { name: 'Nordea', id: 'nordea', url: 'https://pay.paytrail.com/nordea', svg: 'https://resources.paytrail.com/images/payment-method-logos/nordea.svg', parameters: [{ name: 'VERSION', value: '0003' }] },
    ]);
    const sent = paytrail.received.at(-1)!;
    assert.ok(sent.verified, 'Paytrail verified our signature');
    assert.equal(sent.headers['checkout-account'], '375917');
    assert.equal(sent.headers['checkout-method'], 'POST');
    const [payment] = await paymentsOf(t.app, invoice.id);
    assert.deepEqual(
      { ...sent.body, redirectUrls: undefined, callbackUrls: undefined },
      {
        stamp: payment!.stamp,
        reference: invoice.invoiceNumber,
        amount: 7_305,
        currency: 'EUR',
        language: 'SV',
        items: [{ unitPrice: 7_305, units: 1, vatPercentage: 0, productCode: invoice.invoiceNumber }],
        customer: { email: 'mikko.virtanen@example.fi', firstName: 'Mikko', lastName: 'Virtanen', phone: '+358401234567' },
        redirectUrls: undefined,
        callbackUrls: undefined,
      },
    );
    assert.deepEqual(sent.body.redirectUrls, { success: 'http://localhost:8080/api/payments/return?lang=sv', cancel: 'http://localhost:8080/api/payments/return?lang=sv' });
    assert.deepEqual(sent.body.callbackUrls, { success: 'http://localhost:8080/api/payments/callback', cancel: 'http://localhost:8080/api/payments/callback' });
    assert.equal(payment!.transactionId, 'b3b5f1c8-7f7a-11ec-9a2c-1b2f2d3b4c5d');
  });

  it('an answer not signed with our secret is not used: 502, and no payment attempt is left', async () => {
    answer.signed = false;
    const invoice = await insertInvoice(t.app, mikko.personId);
    const res = await postPayment(t.app, mikko, paymentRequestFor(invoice));
    assert.equal(res.statusCode, 502, res.body);
    assert.equal((await paymentsOf(t.app, invoice.id)).length, 0);
  });
});

describe('the built-in test provider’s bank pages', () => {
  let t: TestApp;
  let mikko: SignedInCaller;
  before(async () => {
    t = await createTestApp();
    mikko = await signIn(t.app, PERSONAS.mikko);
  });
  after(async () => t.close());

  const texts = {
    FI: { lang: 'fi', pay: 'Maksa 123,45', cancel: 'Peruuta maksu ja palaa', reason: 'Kate ei riitä' },
    SV: { lang: 'sv', pay: 'Betala 123,45', cancel: 'Avbryt betalningen och återvänd', reason: 'Otillräckligt saldo' },
    EN: { lang: 'en', pay: 'Pay €123.45', cancel: 'Cancel the payment and return', reason: 'Insufficient funds' },
  } as const;

  for (const [language, expected] of Object.entries(texts) as Array<[keyof typeof texts, (typeof texts)[keyof typeof texts]]>) {
    it(`answer in the patient’s language: ${expected.lang}`, async () => {
      const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 12_345 });
      const { providers } = await createPayment(t.app, mikko, invoice, language);
      const fields = Object.fromEntries(providers[0]!.parameters.map((p) => [p.name, p.value]));
      const page = await postForm(t.app, providers[0]!.url, fields);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, new RegExp(`<html lang="${expected.lang}">`));
      assert.ok(page.body.replaceAll('\u00a0', ' ').includes(expected.pay), `${expected.pay} in the page`);
      for (const text of [expected.cancel, expected.reason, invoice.invoiceNumber, 'Aurora Pankki']) assert.ok(page.body.includes(text), text);
      const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)?.[1];
      const css = await t.app.inject({ url: stylesheet! });
      assert.equal(css.statusCode, 200);
      assert.match(String(css.headers['content-type']), /^text\/css/);
    });
  }

  it('a form that is not the provider’s own (another token, another amount) shows the error page and pays nothing', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice);
    const fields = Object.fromEntries(providers[0]!.parameters.map((p) => [p.name, p.value]));
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(fields.payment!, 'base64url').toString()), amount: 1 })).toString('base64url');
    for (const form of [{ ...fields, token: '0'.repeat(64) }, { ...fields, payment: forged }, { ...fields, bank: 'kaleva' }]) {
      const page = await postForm(t.app, providers[0]!.url, form);
      assert.equal(page.statusCode, 400);
      assert.match(page.body, /Maksua ei voi jatkaa/);
      const done = await postForm(t.app, '/test-payment-provider/complete', { ...form, outcome: 'pay' });
      assert.equal(done.statusCode, 400);
    }
    assert.equal((await paymentsOf(t.app, invoice.id))[0]!.status, 'new');
  });

  it('refuses a cross-site post of its forms (anonymous-origin-check)', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice);
    const res = await t.app.inject({
      method: 'POST',
      url: '/test-payment-provider/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ ...Object.fromEntries(providers[0]!.parameters.map((p) => [p.name, p.value])), outcome: 'pay' }).toString(),
    });
    assert.equal(res.statusCode, 403);
    assert.equal((await paymentsOf(t.app, invoice.id))[0]!.status, 'new');
  });

  it('answers Paytrail’s "Get" (GET /payments/{transactionId}) over HTTP, signed both ways: the adapter asks it as it asks Paytrail', async () => {
    const config = t.config.modules.payments;
    const adapter = createTestProviderAdapter(t.app, config);
    const invoice = await insertInvoice(t.app, mikko.personId, { sumCents: 2_468 });
    const { providers } = await createPayment(t.app, mikko, invoice);
    const [payment] = await paymentsOf(t.app, invoice.id);
    const transactionId = payment!.transactionId!;
    assert.deepEqual(await adapter.getPayment(transactionId), {
      transactionId,
      status: 'new',
      amount: 2_468,
      stamp: payment!.stamp,
      reference: invoice.invoiceNumber,
      provider: null,
      failureReason: null,
    });
    const fields = Object.fromEntries(providers[1]!.parameters.map((p) => [p.name, p.value]));
    await postForm(t.app, '/test-payment-provider/complete', { ...fields, outcome: 'incorrectCvc' });
    assert.deepEqual(await adapter.getPayment(transactionId), {
      transactionId,
      status: 'fail',
      amount: 2_468,
      stamp: payment!.stamp,
      reference: invoice.invoiceNumber,
      provider: 'kaleva',
      failureReason: 'incorrectCvc',
    });

    // Unsigned, signed with another secret, stale, or for another transaction than the path's: 401, nothing read.
    const url = `/test-payment-provider/api/payments/${transactionId}`;
    const headers = (overrides: Record<string, string> = {}) => ({
      'checkout-account': config.account,
      'checkout-algorithm': 'sha256',
      'checkout-method': 'GET',
      'checkout-nonce': 'n-1',
      'checkout-timestamp': new Date().toISOString(),
      'checkout-transaction-id': transactionId,
      ...overrides,
    });
    const signed = (h: Record<string, string>, secret = config.secret) => ({ ...h, signature: calculateSignature(secret, h) });
    const refused = [
      headers(),
      signed(headers(), 'someone-elses-secret-value'),
      signed(headers({ 'checkout-timestamp': new Date(Date.now() - 3_600_000).toISOString() })),
      signed(headers({ 'checkout-transaction-id': 'another-transaction' })),
      signed(headers({ 'checkout-account': '999999' })),
    ];
    for (const h of refused) assert.equal((await t.app.inject({ url, headers: h })).statusCode, 401, JSON.stringify(h));
    const unknown = await t.app.inject({ url: '/test-payment-provider/api/payments/no-such', headers: signed(headers({ 'checkout-transaction-id': 'no-such' })) });
    assert.equal(unknown.statusCode, 404);
    const answer = await t.app.inject({ url, headers: signed(headers()) });
    assert.equal(answer.statusCode, 200);
    const answerHeaders = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, String(v)]));
    assert.ok(signatureMatches(config.secret, answerHeaders, answerHeaders.signature, answer.body), 'the answer is signed over its checkout-* headers and body');
  });

  it('a payment is completed at the bank once: choosing again (back, then another button) answers the first outcome and owes no new callbacks', async () => {
    const invoice = await insertInvoice(t.app, mikko.personId);
    const { providers } = await createPayment(t.app, mikko, invoice, 'EN');
    const fields = Object.fromEntries(providers[0]!.parameters.map((p) => [p.name, p.value]));
    const first = await postForm(t.app, '/test-payment-provider/complete', { ...fields, outcome: 'cancel' });
    const [payment] = await paymentsOf(t.app, invoice.id);
    const owed = async () => (await t.app.db.select().from(testProviderCallbacks).where(eq(testProviderCallbacks.transactionId, payment!.transactionId!))).length;
    const callbacks = await owed();
    assert.ok(callbacks >= 1);
    const again = await postForm(t.app, '/test-payment-provider/complete', { ...fields, outcome: 'pay' });
    assert.equal(again.statusCode, 303);
    for (const res of [first, again]) {
      const location = new URL(String(res.headers.location));
      assert.deepEqual([location.searchParams.get('checkout-status'), location.searchParams.get('checkout-failure-reason')], ['fail', 'cancelled']);
    }
    assert.equal(await owed(), callbacks);
  });

  it('calls back deterministically per transaction: right away, late, or twice', () => {
    const plans = new Set(Array.from({ length: 60 }, (_, i) => callbackPlanOf(`transaction-${i}`)));
    assert.deepEqual([...plans].sort(), ['late', 'prompt', 'twice']);
    assert.equal(callbackPlanOf('transaction-7'), callbackPlanOf('transaction-7'));
    assert.deepEqual(callbackSchedule('twice', outcomeOf('pay'), 3000), [
      { status: 'ok', delayMs: 0 },
      { status: 'ok', delayMs: 3000 },
    ]);
    assert.deepEqual(callbackSchedule('prompt', outcomeOf('pay-later'), 3000), [
      { status: 'pending', delayMs: 0 },
      { status: 'ok', delayMs: 3000 },
    ]);
    assert.deepEqual(outcomeOf('cancel'), { redirectStatus: 'fail', finalStatus: 'fail', failureReason: 'cancelled' });
    assert.deepEqual(outcomeOf('cardExpired'), { redirectStatus: 'fail', finalStatus: 'fail', failureReason: 'cardExpired' });
  });
});
