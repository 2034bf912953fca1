import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PAYMENT_REDIRECT_PATH, paymentResultPageStateSchema, type PaymentStatus } from '@portal/shared-api';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/index';
import { testProviderCallbacks, testProviderPayments } from '../src/modules/payments/schema';
import { calculateSignature, signatureMatches } from '../src/modules/payments/provider/signature';
import { signedReturnUrl } from '../src/demo/payment-provider/test-provider';
import { PERSONAS } from '../src/demo/seed/personas';
import { countStatements, openTestDatabase, signIn, testConfig, waitUntil, type SignedInCaller } from './helpers';
import {
  createPayment,
  eventsOf,
  insertInvoice,
  invoiceOf,
  pathOf,
  payAtTestBank,
  paymentRequestFor,
  paymentsOf,
  postPayment,
  type TestInvoice,
} from './payments-checkout-fixtures';

/**
 * Issue 27, payments 1: a payment the bank confirmed while the server was down is not lost, and an
 * attempt the bank failed does not keep the invoice from being paid again.
 *
 * The server is stopped (the app closed, its timers gone, as a kill leaves them) between the
 * tester's "the bank confirms later" and the bank's confirming callback; a new server on the same
 * database then either receives the test provider's callback it still owes (kept in the database),
 * or, the callback lost, asks the provider (GET /payments/{transactionId}, signed as Paytrail's)
 * and records the answer as the callback would have. The patient sees it through the pages' API.
 */

let database: DatabaseHandle;
let dataDir: string;
const opened: FastifyInstance[] = [];

before(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-payments-reconcile-'));
});
afterEach(async () => {
  // every instance a test opened is closed, whatever the test's outcome
  for (const app of opened.splice(0)) await app.close();
});
after(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One server instance on the shared database (a restart is another instance on the same database). */
async function instance(env: Record<string, string>): Promise<{ app: FastifyInstance; config: Config }> {
  const config = testConfig(dataDir, env);
  const app = await buildApp(config, { database, prepareDatabase: false, logger: false });
  opened.push(app);
  await app.ready();
  return { app, config };
}

/** Stops an instance as a kill would leave it: its in-memory timers (the old late callbacks) gone. */
async function stop(app: FastifyInstance): Promise<void> {
  opened.splice(opened.indexOf(app), 1);
  await app.close();
}

/**
 * "The bank confirms later": this long after the tester's choice. Long, so the first server is
 * always stopped before; the test then moves the bank's times back (timePassesAtTheBank) instead of
 * waiting for them.
 */
const CONFIRMS_AFTER_MS = 10 * 60_000;

/**
 * `ms` pass at the test bank while no server runs: the payment's confirmation time and the callbacks
 * it owes are moved that far back (in order, so a pending callback still comes before its ok), as
 * the real clock would leave them `ms` later. The test provider has no clock to hand in: it compares
 * these with the time of day (the bank's answer) and the database's now() (the callbacks due).
 */
async function timePassesAtTheBank(transactionId: string, ms: number): Promise<void> {
  const back = sql`make_interval(secs => ${ms / 1000})`;
  await database.db
    .update(testProviderPayments)
    .set({ settlesAt: sql`${testProviderPayments.settlesAt} - ${back}` })
    .where(eq(testProviderPayments.transactionId, transactionId));
  await database.db
    .update(testProviderCallbacks)
    .set({ dueAt: sql`${testProviderCallbacks.dueAt} - ${back}` })
    .where(eq(testProviderCallbacks.transactionId, transactionId));
}

/** What the patient sees on the payment result page (GET /api/pages/payments.payment, as the remote asks it). */
async function resultSeenBy(app: FastifyInstance, caller: SignedInCaller, invoice: TestInvoice) {
  const res = await app.inject({ url: `/api/pages/payments.payment?lang=fi&id=${invoice.invoiceNumber}`, headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  const state = paymentResultPageStateSchema.parse(res.json().state);
  assert.ok(state.status === 'ok');
  return state;
}

/** Pays through the test bank with "the bank confirms later" and comes back: the attempt is pending. */
async function payLater(app: FastifyInstance, caller: SignedInCaller, invoice: TestInvoice) {
  const { providers } = await createPayment(app, caller, invoice);
  const redirect = await payAtTestBank(app, providers[0]!, 'pay-later');
  assert.match(redirect, /checkout-status=pending/);
  const back = await app.inject({ url: pathOf(redirect) });
  assert.equal(back.statusCode, 303, back.body);
  const [payment] = await paymentsOf(app, invoice.id);
  assert.equal(payment!.status, 'pending');
  return payment!;
}

describe('a payment confirmed while the server is down (the built-in test provider, "the bank confirms later")', () => {
  it('the provider’s late callback is kept in the database and delivered by the next server: the invoice is paid', async () => {
    // Reconciliation is kept out of it (an hour): only the callback can pay the invoice here.
    const env = { PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS: String(CONFIRMS_AFTER_MS), PAYMENT_RECONCILE_AFTER_MS: '3600000' };
    const first = await instance(env);
    const mikko = await signIn(first.app, PERSONAS.mikko);
    const invoice = await insertInvoice(first.app, mikko.personId, { sumCents: 5_230 });
    const payment = await payLater(first.app, mikko, invoice);
    await stop(first.app);
    assert.equal((await invoiceOf(first.app, invoice.id)).status, 'open', 'the server stopped before the bank confirmed');
    // The confirmation falls due while no server runs.
    await timePassesAtTheBank(payment.transactionId!, CONFIRMS_AFTER_MS + 1000);

    const second = await instance(env);
    await waitUntil('the invoice is paid', async () => (await resultSeenBy(second.app, mikko, invoice)).result === 'ok');
    const state = await resultSeenBy(second.app, mikko, invoice);
    assert.deepEqual([state.invoice.paid, state.invoice.open], [true, false]);
    assert.equal((await invoiceOf(second.app, invoice.id)).status, 'paid');
    const events = await eventsOf(second.app, payment.id);
    assert.ok(events.some((e) => e.kind === 'callback' && e.status === 'ok' && e.applied), 'the late callback recorded the payment');
    // paid: not payable again
    const again = await postPayment(second.app, mikko, paymentRequestFor(invoice));
    assert.equal(again.statusCode, 409, again.body);
    assert.match(again.json().message, /cannot be paid online/);
  });

  it('its callbacks lost too: the next server asks the provider after PAYMENT_RECONCILE_AFTER_MS and records the payment as the callback would', async () => {
    const env = { PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS: String(CONFIRMS_AFTER_MS), PAYMENT_RECONCILE_AFTER_MS: '300', PAYMENT_RECONCILE_INTERVAL_MS: '100' };
    const first = await instance(env);
    const mikko = await signIn(first.app, PERSONAS.mikko);
    const invoice = await insertInvoice(first.app, mikko.personId, { sumCents: 7_770 });
    const payment = await payLater(first.app, mikko, invoice);
    await stop(first.app);
    // The provider's callbacks never arrive (lost on the way): only asking it can tell.
    await database.db.delete(testProviderCallbacks).where(eq(testProviderCallbacks.transactionId, payment.transactionId!));
    // the bank confirms meanwhile
    await timePassesAtTheBank(payment.transactionId!, CONFIRMS_AFTER_MS + 1000);
    assert.equal((await invoiceOf(first.app, invoice.id)).status, 'open');

    const second = await instance(env);
    await waitUntil('the invoice is paid', async () => (await resultSeenBy(second.app, mikko, invoice)).result === 'ok');
    assert.equal((await invoiceOf(second.app, invoice.id)).status, 'paid');
    const events = await eventsOf(second.app, payment.id);
    // pending (by the redirect, or the provider's prompt callback when its plan has one), then ok by asking
    assert.deepEqual(events.filter((e) => e.applied).map((e) => e.status), ['pending', 'ok']);
    assert.deepEqual(events.filter((e) => e.status === 'ok').map((e) => [e.kind, e.applied]), [['reconcile', true]]);
    const [row] = await paymentsOf(second.app, invoice.id);
    assert.deepEqual([row!.status, row!.provider], ['ok', 'aurora']);
    assert.ok(row!.reconcileChecks >= 1);
  });

  it('an attempt asked about before the bank has confirmed stays pending, and is asked again later', async () => {
    const env = { PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS: '600000', PAYMENT_RECONCILE_AFTER_MS: '0', PAYMENT_RECONCILE_INTERVAL_MS: '50' };
    const { app } = await instance(env);
    const mikko = await signIn(app, PERSONAS.mikko);
    const invoice = await insertInvoice(app, mikko.personId);
    await payLater(app, mikko, invoice);
    await waitUntil('the provider was asked', async () => ((await paymentsOf(app, invoice.id))[0]!.reconcileChecks ?? 0) >= 1);
    const [row] = await paymentsOf(app, invoice.id);
    assert.equal(row!.status, 'pending');
    assert.ok(row!.nextReconcileAt && row!.nextReconcileAt.getTime() > Date.now(), 'not asked again at once');
    assert.equal((await resultSeenBy(app, mikko, invoice)).result, 'pending');
  });
});

/**
 * A stand-in for Paytrail's API: POST /payments creates, GET /payments/{transactionId} answers the
 * status the test sets, both signed; it records every status query and whether its signature held.
 */
function fakePaytrail(secret: string) {
  const statuses = new Map<string, { status: PaymentStatus; amount?: number; signed?: boolean }>();
  const created = new Map<string, { stamp: string; reference: string; amount: number }>();
  const queries: Array<{ transactionId: string; verified: boolean; method: string | undefined }> = [];
  let next = 0;
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const verified = signatureMatches(secret, headers, headers.signature, text);
      const answer = (status: number, body: unknown, signed = true) => {
        const out = JSON.stringify(body);
        const answerHeaders = { 'checkout-account': '375917', 'checkout-algorithm': 'sha256' };
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...answerHeaders, ...(signed ? { signature: calculateSignature(secret, answerHeaders, out) } : {}) }).end(out);
      };
      if (!verified) return answer(401, { status: 'error', message: 'Invalid signature' });
      if (request.method === 'POST' && request.url === '/payments') {
        const body = JSON.parse(text) as { stamp: string; reference: string; amount: number };
        const transactionId = `fake-${++next}-${body.stamp.slice(0, 8)}`;
        created.set(transactionId, body);
        return answer(201, { transactionId, href: 'https://pay.example/x', terms: 'terms', providers: [] });
      }
      const match = /^\/payments\/([^/]+)$/.exec(request.url ?? '');
      if (request.method === 'GET' && match) {
        const transactionId = decodeURIComponent(match[1]!);
        queries.push({ transactionId, verified: headers['checkout-transaction-id'] === transactionId, method: headers['checkout-method'] });
        const payment = created.get(transactionId);
        if (!payment) return answer(404, { status: 'error', message: 'not found' });
        const set = statuses.get(transactionId) ?? { status: 'new' as const };
        return answer(
          200,
          { transactionId, status: set.status, amount: set.amount ?? payment.amount, currency: 'EUR', stamp: payment.stamp, reference: payment.reference, createdAt: new Date().toISOString(), provider: 'nordea' },
          set.signed ?? true,
        );
      }
      answer(404, { status: 'error', message: 'no such endpoint' });
    });
  });
  return { server, statuses, queries };
}

describe('PAYMENT_PROVIDER=paytrail: pending attempts asked about with Paytrail’s GET /payments/{transactionId}', () => {
  const secret = 'a-merchant-secret-of-the-test';
  const paytrail = fakePaytrail(secret);
  let env: Record<string, string>;

  before(async () => {
    await new Promise<void>((resolve) => paytrail.server.listen(0, '127.0.0.1', resolve));
    const { port } = paytrail.server.address() as AddressInfo;
    env = {
      PAYMENT_PROVIDER: 'paytrail',
      PAYMENT_PROVIDER_API_URL: `http://127.0.0.1:${port}`,
      PAYMENT_PROVIDER_ACCOUNT: '375917',
      PAYMENT_PROVIDER_SECRET: secret,
      PAYMENT_RECONCILE_AFTER_MS: '200',
      PAYMENT_RECONCILE_INTERVAL_MS: '50',
    };
  });
  after(async () => {
    await new Promise((resolve) => paytrail.server.close(resolve));
  });

  /** A created attempt the browser's redirect left pending (signed as Paytrail signs it). */
  async function pendingAttempt(app: FastifyInstance, config: Config, caller: SignedInCaller, sumCents = 4_410) {
    const invoice = await insertInvoice(app, caller.personId, { sumCents });
    await createPayment(app, caller, invoice);
    const [payment] = await paymentsOf(app, invoice.id);
    const params = { amount: invoice.sumCents, stamp: payment!.stamp, reference: invoice.invoiceNumber, transactionId: payment!.transactionId! };
    const redirect = await app.inject({ url: pathOf(signedReturnUrl(config.modules.payments, `${app.config.publicUrl}${PAYMENT_REDIRECT_PATH}?lang=fi`, params, 'pending', 'nordea', null)) });
    assert.equal(redirect.statusCode, 303, redirect.body);
    assert.equal((await paymentsOf(app, invoice.id))[0]!.status, 'pending');
    return { invoice, payment: payment! };
  }

  it('the provider reports the pending payment failed: the attempt fails and the invoice can be paid again', async () => {
    const { app, config } = await instance(env);
    const mikko = await signIn(app, PERSONAS.mikko);
    const { invoice, payment } = await pendingAttempt(app, config, mikko);
    const meanwhile = await postPayment(app, mikko, paymentRequestFor(invoice));
    assert.equal(meanwhile.statusCode, 409, 'waiting for the bank');
    assert.match(meanwhile.json().message, /waiting for the bank/);

    paytrail.statuses.set(payment.transactionId!, { status: 'fail' });
    await waitUntil('the attempt failed', async () => (await paymentsOf(app, invoice.id))[0]!.status === 'fail');
    const asked = paytrail.queries.filter((q) => q.transactionId === payment.transactionId);
    assert.ok(asked.length >= 1 && asked.every((q) => q.verified && q.method === 'GET'), 'asked with the signed GET, the transaction id in its header');
    const state = await resultSeenBy(app, mikko, invoice);
    assert.deepEqual([state.result, state.invoice.open, state.invoice.paid], ['fail', true, false]);
    const again = await postPayment(app, mikko, paymentRequestFor(invoice));
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await eventsOf(app, payment.id)).filter((e) => e.kind === 'reconcile' && e.applied).length, 1);
  });

  it('an answer that is not signed with our secret, or is for another amount, changes nothing', async () => {
    const { app, config } = await instance(env);
    const mikko = await signIn(app, PERSONAS.mikko);
    const unsigned = await pendingAttempt(app, config, mikko, 1_111);
    const otherAmount = await pendingAttempt(app, config, mikko, 2_222);
    paytrail.statuses.set(unsigned.payment.transactionId!, { status: 'ok', signed: false });
    paytrail.statuses.set(otherAmount.payment.transactionId!, { status: 'ok', amount: 1 });
    const since = paytrail.queries.length;
    await waitUntil('both were asked since they were answered so', async () => {
      const asked = new Set(paytrail.queries.slice(since).map((q) => q.transactionId));
      return asked.has(unsigned.payment.transactionId!) && asked.has(otherAmount.payment.transactionId!);
    });
    // Closing waits for the job's run in progress: the answers have been taken or refused.
    await stop(app);
    for (const { invoice } of [unsigned, otherAmount]) {
      assert.equal((await paymentsOf(app, invoice.id))[0]!.status, 'pending');
      assert.equal((await invoiceOf(app, invoice.id)).status, 'open');
    }
  });

  it('two instances looking at once ask the provider once about an attempt, and record its answer once', async () => {
    const one = await instance({ ...env, PAYMENT_RECONCILE_AFTER_MS: '3600000' });
    const mikko = await signIn(one.app, PERSONAS.mikko);
    const { invoice, payment } = await pendingAttempt(one.app, one.config, mikko, 3_333);
    await stop(one.app);
    // the attempt has waited long enough for both
    await database.db.execute(sql`update payments set created_at = now() - interval '1 hour' where id = ${payment.id}`);
    paytrail.statuses.set(payment.transactionId!, { status: 'pending' });
    const before = paytrail.queries.length;
    // Every look of either instance for attempts due is one claim statement (reconcile.ts).
    const statements = countStatements(database.db);
    const looks = () => statements.texts.filter((text) => /^update "payments" set "reconcile_checks"/.test(text)).length;
    const instances = await Promise.all([instance({ ...env, PAYMENT_RECONCILE_AFTER_MS: '600000', PAYMENT_RECONCILE_INTERVAL_MS: '10' }), instance({ ...env, PAYMENT_RECONCILE_AFTER_MS: '600000', PAYMENT_RECONCILE_INTERVAL_MS: '10' })]);
    // Both look every 10 ms; the claim lets only one ask, and the next question waits 10 minutes.
    // Not asking is shown by looks counted, not by time: 40 between them, whatever the machine's pace.
    try {
      await waitUntil('the two instances have looked for due attempts 40 times', () => looks() >= 40);
    } finally {
      statements.stop();
    }
    assert.equal(paytrail.queries.slice(before).filter((q) => q.transactionId === payment.transactionId).length, 1);
    paytrail.statuses.set(payment.transactionId!, { status: 'ok' });
    // due again: both race for it
    await database.db.execute(sql`update payments set next_reconcile_at = now() where id = ${payment.id}`);
    await waitUntil('the invoice is paid', async () => (await invoiceOf(instances[0]!.app, invoice.id)).status === 'paid');
    // Closing waits for each job's run in progress: no question still on its way is missed below.
    for (const { app } of instances) await stop(app);
    assert.equal(paytrail.queries.slice(before).filter((q) => q.transactionId === payment.transactionId).length, 2);
    assert.equal((await eventsOf(instances[1]!.app, payment.id)).filter((e) => e.kind === 'reconcile' && e.applied).length, 1);
  });
});
