import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { invoicesListResponseSchema, type InvoiceListItem } from '@portal/shared-api';
import { pdfAmount } from '../src/modules/payments/pdf/invoice-pdf';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, type SignedInCaller, type TestApp } from './helpers';

/** GET /api/invoices/{id}/pdf (spec part 2 §7): a real A4 invoice in the request's language. */
let t: TestApp;
let mikko: SignedInCaller;
let list: InvoiceListItem[];
before(async () => {
  t = await createTestApp();
  mikko = await signIn(t.app, PERSONAS.mikko);
  const res = await t.app.inject({ url: '/api/payments/invoices-list', headers: mikko.headers });
  list = invoicesListResponseSchema.parse(res.json()).invoices;
});
after(async () => t.close());

const byNumber = (invoiceNumber: string) => list.find((item) => item.invoiceNumber === invoiceNumber) ?? assert.fail(`no ${invoiceNumber}`);

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The PDF's pages as text, the way a reader (pdf.js) extracts it. */
async function pdfText(body: Buffer): Promise<{ pages: number; text: string; width: number; height: number }> {
  const doc = await getDocument({ data: new Uint8Array(body), useSystemFonts: false, standardFontDataUrl }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  const [, , width, height] = (await doc.getPage(1)).view as [number, number, number, number];
  await doc.destroy();
  return { pages: doc.numPages, text: texts.join('\n'), width, height };
}

describe('GET /api/invoices/{id}/pdf', () => {
  it('is an A4 PDF download holding the invoice number, rows, buyer, billing contact and the total in Finnish format', async () => {
    const invoice = byNumber('24102455');
    const res = await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf?lang=fi`, headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="invoice-24102455.pdf"');
    assert.equal(res.headers['cache-control'], 'no-store');
    const pdf = await pdfText(res.rawPayload);
    assert.equal(Math.round(pdf.width), 595);
    assert.equal(Math.round(pdf.height), 842);
    for (const expected of [
      'Lasku',
      '24102455',
      pdfAmount(invoice.sumCents, 'fi'),
      'Mikko Virtanen',
      'Mannerheimintie 12 A 5',
      '00100 Helsinki',
      'Kipugeeli 100 g',
      'Laboratoriotutkimus, CRP',
      '25,5',
      t.config.brandConfig.billingPhone,
      t.config.brandConfig.billingEmail,
      'Eräpäivä',
      'Viitenumero',
    ]) {
      assert.ok(pdf.text.includes(expected), `missing ${JSON.stringify(expected)} in\n${pdf.text}`);
    }
    assert.match(pdfAmount(invoice.sumCents, 'fi'), /^\d[\d ]*,\d\d €$/);
  });

  it('in English with the English amount format, and the validated file name asked for', async () => {
    const invoice = byNumber('24103311');
    const res = await t.app.inject({ url: `/api/invoices/${invoice.id}/pdf?lang=en&filename=my_invoice-1.pdf`, headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="my_invoice-1.pdf"');
    const pdf = await pdfText(res.rawPayload);
    assert.match(pdfAmount(invoice.sumCents, 'en'), /^€\d[\d,]*\.\d\d$/);
    for (const expected of ['Invoice', 'Due date', 'Payable online until', pdfAmount(invoice.sumCents, 'en')]) {
      assert.ok(pdf.text.includes(expected), `missing ${JSON.stringify(expected)} in\n${pdf.text}`);
    }
  });

  it('a credit note names the two invoices it credits and its negative total (Swedish)', async () => {
    const creditNote = list.find((item) => item.creditedInvoiceNumber) ?? assert.fail('no credit note');
    const res = await t.app.inject({ url: `/api/invoices/${creditNote.id}/pdf?lang=sv`, headers: mikko.headers });
    assert.equal(res.statusCode, 200, res.body);
    const pdf = await pdfText(res.rawPayload);
    for (const expected of ['Kreditfaktura', '23109950, 23109871', pdfAmount(creditNote.sumCents, 'sv')]) {
      assert.ok(pdf.text.includes(expected), `missing ${JSON.stringify(expected)} in\n${pdf.text}`);
    }
    assert.ok(pdfAmount(creditNote.sumCents, 'sv').startsWith('-'));
  });

  it('an invoice without a PDF, another patient’s, and a missing one are not found; a bad file name is a 400', async () => {
    const withoutPdf = list.find((item) => !item.hasPdf) ?? assert.fail('no invoice without a PDF');
    assert.equal((await t.app.inject({ url: `/api/invoices/${withoutPdf.id}/pdf`, headers: mikko.headers })).statusCode, 404);
    const aino = await signIn(t.app, PERSONAS.aino);
    const ainos = invoicesListResponseSchema.parse((await t.app.inject({ url: '/api/payments/invoices-list', headers: aino.headers })).json()).invoices[0]!;
    const stranger = await t.app.inject({ url: `/api/invoices/${ainos.id}/pdf`, headers: mikko.headers });
    assert.equal(stranger.statusCode, 404);
    assert.notEqual(stranger.headers['content-type'], 'application/pdf');
    assert.equal((await t.app.inject({ url: `/api/invoices/${ainos.id}/pdf`, headers: aino.headers })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/api/invoices/999999999/pdf', headers: mikko.headers })).statusCode, 404);
    for (const filename of ['../etc/passwd.pdf', 'a"b.pdf', 'invoice.exe']) {
      const bad = await t.app.inject({ url: `/api/invoices/${byNumber('24102455').id}/pdf?filename=${encodeURIComponent(filename)}`, headers: mikko.headers });
      assert.equal(bad.statusCode, 400, filename);
      assert.ok(bad.json().details.some((detail: { path: string }) => detail.path.includes('filename')), bad.body);
    }
    assert.equal((await t.app.inject({ url: `/api/invoices/${byNumber('24102455').id}/pdf` })).statusCode, 401);
  });

  it('the guardian acting for the ward downloads the ward’s invoice and not Mikko’s', async () => {
    const leenaForElla = await signIn(t.app, PERSONAS.leena, PERSONAS.ella);
    const ellas = invoicesListResponseSchema.parse((await t.app.inject({ url: '/api/payments/invoices-list', headers: leenaForElla.headers })).json()).invoices[0]!;
    const res = await t.app.inject({ url: `/api/invoices/${ellas.id}/pdf?lang=fi`, headers: leenaForElla.headers });
    assert.equal(res.statusCode, 200);
    assert.ok((await pdfText(res.rawPayload)).text.includes('Lastenlääkärin vastaanotto'));
    assert.equal((await t.app.inject({ url: `/api/invoices/${byNumber('24102455').id}/pdf`, headers: leenaForElla.headers })).statusCode, 404);
  });
});
