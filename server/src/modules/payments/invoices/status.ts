import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { INVOICE_STATUS_MOVES, invoiceStatuses, type InvoiceStatus } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { invoices } from '../schema';

/** The statuses allowed to move to `to` (docs/product-decisions.md, "Invoice status moves"). */
export function statusesMovableTo(to: InvoiceStatus): InvoiceStatus[] {
  return invoiceStatuses.filter((from) => INVOICE_STATUS_MOVES[from].includes(to));
}

/**
 * Moves one invoice to `to` when the move is allowed from its current status, in one guarded UPDATE
 * (… WHERE status IN (allowed sources)), so two concurrent moves cannot both apply and a refused
 * move (paid → open) changes nothing. Answers whether it moved. A move to `paid` records the paid date.
 */
export async function moveInvoiceStatus(
  tx: Database,
  invoiceId: number,
  to: InvoiceStatus,
  options: { paidDate?: string } = {},
): Promise<boolean> {
  const from = statusesMovableTo(to);
  if (from.length === 0) return false;
  const moved = await tx
    .update(invoices)
    .set({
      status: to,
      ...(to === 'paid' && options.paidDate ? { paidDate: options.paidDate } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, from)))
    .returning({ id: invoices.id });
  return moved.length > 0;
}

/**
 * Applies the moves time makes (docs/product-decisions.md, "Invoice status moves"): an open or paper invoice whose due date has passed
 * becomes overdue; an open one not paid online by payableOnlineUntil (ONLINE_PAYABLE_DAYS after the
 * visit) is mailed, so it becomes paper. Run before reading a patient's invoices; `today` is the
 * Helsinki date. Overdue goes first: an invoice past both dates is overdue, not paper.
 */
export async function refreshInvoiceStatuses(db: Database, personId: string, today: string): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'overdue', updatedAt: sql`now()` })
    .where(and(eq(invoices.personId, personId), inArray(invoices.status, statusesMovableTo('overdue')), lt(invoices.dueDate, today)));
  await db
    .update(invoices)
    .set({ status: 'paper', updatedAt: sql`now()` })
    .where(
      and(
        eq(invoices.personId, personId),
        inArray(invoices.status, statusesMovableTo('paper')),
        isNotNull(invoices.payableOnlineUntil),
        lt(invoices.payableOnlineUntil, today),
      ),
    );
}
