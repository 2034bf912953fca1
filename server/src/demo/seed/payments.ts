import { ONLINE_PAYABLE_DAYS, type InvoiceSource, type InvoiceStatus } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { addDays } from '@portal/shared-i18n';
import { invoiceRows, invoices } from '../../modules/payments/schema';
import type { DemoWorld } from './personas';

/**
 * The Finnish reference number (viitenumero) of `base`: the base and its check digit (weights 7, 3, 1
 * from the right), the number a bank transfer is paid with.
 */
export function finnishReferenceNumber(base: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  [...base].reverse().forEach((digit, i) => {
    sum += Number(digit) * weights[i % 3]!;
  });
  return `${base}${(10 - (sum % 10)) % 10}`;
}

interface SeedRow {
  description: string;
  /** days after the visit */
  dayOffset?: number;
  count?: number;
  unitPriceCents: number;
  vatPercentage?: number;
}

interface SeedInvoice {
  invoiceNumber: string;
  source: InvoiceSource;
  status: InvoiceStatus;
  /** the visit, relative to today unless `visitDate` names a date */
  visitInDays?: number;
  visitDate?: string;
  remoteAppointment?: boolean;
  /** days from the visit to the invoice date, and from the invoice date to the due date */
  createdAfterDays?: number;
  dueAfterDays?: number;
  paidAfterDays?: number;
  hasPdf?: boolean;
  creditedInvoiceNumber?: string;
  /** a credit note: the rows' sums are credited (negative) */
  credit?: boolean;
  rows: SeedRow[];
}

interface Buyer {
  name: string;
  street: string;
  postalCode: string;
  postOffice: string;
}

const VISIT = 'Lääkärin vastaanotto, yleislääkäri';

/**
 * Mikko's invoices: every listable status and every source, more than one page of the list (§9: 10
 * a page). Each line says what the demo shows with it. The open one past its online window is seeded
 * open on purpose: the first read moves it to paper (modules/payments/invoices/status.ts), as time would.
 */
const MIKKO_INVOICES: SeedInvoice[] = [
  // open, payable online for three more days
  {
    invoiceNumber: '24103311', source: 'CustomerInvoice', status: 'open', visitInDays: -1,
    rows: [
      { description: VISIT, unitPriceCents: 8900 },
      { description: 'Laboratoriotutkimus, perusverenkuva (B-PVK)', unitPriceCents: 2450 },
      { description: 'Toimistomaksu', unitPriceCents: 1290 },
    ],
  },
  // open, a remote appointment today: payable online
  {
    invoiceNumber: '24103318', source: 'GoodSignInvoice', status: 'open', visitInDays: 0, remoteAppointment: true,
    rows: [{ description: 'Etävastaanotto, yleislääkäri (video)', unitPriceCents: 5900 }],
  },
  // open past payableOnlineUntil: mailed, so paper once read
  {
    invoiceNumber: '24103296', source: 'GoodSignInvoice', status: 'open', visitInDays: -7,
    rows: [
      { description: 'Fysioterapeutin vastaanotto, 45 min', unitPriceCents: 7200 },
      { description: 'Kinesioteippaus', unitPriceCents: 1500 },
    ],
  },
  // overdue
  {
    invoiceNumber: '24102877', source: 'CustomerInvoice', status: 'overdue', visitInDays: -35,
    rows: [
      { description: 'Erikoislääkärin vastaanotto, ihotaudit', unitPriceCents: 14500 },
      { description: 'Ihomuutoksen poisto', unitPriceCents: 9800 },
      { description: 'Histologinen tutkimus (PAD)', unitPriceCents: 6400 },
    ],
  },
  // paid, with a product at 25.5 % VAT
  {
    invoiceNumber: '24102455', source: 'GoodSignInvoice', status: 'paid', visitInDays: -21, paidAfterDays: 2,
    rows: [
      { description: VISIT, unitPriceCents: 8900 },
      { description: 'Laboratoriotutkimus, CRP', unitPriceCents: 1950 },
      { description: 'Kipugeeli 100 g', count: 2, unitPriceCents: 1290, vatPercentage: 25.5 },
    ],
  },
  // refund in progress
  {
    invoiceNumber: '24101902', source: 'CustomerInvoice', status: 'refundInProgress', visitInDays: -52, paidAfterDays: 3,
    rows: [
      { description: 'Hammaslääkärin tarkastus', unitPriceCents: 6500 },
      { description: 'Hammasröntgen, 2 kuvaa', count: 2, unitPriceCents: 2300 },
    ],
  },
  // a NetSuite invoice refunded (its refund receipt is mailed)
  {
    invoiceNumber: '24101377', source: 'NetsuiteInvoice', status: 'refunded', visitInDays: -88, paidAfterDays: 5,
    rows: [{ description: 'Työterveyshuollon terveystarkastus', unitPriceCents: 11900 }],
  },
  // not available (the billing contact shows)
  {
    invoiceNumber: '24100964', source: 'CustomerInvoice', status: 'notAvailable', visitInDays: -120,
    rows: [
      { description: 'Ultraäänitutkimus, vatsa', unitPriceCents: 18900 },
      { description: 'Lähete, kuvantaminen', unitPriceCents: 0 },
    ],
  },
  // paid, without a PDF (the summary link replaces the download)
  {
    invoiceNumber: '24100512', source: 'GoodSignInvoice', status: 'paid', visitInDays: -150, paidAfterDays: 1, hasPdf: false,
    rows: [
      { description: 'Sairaanhoitajan vastaanotto', unitPriceCents: 4200 },
      { description: 'Rokotus, jäykkäkouristus-kurkkumätä (dtap)', unitPriceCents: 3900 },
    ],
  },
  // a credit note crediting the two invoices below
  {
    invoiceNumber: '24100188', source: 'NetsuiteInvoice', status: 'paid', visitInDays: -195, createdAfterDays: 12, paidAfterDays: 0, credit: true,
    creditedInvoiceNumber: '23109950,23109871',
    rows: [
      { description: 'Hyvitys: laboratoriotutkimus, kolesteroli ja triglyseridit', unitPriceCents: 3800 },
      { description: 'Hyvitys: magneettitutkimus, polvi', unitPriceCents: 39000 },
    ],
  },
  // the two credited invoices
  {
    invoiceNumber: '23109950', source: 'CustomerInvoice', status: 'refunded', visitInDays: -195, paidAfterDays: 4,
    rows: [
      { description: VISIT, unitPriceCents: 8900 },
      { description: 'Laboratoriotutkimus, kolesteroli ja triglyseridit', unitPriceCents: 3800 },
    ],
  },
  {
    invoiceNumber: '23109871', source: 'CustomerInvoice', status: 'refunded', visitInDays: -200, paidAfterDays: 6,
    rows: [
      { description: 'Magneettitutkimus, polvi', unitPriceCents: 39000 },
      { description: 'Radiologin lausunto', unitPriceCents: 0 },
    ],
  },
  // a remote appointment of the 16–30 Nov 2023 blackout, still unpaid: the list shows the notice
  // (online payment was disabled) beside the overdue contact notice
  {
    invoiceNumber: '23104426', source: 'CustomerInvoice', status: 'overdue', visitDate: '2023-11-20', remoteAppointment: true,
    rows: [{ description: 'Etävastaanotto, yleislääkäri (puhelu)', unitPriceCents: 4900 }],
  },
];

const ELLA_INVOICES: SeedInvoice[] = [
  {
    invoiceNumber: '24103325', source: 'CustomerInvoice', status: 'open', visitInDays: -2,
    rows: [
      { description: 'Lastenlääkärin vastaanotto', unitPriceCents: 9900 },
      { description: 'Pikatesti, streptokokki A', unitPriceCents: 2200 },
    ],
  },
];

const AINO_INVOICES: SeedInvoice[] = [
  {
    invoiceNumber: '24102733', source: 'GoodSignInvoice', status: 'paid', visitInDays: -30, paidAfterDays: 1,
    rows: [
      { description: 'Silmälääkärin vastaanotto', unitPriceCents: 12500 },
      { description: 'Silmänpaineen mittaus', unitPriceCents: 1800 },
    ],
  },
];

async function insertInvoices(db: Database, personId: string, buyer: Buyer, today: string, list: SeedInvoice[]): Promise<void> {
  for (const seed of list) {
    const visitDate = seed.visitDate ?? addDays(today, seed.visitInDays ?? 0);
    const creationDate = addDays(visitDate, seed.createdAfterDays ?? 0);
    const sign = seed.credit ? -1 : 1;
    const rows = seed.rows.map((row, position) => ({
      position,
      description: row.description,
      date: addDays(visitDate, row.dayOffset ?? 0),
      count: row.count ?? 1,
      unitPriceCents: sign * row.unitPriceCents,
      vatPercentage: String(row.vatPercentage ?? 0),
    }));
    const paid = seed.paidAfterDays !== undefined;
    const [inserted] = await db
      .insert(invoices)
      .values({
        personId,
        invoiceNumber: seed.invoiceNumber,
        creditedInvoiceNumber: seed.creditedInvoiceNumber ?? null,
        source: seed.source,
        status: seed.status,
        visitDate,
        remoteAppointment: seed.remoteAppointment ?? false,
        creationDate,
        dueDate: addDays(creationDate, seed.dueAfterDays ?? 14),
        // A credit note is not paid by the patient, so it has no online window.
        payableOnlineUntil: seed.credit ? null : addDays(visitDate, ONLINE_PAYABLE_DAYS),
        paidDate: paid ? addDays(creationDate, seed.paidAfterDays ?? 0) : null,
        sumCents: rows.reduce((sum, row) => sum + row.count * row.unitPriceCents, 0),
        hasPdf: seed.hasPdf ?? true,
        paymentNumber: finnishReferenceNumber(`1${seed.invoiceNumber}`),
        buyerName: buyer.name,
        buyerStreet: buyer.street,
        buyerPostalCode: buyer.postalCode,
        buyerPostOffice: buyer.postOffice,
      })
      .returning({ id: invoices.id });
    await db.insert(invoiceRows).values(rows.map((row) => ({ ...row, invoiceId: inserted!.id })));
  }
}

/**
 * The demo invoices, relative to world.today: Mikko's in every status and source (more than a page),
 * one open invoice of Leena's ward Ella (billed to Leena), one paid of Aino's; Pekka has none.
 */
export async function seedPayments(db: Database, world: DemoWorld): Promise<void> {
  const { people, today } = world;
  await insertInvoices(db, people.mikko, { name: 'Mikko Virtanen', street: 'Mannerheimintie 12 A 5', postalCode: '00100', postOffice: 'Helsinki' }, today, MIKKO_INVOICES);
  await insertInvoices(db, people.ella, { name: 'Leena Nieminen', street: 'Kauppakatu 7 B 12', postalCode: '40100', postOffice: 'Jyväskylä' }, today, ELLA_INVOICES);
  await insertInvoices(db, people.aino, { name: 'Aino Korhonen', street: 'Hämeenkatu 21 C 8', postalCode: '33200', postOffice: 'Tampere' }, today, AINO_INVOICES);
}
