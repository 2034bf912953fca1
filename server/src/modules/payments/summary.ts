import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENTS_SUMMARY_MAX_ITEMS, type PaymentsSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { createPerTurnReader, perDatabase } from '../../db/per-turn-loader';
import { helsinkiDate } from '../../util/time';
import { auditedRead } from '../patients/access';
import { canBePaidOnline, UNPAID_STATUSES, unpaidInvoiceRecordsOf, type InvoiceRecord } from './invoices/queries';
import { statusesMovableTo } from './invoices/status';
import { invoices } from './schema';

const MOVABLE_TO_OVERDUE = statusesMovableTo('overdue');
const MOVABLE_TO_PAPER = statusesMovableTo('paper');

/** Whether refreshInvoiceStatuses (invoices/status.ts) would move the invoice today. */
function timeMovesIt(row: InvoiceRecord, today: string): boolean {
  return (
    (MOVABLE_TO_OVERDUE.includes(row.status) && row.dueDate < today) ||
    (MOVABLE_TO_PAPER.includes(row.status) && row.payableOnlineUntil !== null && row.payableOnlineUntil < today)
  );
}

/**
 * The unpaid invoices of each of `personIds` after the moves time makes, soonest due first, as
 * unpaidInvoiceRecordsOf answers them, but in one statement for all of them on most front pages:
 * the moves start from open or paper, both unpaid, so every invoice a move would touch is among the
 * rows read; only for a person with one due a move do the guarded UPDATEs run (and their rows are
 * read again). The front page is asked on every sign-in, where two UPDATEs that change nothing
 * cost more than the read itself.
 */
async function unpaidInvoicesOf(db: Database, personIds: readonly string[], today: string): Promise<InvoiceRecord[][]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.personId, [...personIds]), inArray(invoices.status, [...UNPAID_STATUSES])))
    .orderBy(asc(invoices.dueDate), asc(invoices.id));
  return Promise.all(
    personIds.map((personId) => {
      const own = rows.filter((row) => row.personId === personId);
      return own.some((row) => timeMovesIt(row, today)) ? unpaidInvoiceRecordsOf(db, personId, today) : own;
    }),
  );
}

/**
 * The front page's payments block: the unpaid invoices (open, overdue, paper), soonest due first, at
 * most PAYMENTS_SUMMARY_MAX_ITEMS of them, and how many there are and their total in all.
 */
function toSummary(rows: readonly InvoiceRecord[], today: string): PaymentsSummary {
  return {
    unpaidCount: rows.length,
    unpaidTotalCents: rows.reduce((sum, row) => sum + row.sumCents, 0),
    invoices: rows.slice(0, PAYMENTS_SUMMARY_MAX_ITEMS).map((row) => ({
      id: String(row.id),
      invoiceNumber: row.invoiceNumber,
      dueDate: row.dueDate,
      sumCents: row.sumCents,
      overdue: row.status === 'overdue',
      canBePaidOnline: canBePaidOnline(row, today),
    })),
  };
}

/** The people signing in at the same moment share one statement (db/per-turn-loader.ts). */
const summaryReaders = perDatabase((db) =>
  createPerTurnReader(
    (personId: string) => personId,
    async (personIds: readonly string[]) => {
      const today = helsinkiDate();
      const lists = await unpaidInvoicesOf(db, personIds, today);
      return lists.map((rows) => toSummary(rows, today));
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
