import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  type InvoiceDetail,
  type InvoiceListItem,
  type InvoiceRow,
  type InvoiceStatus,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { invoiceRows, invoices } from '../schema';
import { invoiceStanding, statusesSettled } from './standing';
import { refreshInvoiceStatuses } from './status';

export { canBePaidOnline, inRemotePaymentBlackout } from './standing';

/** One invoices row as the database holds it. */
export type InvoiceRecord = typeof invoices.$inferSelect;

/** PostgreSQL's integer: a longer run of digits names no invoice (and must not reach the query). */
const MAX_INVOICE_ID = 2_147_483_647;

/** The numeric id of a path or query parameter, or null when it cannot be an invoice's. */
export function parseInvoiceId(value: string | number): number | null {
  const id = typeof value === 'number' ? value : /^[0-9]{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_INVOICE_ID ? id : null;
}

/** Unpaid (§ front-page summary): open, overdue or paper, as the one derivation (standing.ts) settles them. */
export const UNPAID_STATUSES: readonly InvoiceStatus[] = statusesSettled('unpaid');

export function toInvoiceListItem(row: InvoiceRecord, today: string): InvoiceListItem {
  const standing = invoiceStanding(row, today);
  return {
    id: String(row.id),
    invoiceNumber: row.invoiceNumber,
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    status: standing.status,
    source: row.source,
    creationDate: row.creationDate,
    dueDate: row.dueDate,
    sumCents: row.sumCents,
    hasPdf: row.hasPdf,
    canBePaidOnline: standing.canBePaidOnline,
    remotePaymentBlackout: standing.remotePaymentBlackout,
  };
}

/** Every invoice of the person, newest first, after the time-based status moves. */
export async function invoiceRecordsOf(db: Database, personId: string, today: string): Promise<InvoiceRecord[]> {
  await refreshInvoiceStatuses(db, personId, today);
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.personId, personId))
    .orderBy(desc(invoices.creationDate), desc(invoices.id));
}

/** The invoices list (spec part 2 §3 "Invoice (list)"), newest first. */
export async function invoiceListOf(db: Database, personId: string, today: string): Promise<InvoiceListItem[]> {
  return (await invoiceRecordsOf(db, personId, today)).map((row) => toInvoiceListItem(row, today));
}

/** The unpaid invoices (open, overdue, paper) of the person, soonest due first. */
export async function unpaidInvoiceRecordsOf(db: Database, personId: string, today: string): Promise<InvoiceRecord[]> {
  await refreshInvoiceStatuses(db, personId, today);
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.personId, personId), inArray(invoices.status, [...UNPAID_STATUSES])))
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
}

/** The rows of an invoice, in order. */
export async function invoiceRowsOf(db: Database, invoiceId: number): Promise<InvoiceRow[]> {
  const rows = await db.select().from(invoiceRows).where(eq(invoiceRows.invoiceId, invoiceId)).orderBy(asc(invoiceRows.position));
  return rows.map((row) => ({
    description: row.description,
    date: row.date,
    count: row.count,
    unitPriceCents: row.unitPriceCents,
    vatPercentage: Number(row.vatPercentage),
  }));
}

/**
 * The §3 "Invoice (payment/summary)" shape, from the one derivation (standing.ts): Open for every
 * unpaid invoice, Paid for a paid one, canBePaidOnline whether it can be paid here today. null for
 * an invoice whose details the portal does not have (notAvailable): every detail view says "not found".
 */
export function toInvoiceDetail(row: InvoiceRecord, rows: InvoiceRow[], today: string): InvoiceDetail | null {
  const standing = invoiceStanding(row, today);
  if (!standing.detailsAvailable || standing.detailStatus === null) return null;
  return {
    id: String(row.id),
    invoiceNumber: row.invoiceNumber,
    sumCents: row.sumCents,
    status: standing.detailStatus,
    invoiceStatus: standing.status,
    paidDate: row.paidDate,
    creationDate: row.creationDate,
    payableOnlineUntil: row.payableOnlineUntil,
    dueDate: row.dueDate,
    buyerName: row.buyerName,
    buyerAddress: { street: row.buyerStreet, postalCode: row.buyerPostalCode, postOffice: row.buyerPostOffice },
    paymentNumber: row.paymentNumber,
    canBePaidOnline: standing.canBePaidOnline,
    rows,
  };
}

/** The person's invoice record by id (after the time-based moves), or null: another patient's is not found. */
export async function invoiceRecordById(db: Database, personId: string, invoiceId: string | number, today: string): Promise<InvoiceRecord | null> {
  const id = parseInvoiceId(invoiceId);
  if (id === null) return null;
  await refreshInvoiceStatuses(db, personId, today);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.personId, personId)));
  return row ?? null;
}

/** The person's invoice record by invoice number (after the time-based moves), or null. */
export async function invoiceRecordByNumber(db: Database, personId: string, invoiceNumber: string, today: string): Promise<InvoiceRecord | null> {
  if (!/^[0-9]{1,20}$/.test(invoiceNumber)) return null;
  await refreshInvoiceStatuses(db, personId, today);
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.invoiceNumber, invoiceNumber), eq(invoices.personId, personId)));
  return row ?? null;
}

/** The person's invoice (§3 payment/summary) by id, or null when it is not theirs or does not exist. */
export async function invoiceDetailById(db: Database, personId: string, invoiceId: string | number, today: string): Promise<InvoiceDetail | null> {
  const row = await invoiceRecordById(db, personId, invoiceId, today);
  return row && invoiceStanding(row, today).detailsAvailable ? toInvoiceDetail(row, await invoiceRowsOf(db, row.id), today) : null;
}

/** The person's invoice (§3 payment/summary) by invoice number, or null when it is not theirs or does not exist. */
export async function invoiceDetailByNumber(db: Database, personId: string, invoiceNumber: string, today: string): Promise<InvoiceDetail | null> {
  const row = await invoiceRecordByNumber(db, personId, invoiceNumber, today);
  return row && invoiceStanding(row, today).detailsAvailable ? toInvoiceDetail(row, await invoiceRowsOf(db, row.id), today) : null;
}
