import type { FastifyInstance } from 'fastify';
import { PAYMENTS_SUMMARY_MAX_ITEMS, type PaymentsSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { helsinkiDate } from '../../util/time';
import { auditedRead } from '../patients/access';
import { canBePaidOnline, unpaidInvoiceRecordsOf } from './invoices/queries';

/**
 * The front page's payments block: the unpaid invoices (open, overdue, paper), soonest due first, at
 * most PAYMENTS_SUMMARY_MAX_ITEMS of them, and how many there are and their total in all.
 */
export async function paymentsSummary(db: Database, personId: string, today: string): Promise<PaymentsSummary> {
  const rows = await unpaidInvoiceRecordsOf(db, personId, today);
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

/** Registers the summary: the session's subject only (the ward when a guardian acts for one), audited. */
export function installPaymentsSummary(app: FastifyInstance): void {
  app.frontPageSummaries.register('mf-payments', (ctx) =>
    auditedRead(ctx.db, ctx.access, 'payments.front-page-summary', (personId) => paymentsSummary(ctx.db, personId, helsinkiDate())),
  );
}
