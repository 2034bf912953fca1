import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import {
  INVOICE_PAGE_SIZE,
  goodSignInvoiceResponseSchema,
  invoiceSources,
  invoiceStatuses,
  invoiceSummaryPageStateSchema,
  invoiceSummaryResponseSchema,
  invoicesListResponseSchema,
  invoicesPageStateSchema,
  type InvoiceListItem,
  type InvoiceStatus,
} from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { moveInvoiceStatus, refreshInvoiceStatuses } from '../src/modules/payments/invoices/status';
import { invoices } from '../src/modules/payments/schema';
import { PERSONAS } from '../src/demo/seed/personas';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/** The invoice calls and pages over HTTP (spec part 2 §2.3, §3, §4, §7; docs/product-decisions.md, "Invoice status moves"). */
let t: TestApp;
let mikko: SignedInCaller;
before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
});
after(async () => t.close());

async function listOf(caller: SignedInCaller): Promise<InvoiceListItem[]> {
  const res = await t.app.inject({ url: '/api/payments/invoices-list?lang=fi', headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  return invoicesListResponseSchema.parse(res.json()).invoices;
}

const byNumber = (list: InvoiceListItem[], invoiceNumber: string) => list.find((item) => item.invoiceNumber === invoiceNumber) ?? assert.fail(`no ${invoiceNumber}`);

let nextNumber = 90000001;
async function insertInvoice(personId: string, values: { status: InvoiceStatus; dueDate: string; payableOnlineUntil: string | null }): Promise<number> {
  const today = helsinkiToday();
  const [row] = await t.app.db
    .insert(invoices)
    .values({
      personId,
      invoiceNumber: String(nextNumber++),
      source: 'CustomerInvoice',
      visitDate: addDays(today, -10),
      creationDate: addDays(today, -10),
      sumCents: 5000,
      paymentNumber: '12345',
      buyerName: 'Test Buyer',
      buyerStreet: 'Testikatu 1',
      buyerPostalCode: '00100',
      buyerPostOffice: 'Helsinki',
      ...values,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

const statusOf = async (id: number) => (await t.app.db.select({ status: invoices.status, paidDate: invoices.paidDate }).from(invoices).where(eq(invoices.id, id)))[0]!;

describe('GET /api/payments/invoices-list (§3 "Invoice (list)", §7)', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ url: '/api/payments/invoices-list?lang=fi' });
    assert.equal(res.statusCode, 401);
  });

  it('lists every invoice newest first, in every status and source, more than a page, sums in integer cents', async () => {
    const list = await listOf(mikko);
    assert.ok(list.length > INVOICE_PAGE_SIZE, `${list.length} invoices`);
    const dates = list.map((item) => item.creationDate);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.deepEqual(new Set(list.map((item) => item.status)), new Set(invoiceStatuses));
    assert.deepEqual(new Set(list.map((item) => item.source)), new Set(invoiceSources));
    for (const item of list) assert.ok(Number.isInteger(item.sumCents), `${item.invoiceNumber}: ${item.sumCents}`);
    const creditNote = list.find((item) => item.creditedInvoiceNumber !== null) ?? assert.fail('no credit note');
    assert.equal(creditNote.creditedInvoiceNumber!.split(',').length, 2);
    assert.ok(creditNote.sumCents < 0);
    assert.ok(list.some((item) => !item.hasPdf));
  });

  it('an open invoice inside its online window can be paid online; the one past it has become paper and cannot', async () => {
    const list = await listOf(mikko);
    const open = byNumber(list, '24103311');
    assert.deepEqual([open.status, open.canBePaidOnline], ['open', true]);
    const mailed = byNumber(list, '24103296');
    assert.deepEqual([mailed.status, mailed.canBePaidOnline], ['paper', false]);
    const overdue = byNumber(list, '24102877');
    assert.deepEqual([overdue.status, overdue.canBePaidOnline], ['overdue', false]);
    for (const item of list.filter((each) => !['open'].includes(each.status))) assert.equal(item.canBePaidOnline, false, item.invoiceNumber);
  });

  it('§9: the 2023 remote appointment of 16–30 Nov is flagged for the notice; other remote ones are not', async () => {
    const list = await listOf(mikko);
    assert.deepEqual(
      list.filter((item) => item.remotePaymentBlackout).map((item) => item.invoiceNumber),
      ['23104426'],
    );
    assert.equal(byNumber(list, '24103318').canBePaidOnline, true);
  });

  it('every read is audited with the reader and the subject', async () => {
    await listOf(mikko);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payments.invoices-list'), eq(auditLog.subjectPersonId, mikko.personId)));
    assert.ok(rows.length > 0);
    assert.equal(rows[0]!.actorPersonId, mikko.personId);
  });

  it('Pekka has no invoices; Leena acting for her ward Ella sees Ella’s one open invoice, not her own or anyone else’s', async () => {
    assert.deepEqual(await listOf(await signIn(t.app, PERSONAS.pekka)), []);
    const forElla = await listOf(await signIn(t.app, PERSONAS.leena, PERSONAS.ella));
    assert.deepEqual(
      forElla.map((item) => [item.invoiceNumber, item.status, item.canBePaidOnline]),
      [['24103325', 'open', true]],
    );
  });
});

describe('the payments.invoices page (§2.3)', () => {
  it('holds the invoices and the brand’s billing contact (§4 notAvailable)', async () => {
    const res = await t.app.inject({ url: '/api/pages/payments.invoices?lang=sv', headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    const state = invoicesPageStateSchema.parse(res.json().state);
    assert.equal(state.billingEmail, t.config.brandConfig.billingEmail);
    assert.equal(state.billingPhone, t.config.brandConfig.billingPhone);
    assert.deepEqual(
      state.invoices.map((item) => item.id),
      (await listOf(mikko)).map((item) => item.id),
    );
  });
});

describe('GET /api/invoices/invoice-summary and the payments.summary page (§3 "Invoice (payment/summary)")', () => {
  it('answers the patient’s own invoice with its rows, buyer and dates', async () => {
    const open = byNumber(await listOf(mikko), '24103311');
    const res = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${open.id}&lang=fi`, headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    const invoice = invoiceSummaryResponseSchema.parse(res.json()).data.invoice ?? assert.fail('no invoice');
    assert.equal(invoice.invoiceNumber, '24103311');
    assert.equal(invoice.status, 'Open');
    assert.equal(invoice.canBePaidOnline, true);
    assert.equal(invoice.buyerName, 'Mikko Virtanen');
    assert.equal(invoice.buyerAddress.postOffice, 'Helsinki');
    assert.equal(invoice.rows.length, 3);
    assert.equal(invoice.rows[0]!.description, 'Lääkärin vastaanotto, yleislääkäri');
    assert.equal(invoice.sumCents, invoice.rows.reduce((sum, row) => sum + row.count * row.unitPriceCents, 0));
    assert.equal(invoice.payableOnlineUntil, addDays(helsinkiToday(), 3));
    // a valid Finnish reference number: the last digit checks the others with the weights 7, 3, 1 from the right
    const digits = [...invoice.paymentNumber.slice(0, -1)].reverse().map(Number);
    const weighted = digits.reduce((sum, digit, i) => sum + digit * [7, 3, 1][i % 3]!, 0);
    assert.equal(Number(invoice.paymentNumber.slice(-1)), (10 - (weighted % 10)) % 10, invoice.paymentNumber);
  });

  it('a paid invoice is Paid with its paid date and a product row at 25.5 % VAT', async () => {
    const paid = byNumber(await listOf(mikko), '24102455');
    const res = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${paid.id}`, headers: mikko.headers });
    const invoice = invoiceSummaryResponseSchema.parse(res.json()).data.invoice ?? assert.fail('no invoice');
    assert.equal(invoice.status, 'Paid');
    assert.ok(invoice.paidDate);
    assert.equal(invoice.canBePaidOnline, false);
    assert.deepEqual(
      invoice.rows.map((row) => row.vatPercentage),
      [0, 0, 25.5],
    );
  });

  it('another patient’s invoice is not found (404), as is one that does not exist; a malformed id is a 400 with its path', async () => {
    const ainos = await listOf(await signIn(t.app, PERSONAS.aino));
    assert.equal(ainos.length, 1);
    for (const id of [ainos[0]!.id, '999999999']) {
      const res = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${id}`, headers: mikko.headers });
      assert.equal(res.statusCode, 404, res.body);
      assert.doesNotMatch(res.body, /Korhonen/);
    }
    const bad = await t.app.inject({ url: '/api/invoices/invoice-summary?invoiceId=abc', headers: mikko.headers });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().details.some((detail: { path: string }) => detail.path.includes('invoiceId')), bad.body);
    const unsigned = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${ainos[0]!.id}` });
    assert.equal(unsigned.statusCode, 401);
  });

  it('the page: ok for the patient’s own, not found (HTTP 404) for another’s, a word id, or an id too long for a number', async () => {
    const own = byNumber(await listOf(mikko), '24102877');
    const ok = await t.app.inject({ url: `/api/pages/payments.summary?lang=fi&id=${own.id}`, headers: mikko.headers });
    assert.equal(ok.statusCode, 200, ok.body);
    const state = invoiceSummaryPageStateSchema.parse(ok.json().state);
    assert.equal(state.status === 'ok' && state.invoice.invoiceNumber, '24102877');
    const ainos = (await listOf(await signIn(t.app, PERSONAS.aino)))[0]!.id;
    for (const id of [ainos, 'abc', '99999999999999']) {
      const res = await t.app.inject({ url: `/api/pages/payments.summary?lang=fi&id=${id}`, headers: mikko.headers });
      assert.equal(res.statusCode, 404, `${id}: ${res.body}`);
      assert.deepEqual(invoiceSummaryPageStateSchema.parse(res.json().state), { status: 'invoice-not-found' });
    }
  });

  it('the guardian acting for the ward reaches the ward’s invoice and not Mikko’s', async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const ellas = (await listOf(leenaForElla))[0]!;
    const res = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${ellas.id}`, headers: leenaForElla.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(invoiceSummaryResponseSchema.parse(res.json()).data.invoice?.buyerName, 'Leena Nieminen');
    const mikkos = (await listOf(mikko))[0]!;
    const other = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${mikkos.id}`, headers: leenaForElla.headers });
    assert.equal(other.statusCode, 404);
    // Leena on her own behalf does not see her ward's invoice.
    const asLeena = await t.app.inject({ url: `/api/invoices/invoice-summary?invoiceId=${ellas.id}`, headers: (await signIn(t.app, PERSONAS.leena)).headers });
    assert.equal(asLeena.statusCode, 404);
  });
});

describe('GET /api/payments/good-sign-invoice (§7: data.invoice absent means not found)', () => {
  it('answers the patient’s own invoice by its number', async () => {
    const res = await t.app.inject({ url: '/api/payments/good-sign-invoice?invoiceNumber=24103318', headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    const invoice = goodSignInvoiceResponseSchema.parse(res.json()).data.invoice ?? assert.fail('no invoice');
    assert.deepEqual([invoice.invoiceNumber, invoice.status, invoice.canBePaidOnline], ['24103318', 'Open', true]);
  });

  it('is absent for a stranger asking for Mikko’s number, and a malformed number is a 400', async () => {
    const pekka = await signIn(t.app, PERSONAS.pekka);
    const res = await t.app.inject({ url: '/api/payments/good-sign-invoice?invoiceNumber=24103318', headers: pekka.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { data: {} });
    const bad = await t.app.inject({ url: '/api/payments/good-sign-invoice?invoiceNumber=24x', headers: mikko.headers });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().details.some((detail: { path: string }) => detail.path.includes('invoiceNumber')), bad.body);
  });
});

describe('status moves (docs/product-decisions.md, "Invoice status moves")', () => {
  it('a refused move (paid → open, refunded → paid) changes nothing', async () => {
    const jukka = await personIdOf(t.app, PERSONAS.jukka);
    const today = helsinkiToday();
    const paid = await insertInvoice(jukka, { status: 'paid', dueDate: addDays(today, 5), payableOnlineUntil: addDays(today, 1) });
    await t.app.db.update(invoices).set({ paidDate: today }).where(eq(invoices.id, paid));
    assert.equal(await moveInvoiceStatus(t.app.db, paid, 'open'), false);
    assert.deepEqual(await statusOf(paid), { status: 'paid', paidDate: today });
    const refunded = await insertInvoice(jukka, { status: 'refunded', dueDate: addDays(today, 5), payableOnlineUntil: null });
    assert.equal(await moveInvoiceStatus(t.app.db, refunded, 'paid', { paidDate: today }), false);
    assert.deepEqual(await statusOf(refunded), { status: 'refunded', paidDate: null });
  });

  it('open → paid records the paid date once; a second payment is refused; paid → refundInProgress → refunded', async () => {
    const jukka = await personIdOf(t.app, PERSONAS.jukka);
    const today = helsinkiToday();
    const id = await insertInvoice(jukka, { status: 'open', dueDate: addDays(today, 5), payableOnlineUntil: addDays(today, 1) });
    assert.equal(await moveInvoiceStatus(t.app.db, id, 'paid', { paidDate: today }), true);
    assert.deepEqual(await statusOf(id), { status: 'paid', paidDate: today });
    assert.equal(await moveInvoiceStatus(t.app.db, id, 'paid', { paidDate: addDays(today, 1) }), false);
    assert.deepEqual(await statusOf(id), { status: 'paid', paidDate: today });
    assert.equal(await moveInvoiceStatus(t.app.db, id, 'refunded'), false);
    assert.equal(await moveInvoiceStatus(t.app.db, id, 'refundInProgress'), true);
    assert.equal(await moveInvoiceStatus(t.app.db, id, 'refunded'), true);
    assert.equal((await statusOf(id)).status, 'refunded');
  });

  it('time moves: past the online window open becomes paper; past the due date open and paper become overdue; others stay', async () => {
    const aino = await personIdOf(t.app, PERSONAS.aino);
    const today = helsinkiToday();
    const stillOpen = await insertInvoice(aino, { status: 'open', dueDate: addDays(today, 10), payableOnlineUntil: today });
    const mailed = await insertInvoice(aino, { status: 'open', dueDate: addDays(today, 10), payableOnlineUntil: addDays(today, -1) });
    const openPastDue = await insertInvoice(aino, { status: 'open', dueDate: addDays(today, -1), payableOnlineUntil: addDays(today, -5) });
    const paperPastDue = await insertInvoice(aino, { status: 'paper', dueDate: addDays(today, -1), payableOnlineUntil: addDays(today, -5) });
    const paidPastDue = await insertInvoice(aino, { status: 'paid', dueDate: addDays(today, -1), payableOnlineUntil: addDays(today, -5) });
    const list = await listOf(await signIn(t.app, PERSONAS.aino));
    const statusById = new Map(list.map((item) => [item.id, item.status]));
    assert.deepEqual(
      [stillOpen, mailed, openPastDue, paperPastDue, paidPastDue].map((id) => statusById.get(String(id))),
      ['open', 'paper', 'overdue', 'overdue', 'paid'],
    );
    // the day after its due date the invoice still open today is overdue
    await refreshInvoiceStatuses(t.app.db, aino, addDays(today, 11));
    assert.equal((await statusOf(stillOpen)).status, 'overdue');
  });
});
