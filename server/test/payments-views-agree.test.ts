import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  frontPageStateSchema,
  goodSignInvoiceResponseSchema,
  invoiceSummaryPageStateSchema,
  invoicesListResponseSchema,
  payInvoicePageStateSchema,
  paymentResultPageStateSchema,
  paymentsSummarySchema,
  type InvoiceStatus,
} from '@portal/shared-api';
import { guardianships, people } from '../src/modules/patients/schema';
import { invoices } from '../src/modules/payments/schema';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/**
 * Issue 28: one invoice, one story. Every seeded invoice of every persona (read from the database,
 * with its owner; a ward's through the guardian acting for the ward) is walked through every view
 * the patient or an API client sees: the list, the front page's summary, the summary page, GET
 * good-sign-invoice, the pay page, the PDF's printed status and the payment result page. The test
 * fails when two of them disagree on whether it is paid or on whether it can be paid online, or
 * when a view calls an invoice paid without a paid date.
 */

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

/** What the list's status means to the patient (spec part 2 §4; the front page lists open, overdue and paper as unpaid). */
const LIST_SETTLEMENT: Record<InvoiceStatus, 'paid' | 'unpaid' | 'unknown'> = {
  open: 'unpaid',
  overdue: 'unpaid',
  paper: 'unpaid',
  paid: 'paid',
  refundInProgress: 'paid',
  refunded: 'paid',
  notAvailable: 'unknown',
};

/** The English §4 labels the PDF prints, and what each says about payment. */
const PDF_LABELS: Record<string, 'paid' | 'unpaid'> = {
  Open: 'unpaid',
  Overdue: 'unpaid',
  'Paper invoice': 'unpaid',
  Paid: 'paid',
  Refunded: 'paid',
  'Refund in progress': 'paid',
};

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The PDF's first page's text items, as a reader (pdf.js) extracts them. */
async function pdfItems(body: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(body), useSystemFonts: false, standardFontDataUrl }).promise;
  const content = await (await doc.getPage(1)).getTextContent();
  await doc.destroy();
  return content.items.map((item) => ('str' in item ? item.str : '')).filter((text) => text.trim() !== '');
}

/** One view's word on an invoice: absent (not found / not listed), or paid or not and payable online or not. */
type Word = { view: string; paid: boolean; payable: boolean | null } | { view: string; absent: true };

async function getJson(caller: SignedInCaller, url: string): Promise<{ statusCode: number; body: unknown }> {
  const res = await t.app.inject({ url, headers: caller.headers });
  assert.ok([200, 404].includes(res.statusCode), `${url}: ${res.statusCode} ${res.body}`);
  return { statusCode: res.statusCode, body: res.json() };
}

/** Every invoice in the database with the session that sees it: its owner's, or a guardian's acting for the owner. */
async function everyInvoiceWithItsReader() {
  const rows = await t.app.db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, hasPdf: invoices.hasPdf, ownerId: people.id, ownerCode: people.identityCode })
    .from(invoices)
    .innerJoin(people, eq(people.id, invoices.personId));
  const guardians = await t.app.db
    .select({ childPersonId: guardianships.childPersonId, guardianCode: people.identityCode })
    .from(guardianships)
    .innerJoin(people, eq(people.id, guardianships.guardianPersonId));
  return rows.map((row) => {
    const guardian = guardians.find((each) => each.childPersonId === row.ownerId);
    return { ...row, signIn: () => (guardian ? signIn(t.app, guardian.guardianCode, row.ownerCode) : signIn(t.app, row.ownerCode)) };
  });
}

describe('every view of every seeded invoice tells the same story (issue 28)', () => {
  it('the list, front page, summary page, good-sign-invoice, pay page, PDF and payment result agree on paid and on payability', async () => {
    const all = await everyInvoiceWithItsReader();
    assert.ok(all.length >= 15, `${all.length} invoices`);
    const owners = new Set(all.map((row) => row.ownerId));
    assert.ok(owners.size >= 3, 'invoices of several personas');
    const disagreements: string[] = [];

    for (const invoice of all) {
      const caller = await invoice.signIn();
      const list = invoicesListResponseSchema.parse((await getJson(caller, '/api/payments/invoices-list?lang=fi')).body).invoices;
      const listed = list.find((item) => item.invoiceNumber === invoice.invoiceNumber) ?? assert.fail(`${invoice.invoiceNumber} not in its reader’s list`);
      const settlement = LIST_SETTLEMENT[listed.status];
      const words: Word[] = [];

      const front = await getJson(caller, '/api/pages/front-page?lang=fi');
      const summary = paymentsSummarySchema.parse(frontPageStateSchema.parse((front.body as { state: unknown }).state).summaries['mf-payments']);
      const onFront = summary.invoices.find((item) => item.invoiceNumber === invoice.invoiceNumber);
      // the front page lists the unpaid invoices only, at most three of them: one shown is unpaid
      if (onFront) words.push({ view: 'front page', paid: false, payable: onFront.canBePaidOnline });
      else if (summary.invoices.length === summary.unpaidCount) words.push({ view: 'front page (not listed)', absent: true });
      const unpaidInList = list.filter((item) => LIST_SETTLEMENT[item.status] === 'unpaid');
      if (summary.unpaidCount !== unpaidInList.length) disagreements.push(`${invoice.invoiceNumber}: the front page counts ${summary.unpaidCount} unpaid, the list ${unpaidInList.length}`);

      const details = [
        ['summary page', await getJson(caller, `/api/pages/payments.summary?lang=fi&id=${invoice.id}`), invoiceSummaryPageStateSchema],
        ['pay page', await getJson(caller, `/api/pages/payments.pay?lang=fi&id=${invoice.invoiceNumber}`), payInvoicePageStateSchema],
      ] as const;
      for (const [view, answer, schema] of details) {
        const state = schema.parse((answer.body as { state: unknown }).state);
        if (state.status !== 'ok') words.push({ view, absent: true });
        else {
          words.push({ view, paid: state.invoice.status === 'Paid', payable: state.invoice.canBePaidOnline });
          if (state.invoice.status === 'Paid' && !state.invoice.paidDate) disagreements.push(`${invoice.invoiceNumber}: the ${view} says Paid without a paid date`);
          if (state.invoice.invoiceStatus !== listed.status) disagreements.push(`${invoice.invoiceNumber}: the ${view} labels it ${state.invoice.invoiceStatus}, the list ${listed.status}`);
        }
      }

      const goodSign = goodSignInvoiceResponseSchema.parse((await getJson(caller, `/api/payments/good-sign-invoice?invoiceNumber=${invoice.invoiceNumber}`)).body).data.invoice;
      if (!goodSign) words.push({ view: 'good-sign-invoice', absent: true });
      else {
        words.push({ view: 'good-sign-invoice', paid: goodSign.status === 'Paid', payable: goodSign.canBePaidOnline });
        if (goodSign.status === 'Paid' && !goodSign.paidDate) disagreements.push(`${invoice.invoiceNumber}: good-sign-invoice says Paid without a paid date`);
      }

      const result = paymentResultPageStateSchema.parse(
        ((await getJson(caller, `/api/pages/payments.payment?lang=fi&id=${invoice.invoiceNumber}`)).body as { state: unknown }).state,
      );
      if (result.status !== 'ok') words.push({ view: 'payment result', absent: true });
      else words.push({ view: 'payment result', paid: result.invoice.paid, payable: result.invoice.open });

      const pdf = await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf?lang=en`, headers: caller.headers });
      if (pdf.statusCode === 404) words.push({ view: 'PDF', absent: true });
      else {
        assert.equal(pdf.statusCode, 200, pdf.body);
        const items = await pdfItems(pdf.rawPayload);
        const label = items[items.indexOf('Status') + 1] ?? '';
        const said = PDF_LABELS[label];
        if (!items.includes('Status') || said === undefined) disagreements.push(`${invoice.invoiceNumber}: the PDF prints no status (${items.join(' | ')})`);
        // a PDF says nothing about paying online: only paid or not
        else words.push({ view: 'PDF', paid: said === 'paid', payable: null });
      }

      for (const word of words) {
        if ('absent' in word) {
          // only the front page (which lists unpaid ones) and the PDF (hasPdf) leave out an invoice the portal knows
          const mayBeAbsent = settlement === 'unknown' || (word.view.startsWith('front page') && settlement !== 'unpaid') || (word.view === 'PDF' && !invoice.hasPdf);
          if (!mayBeAbsent) disagreements.push(`${invoice.invoiceNumber}: the list says ${listed.status}, the ${word.view} does not show it`);
          continue;
        }
        if (settlement === 'unknown') {
          disagreements.push(`${invoice.invoiceNumber}: the list says notAvailable, the ${word.view} says ${word.paid ? 'paid' : 'unpaid'}`);
          continue;
        }
        if (word.paid !== (settlement === 'paid')) {
          disagreements.push(`${invoice.invoiceNumber}: the list says ${listed.status}, the ${word.view} says ${word.paid ? 'paid' : 'unpaid'}`);
        }
        if (word.payable !== null && word.payable !== listed.canBePaidOnline) {
          disagreements.push(`${invoice.invoiceNumber}: the list says payable online ${listed.canBePaidOnline}, the ${word.view} ${word.payable}`);
        }
      }
    }
    assert.deepEqual(disagreements, []);
  });

  it('Mikko’s overdue €307.00 and the mailed €87.00 are unpaid and not payable online in good-sign-invoice, not Paid', async () => {
    const mikko = await signIn(t.app, (await everyInvoiceWithItsReader()).find((row) => row.invoiceNumber === '24102877')!.ownerCode);
    for (const [invoiceNumber, sumCents] of [['24102877', 30700], ['24103296', 8700]] as const) {
      const invoice = goodSignInvoiceResponseSchema.parse((await getJson(mikko, `/api/payments/good-sign-invoice?invoiceNumber=${invoiceNumber}`)).body).data.invoice;
      assert.deepEqual(
        invoice && [invoice.status, invoice.paidDate, invoice.canBePaidOnline, invoice.sumCents],
        ['Open', null, false, sumCents],
        invoiceNumber,
      );
    }
  });
});
