import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { PAYMENT_CALLBACK_PATH, paymentResultPageStateSchema } from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { signedReturnUrl } from '../src/demo/payment-provider/test-provider';
import { listDuplicatePayments, markDuplicateRefunded, PAYMENTS_STAFF_AUDIT_ACTIONS, PaymentsStaffError } from '../src/modules/payments/staff';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';
import { callbacksSent, createPayment, eventsOf, insertInvoice, invoiceOf, pathOf, payAtTestBank, paymentsOf, type TestInvoice } from './payments-checkout-fixtures';

/**
 * Issue 27, payments 2: one invoice paid twice at the bank (two tabs, both paid). The invoice is
 * paid once; the other payment is recorded as a duplicate whose amount is owed back to the payer,
 * the patient's payment result page says so (never "being processed, don't pay again"), and the
 * billing office finds it (cli/staff-payments.ts) and marks it refunded.
 */
let t: TestApp;
let mikko: SignedInCaller;

before(async () => {
  // the callbacks of the test bank come 30 ms late
  t = await createTestApp({ PAYMENT_TEST_PROVIDER_CALLBACK_DELAY_MS: '30' });
  mikko = await signIn(t.app, PERSONAS.mikko);
});
after(async () => t.close());

const resultPage = async (invoice: TestInvoice) => {
  const res = await t.app.inject({ url: `/api/pages/payments.payment?lang=en&id=${invoice.invoiceNumber}`, headers: mikko.headers });
  assert.equal(res.statusCode, 200, res.body);
  const state = paymentResultPageStateSchema.parse(res.json().state);
  assert.ok(state.status === 'ok');
  return state;
};

/** The provider's signed ok callback for one attempt. */
function okCallback(invoice: TestInvoice, attempt: { stamp: string; transactionId: string | null }) {
  const params = { amount: invoice.sumCents, stamp: attempt.stamp, reference: invoice.invoiceNumber, transactionId: attempt.transactionId! };
  return t.app.inject({ url: pathOf(signedReturnUrl(t.config.modules.payments, `${t.app.config.publicUrl}${PAYMENT_CALLBACK_PATH}`, params, 'ok', 'aurora', null)) });
}

/** An invoice with two payment attempts (two tabs opened the pay page), oldest first. */
async function twoAttempts(sumCents: number) {
  const invoice = await insertInvoice(t.app, mikko.personId, { sumCents });
  const tabs = [await createPayment(t.app, mikko, invoice), await createPayment(t.app, mikko, invoice)];
  const [first, second] = await paymentsOf(t.app, invoice.id);
  return { invoice, first: first!, second: second!, tabs };
}

describe('two payments of one invoice, both paid at the bank', () => {
  it('both callbacks: the first pays the invoice, the second is a duplicate to refund, and the result page says so', async () => {
    const { invoice, first, second } = await twoAttempts(6_120);
    const answers = [await okCallback(invoice, first), await okCallback(invoice, second)];
    assert.deepEqual(answers.map((a) => [a.statusCode, a.json()]), [
      [200, { recorded: true }],
      [200, { recorded: true }],
    ]);
    const rows = await paymentsOf(t.app, invoice.id);
    assert.deepEqual(rows.map((r) => [r.id, r.status, r.refundDue]), [
      [first.id, 'ok', false],
      [second.id, 'duplicate', true],
    ]);
    assert.ok(rows[1]!.settledAt, 'the duplicate’s confirmation is dated');
    assert.equal((await invoiceOf(t.app, invoice.id)).status, 'paid');
    // The patient back from the second payment: a duplicate, the invoice paid, the amount to be refunded.
    const state = await resultPage(invoice);
    assert.equal(state.result, 'duplicate');
    assert.deepEqual(state.refund, { amountCents: 6_120, refunded: false });
    assert.deepEqual([state.invoice.paid, state.invoice.open], [true, false]);
    // The provider repeats the duplicate's callback: recorded, nothing changes.
    assert.equal((await okCallback(invoice, second)).statusCode, 200);
    assert.deepEqual((await eventsOf(t.app, second.id)).map((e) => e.applied), [true, false]);
    assert.equal((await paymentsOf(t.app, invoice.id)).filter((r) => r.status === 'duplicate').length, 1);
  });

  it('the tab opened first is paid last: that one is the duplicate, and the result page shows it (the attempt that moved last)', async () => {
    const { invoice, first, second } = await twoAttempts(3_050);
    await okCallback(invoice, second);
    assert.equal((await resultPage(invoice)).result, 'ok');
    await okCallback(invoice, first);
    assert.deepEqual((await paymentsOf(t.app, invoice.id)).map((r) => r.status), ['duplicate', 'ok']);
    const state = await resultPage(invoice);
    assert.deepEqual([state.result, state.refund], ['duplicate', { amountCents: 3_050, refunded: false }]);
  });

  it('through the test bank in two tabs: the second comes back to "duplicate", its callbacks change nothing more; the billing office lists it and marks it refunded', async () => {
    const { invoice, tabs } = await twoAttempts(9_990);
    const back = [];
    for (const [i, tab] of tabs.entries()) {
      const redirect = await payAtTestBank(t.app, tab.providers[i]!, 'pay');
      back.push(await t.app.inject({ url: pathOf(redirect), headers: mikko.headers }));
    }
    assert.deepEqual(back.map((b) => [b.statusCode, b.headers.location]), [
      [303, `/fi/maksu/${invoice.invoiceNumber}`],
      [303, `/fi/maksu/${invoice.invoiceNumber}`],
    ]);
    // the bank's callbacks (some late, some twice) follow: until it has sent every one it owes
    for (const attempt of await paymentsOf(t.app, invoice.id)) await callbacksSent(t.app, attempt.transactionId);
    const rows = await paymentsOf(t.app, invoice.id);
    assert.deepEqual(rows.map((r) => r.status), ['ok', 'duplicate']);
    assert.equal((await resultPage(invoice)).result, 'duplicate');

    const listed = (await listDuplicatePayments(t.app.db)).filter((d) => d.invoiceNumber === invoice.invoiceNumber);
    assert.deepEqual(
      listed.map((d) => [d.paymentId, d.amountCents, d.provider, d.refundDue]),
      [[rows[1]!.id, 9_990, 'kaleva', true]],
    );
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectPersonId, mikko.personId), eq(auditLog.action, PAYMENTS_STAFF_AUDIT_ACTIONS.duplicates)));
    assert.ok(audit.length >= 1, 'listing a patient’s duplicate payments is in their access log');

    const refunded = await markDuplicateRefunded(t.app.db, rows[1]!.id);
    assert.deepEqual([refunded.refundDue, refunded.refundedAt instanceof Date], [false, true]);
    assert.deepEqual((await resultPage(invoice)).refund, { amountCents: 9_990, refunded: true });
    assert.equal((await listDuplicatePayments(t.app.db)).filter((d) => d.invoiceNumber === invoice.invoiceNumber).length, 0);
    assert.equal((await listDuplicatePayments(t.app.db, { all: true })).filter((d) => d.invoiceNumber === invoice.invoiceNumber).length, 1);
    await assert.rejects(markDuplicateRefunded(t.app.db, rows[1]!.id), PaymentsStaffError);
    await assert.rejects(markDuplicateRefunded(t.app.db, rows[0]!.id), PaymentsStaffError);
  });
});
