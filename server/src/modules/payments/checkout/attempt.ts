import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import { invoices, payments } from '../schema';

/**
 * A payment that may still be settled by the bank: a new one is not started beside it (the patient
 * would pay twice), for as long as a bank may take to confirm; after that the invoice is payable again.
 */
const AWAITING_BANK = ['pending', 'delayed'] as const;
export const AWAITING_BANK_HOURS = 24;

export type AttemptOutcome =
  | { kind: 'started'; paymentId: number }
  | { kind: 'refused'; reason: 'notOpen' | 'awaitingBank' };

/**
 * Writes a new payment attempt for an invoice the caller has found payable, unless, at the moment of
 * writing, the invoice is no longer open or a payment of it is waiting for the bank or recorded.
 *
 * The caller's read of the invoice is not enough: the provider's callback (on any instance) may move
 * a pending payment to ok and the invoice to paid between that read and this insert, and a check of
 * the payments alone would then see no pending payment and start a second one. So the invoice's row
 * is locked (SELECT … FOR UPDATE) while its payments are read and the attempt is written: the
 * callback's UPDATE of the invoice waits for this transaction, or this lock waits for the callback's
 * and then reads the invoice as paid.
 */
export async function startPaymentAttempt(
  db: Database,
  attempt: { invoiceId: number; stamp: string; paidByPersonId: string; amountCents: number },
): Promise<AttemptOutcome> {
  return withTransaction(db, async (tx) => {
    const [invoice] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, attempt.invoiceId)).for('update');
    if (invoice?.status !== 'open') return { kind: 'refused', reason: 'notOpen' } as const;
    const blocking = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.invoiceId, attempt.invoiceId),
          or(
            eq(payments.status, 'ok'),
            and(
              inArray(payments.status, [...AWAITING_BANK]),
              gt(payments.createdAt, sql`now() - make_interval(hours => ${AWAITING_BANK_HOURS})`),
            ),
          ),
        ),
      )
      .limit(1);
    if (blocking.length) return { kind: 'refused', reason: 'awaitingBank' } as const;
    const [created] = await tx.insert(payments).values(attempt).returning({ id: payments.id });
    return { kind: 'started', paymentId: created!.id } as const;
  });
}
