import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENTS_SUMMARY_MAX_ITEMS, type PaymentsSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { createPerTurnReader, perDatabase } from '../../db/per-turn-loader';
import { preparedStatement } from '../../db/prepared';
import { helsinkiToday } from '@portal/shared-i18n';
import { auditedRead, fromPeopleWithIds, personRowId } from '../patients/index';
import { UNPAID_STATUSES, unpaidInvoiceRecordsOf, type InvoiceRecord } from './invoices/queries';
import { invoiceStanding } from './invoices/standing';
import { statusesMovableTo } from './invoices/status';
import { invoices } from './schema';

const MOVABLE_TO_OVERDUE = statusesMovableTo('overdue');
const MOVABLE_TO_PAPER = statusesMovableTo('paper');

/** The columns of an invoice the front page's block shows or decides by (canBePaidOnline, timeMovesIt). */
type SummaryInvoice = Pick<
  InvoiceRecord,
  'id' | 'invoiceNumber' | 'status' | 'source' | 'visitDate' | 'remoteAppointment' | 'dueDate' | 'payableOnlineUntil' | 'sumCents'
>;

/** Whether refreshInvoiceStatuses (invoices/status.ts) would move the invoice today. */
function timeMovesIt(row: SummaryInvoice, today: string): boolean {
  return (
    (MOVABLE_TO_OVERDUE.includes(row.status) && row.dueDate < today) ||
    (MOVABLE_TO_PAPER.includes(row.status) && row.payableOnlineUntil !== null && row.payableOnlineUntil < today)
  );
}

/**
 * The unpaid invoices of each of `ids`, one row per person: a JSON array built by the database
 * (its dates as the driver's strings, YYYY-MM-DD), soonest due first, as unpaidInvoiceRecordsOf
 * orders them. Prepared (db/prepared.ts): the front page is asked on every sign-in.
 */
const unpaidStatement = preparedStatement<{ id: string; invoices: SummaryInvoice[] }, { ids: readonly string[] }>(
  'front_page_payments',
  () => sql`
    select ${personRowId} as id, (select coalesce(json_agg(json_build_object(
        'id', ${invoices.id}, 'invoiceNumber', ${invoices.invoiceNumber}, 'status', ${invoices.status}, 'source', ${invoices.source},
        'visitDate', ${invoices.visitDate}, 'remoteAppointment', ${invoices.remoteAppointment}, 'dueDate', ${invoices.dueDate},
        'payableOnlineUntil', ${invoices.payableOnlineUntil}, 'sumCents', ${invoices.sumCents})
        order by ${invoices.dueDate}, ${invoices.id}), '[]'::json)
      from ${invoices} where ${invoices.personId} = ${personRowId} and ${inArray(invoices.status, [...UNPAID_STATUSES])}) as invoices
    ${fromPeopleWithIds('ids')}`,
);

/**
 * The unpaid invoices of each of `personIds` after the moves time makes, soonest due first, as
 * unpaidInvoiceRecordsOf answers them, but in one statement for all of them on most front pages:
 * the moves start from open or paper, both unpaid, so every invoice a move would touch is among the
 * rows read; only for a person with one due a move do the guarded UPDATEs run (and their rows are
 * read again). The front page is asked on every sign-in, where two UPDATEs that change nothing
 * cost more than the read itself.
 */
async function unpaidInvoicesOf(db: Database, personIds: readonly string[], today: string): Promise<SummaryInvoice[][]> {
  const rows = await unpaidStatement(db, { ids: personIds });
  const byId = new Map(rows.map((row) => [row.id, row.invoices]));
  return Promise.all(
    personIds.map((personId) => {
      const own = byId.get(personId) ?? [];
      return own.some((row) => timeMovesIt(row, today)) ? unpaidInvoiceRecordsOf(db, personId, today) : own;
    }),
  );
}

/**
 * The front page's payments block: the unpaid invoices (open, overdue, paper), soonest due first, at
 * most PAYMENTS_SUMMARY_MAX_ITEMS of them, and how many there are and their total in all.
 */
export function toPaymentsSummary(rows: readonly SummaryInvoice[], today: string): PaymentsSummary {
  return {
    unpaidCount: rows.length,
    unpaidTotalCents: rows.reduce((sum, row) => sum + row.sumCents, 0),
    invoices: rows.slice(0, PAYMENTS_SUMMARY_MAX_ITEMS).map((row) => {
      const standing = invoiceStanding(row, today);
      return {
        id: String(row.id),
        invoiceNumber: row.invoiceNumber,
        dueDate: row.dueDate,
        sumCents: row.sumCents,
        overdue: standing.status === 'overdue',
        canBePaidOnline: standing.canBePaidOnline,
      };
    }),
  };
}

/** The people signing in at the same moment share one statement (db/per-turn-loader.ts). */
const summaryReaders = perDatabase((db) =>
  createPerTurnReader(
    (personId: string) => personId,
    async (personIds: readonly string[]) => {
      const today = helsinkiToday();
      const lists = await unpaidInvoicesOf(db, personIds, today);
      return lists.map((rows) => toPaymentsSummary(rows, today));
    },
  ),
);

export async function paymentsSummary(db: Database, personId: string): Promise<PaymentsSummary> {
  return summaryReaders(db)(personId);
}

/** Registers the summary: the session's subject only (the ward when a guardian acts for one), audited. */
export function installPaymentsSummary(app: FastifyInstance): void {
  app.frontPageSummaries.register('mf-payments', (ctx) =>
    auditedRead(ctx.db, ctx.access, 'payments.front-page-summary', (personId) => paymentsSummary(ctx.db, personId)),
  );
}
