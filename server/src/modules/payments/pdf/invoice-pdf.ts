import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Brand, InvoiceRow, InvoiceStatus, Lang } from '@portal/shared-api';
import { formatCents, formatDate } from '@portal/shared-i18n';
import { serverMessage } from '../../../pages/messages';

/** What the invoice PDF shows (spec part 2 §2.3 summary fields, the invoice number, credited numbers). */
export interface InvoicePdfContent {
  invoiceNumber: string;
  /** the listable status from the one derivation (invoices/standing.ts): the PDF says what the list says */
  status: InvoiceStatus;
  creditedInvoiceNumber: string | null;
  creationDate: string;
  dueDate: string;
  payableOnlineUntil: string | null;
  paidDate: string | null;
  paymentNumber: string;
  sumCents: number;
  buyerName: string;
  buyerAddress: { street: string; postalCode: string; postOffice: string };
  rows: InvoiceRow[];
}

export interface InvoicePdfSeller {
  brand: Brand;
  billingPhone: string;
  billingEmail: string;
}

type PdfText =
  | 'title' | 'creditNoteTitle' | 'sellerAdult' | 'sellerChildren' | 'billingContact' | 'phone' | 'email' | 'buyer'
  | 'invoiceNumber' | 'credits' | 'creationDate' | 'dueDate' | 'payableOnlineUntil' | 'paymentNumber' | 'paidDate'
  | 'description' | 'date' | 'quantity' | 'vat' | 'rowTotal' | 'total' | 'page' | 'status' | `status.${InvoiceStatus}`;

const text = (lang: Lang, id: PdfText): string => serverMessage(lang, `server.payments.pdf.${id}`);

// pdf-lib's standard fonts encode WinAnsi only. Intl writes a minus sign (U+2212) and no-break spaces
// (U+00A0, U+202F) in amounts; they become their ASCII look-alikes so a reader's search finds them.
const LOOK_ALIKES: Record<string, string> = { '\u2212': '-', '\u00a0': ' ', '\u202f': ' ', '\u2009': ' ', '\u2011': '-' };

/** `value` in the font's character set: look-alikes replaced, anything else outside it as '?'. */
export function toWinAnsi(value: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return [...value]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .map((char) => (supported.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

/** An amount as the PDF writes it (and a reader finds it): the locale's format in WinAnsi. */
export function pdfAmount(cents: number, lang: Lang): string {
  return [...formatCents(cents, lang)].map((char) => LOOK_ALIKES[char] ?? char).join('');
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const RULE = rgb(0.75, 0.75, 0.78);
/** the rows table: left edges, and the right edges of the right-aligned columns */
const COLUMNS = { description: MARGIN, date: 250, quantityRight: 440, vatRight: 487, totalRight: A4.width - MARGIN };
const DESCRIPTION_WIDTH = COLUMNS.date - COLUMNS.description - 10;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Lines of at most `width` points, broken between words (a word longer than the line is cut). */
function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/**
 * The invoice as an A4 PDF in `lang`: the seller and its billing contact, the buyer, the invoice's
 * numbers and dates, its rows (description, date, count × unit price, VAT %, row total) and the total,
 * amounts in EUR in the locale's format. Rows that do not fit continue on the next page.
 */
export async function buildInvoicePdf(invoice: InvoicePdfContent, seller: InvoicePdfSeller, lang: Lang): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const title = text(lang, invoice.creditedInvoiceNumber ? 'creditNoteTitle' : 'title');
  const sellerName = text(lang, seller.brand === 'children' ? 'sellerChildren' : 'sellerAdult');
  doc.setTitle(`${title} ${invoice.invoiceNumber}`);
  doc.setAuthor(sellerName);
  doc.setLanguage({ fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' }[lang]);

  const pages: PDFPage[] = [];
  const draw = (page: PDFPage, value: string, x: number, y: number, options: { size?: number; bold?: boolean; muted?: boolean; alignRight?: boolean } = {}) => {
    const font = options.bold ? fonts.bold : fonts.regular;
    const size = options.size ?? 10;
    const safe = toWinAnsi(value, font);
    const left = options.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    page.drawText(safe, { x: left, y, size, font, color: options.muted ? MUTED : INK });
  };
  const rule = (page: PDFPage, y: number) =>
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4.width - MARGIN, y }, thickness: 0.5, color: RULE });

  /** A page; a continuation page names the invoice at its top. */
  const newPage = (): PDFPage => {
    const page = doc.addPage([A4.width, A4.height]);
    pages.push(page);
    if (pages.length > 1) draw(page, `${title} ${invoice.invoiceNumber}`, MARGIN, A4.height - MARGIN + 10, { size: 9, muted: true });
    return page;
  };

  // ---- the first page's head: seller, title with the invoice's facts, buyer
  let page = newPage();
  let y = A4.height - MARGIN - 14;
  draw(page, sellerName, MARGIN, y, { size: 14, bold: true });
  draw(page, text(lang, 'billingContact'), MARGIN, y - 18, { muted: true });
  draw(page, `${text(lang, 'phone')} ${seller.billingPhone}`, MARGIN, y - 32);
  draw(page, `${text(lang, 'email')} ${seller.billingEmail}`, MARGIN, y - 46);

  const factsX = 330;
  draw(page, title, factsX, y, { size: 20, bold: true });
  const facts: Array<[string, string]> = [
    [text(lang, 'invoiceNumber'), invoice.invoiceNumber],
    [text(lang, 'status'), text(lang, `status.${invoice.status}`)],
    ...(invoice.creditedInvoiceNumber
      ? [[text(lang, 'credits'), invoice.creditedInvoiceNumber.split(',').map((n) => n.trim()).join(', ')] as [string, string]]
      : []),
    [text(lang, 'creationDate'), formatDate(invoice.creationDate, lang)],
    [text(lang, 'dueDate'), formatDate(invoice.dueDate, lang)],
    ...(invoice.payableOnlineUntil ? [[text(lang, 'payableOnlineUntil'), formatDate(invoice.payableOnlineUntil, lang)] as [string, string]] : []),
    [text(lang, 'paymentNumber'), invoice.paymentNumber],
    ...(invoice.paidDate ? [[text(lang, 'paidDate'), formatDate(invoice.paidDate, lang)] as [string, string]] : []),
  ];
  let factsY = y - 26;
  for (const [label, value] of facts) {
    draw(page, label, factsX, factsY, { size: 9, muted: true });
    draw(page, value, A4.width - MARGIN, factsY, { size: 10, bold: true, alignRight: true });
    factsY -= 15;
  }

  let buyerY = y - 90;
  draw(page, text(lang, 'buyer'), MARGIN, buyerY, { size: 9, muted: true });
  for (const line of [invoice.buyerName, invoice.buyerAddress.street, `${invoice.buyerAddress.postalCode} ${invoice.buyerAddress.postOffice}`]) {
    buyerY -= 14;
    draw(page, line, MARGIN, buyerY, { size: 11 });
  }

  // ---- the rows
  const tableHead = (at: number) => {
    draw(page, text(lang, 'description'), COLUMNS.description, at, { size: 9, bold: true });
    draw(page, text(lang, 'date'), COLUMNS.date, at, { size: 9, bold: true });
    draw(page, text(lang, 'quantity'), COLUMNS.quantityRight, at, { size: 9, bold: true, alignRight: true });
    draw(page, text(lang, 'vat'), COLUMNS.vatRight, at, { size: 9, bold: true, alignRight: true });
    draw(page, text(lang, 'rowTotal'), COLUMNS.totalRight, at, { size: 9, bold: true, alignRight: true });
    rule(page, at - 6);
    return at - 20;
  };
  y = tableHead(Math.min(buyerY, factsY) - 30);
  const bottom = MARGIN + 40;
  for (const row of invoice.rows) {
    const lines = wrap(toWinAnsi(row.description, fonts.regular), fonts.regular, 10, DESCRIPTION_WIDTH);
    const height = lines.length * 13 + 4;
    if (y - height < bottom) {
      page = newPage();
      y = tableHead(A4.height - MARGIN - 14);
    }
    lines.forEach((line, i) => draw(page, line, COLUMNS.description, y - i * 13));
    draw(page, formatDate(row.date, lang), COLUMNS.date, y);
    draw(page, `${row.count} × ${pdfAmount(row.unitPriceCents, lang)}`, COLUMNS.quantityRight, y, { alignRight: true });
    draw(page, formatVat(row.vatPercentage, lang), COLUMNS.vatRight, y, { alignRight: true });
    draw(page, pdfAmount(row.count * row.unitPriceCents, lang), COLUMNS.totalRight, y, { alignRight: true });
    y -= height;
  }
  if (y - 30 < bottom) {
    page = newPage();
    y = A4.height - MARGIN - 14;
  }
  rule(page, y + 6);
  draw(page, text(lang, 'total'), COLUMNS.description, y - 12, { size: 12, bold: true });
  draw(page, pdfAmount(invoice.sumCents, lang), COLUMNS.totalRight, y - 12, { size: 12, bold: true, alignRight: true });

  pages.forEach((each, i) => {
    const label = text(lang, 'page').replace('{page}', String(i + 1)).replace('{pages}', String(pages.length));
    draw(each, label, A4.width - MARGIN, MARGIN - 20, { size: 8, muted: true, alignRight: true });
  });
  return doc.save();
}

/** '25,5' in Finnish and Swedish, '25.5' in English; whole percentages without decimals. */
function formatVat(percentage: number, lang: Lang): string {
  return new Intl.NumberFormat({ fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' }[lang], { maximumFractionDigits: 2 }).format(percentage);
}
