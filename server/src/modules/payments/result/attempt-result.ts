import { desc, eq } from 'drizzle-orm';
import type { PaymentResultPageState } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import type { InvoiceStanding } from '../invoices/standing';
import { payments } from '../schema';

/**
 * payments.payment (payment/{invoice number}; spec part 2 §2.3 "Payment result page", §8 Payments):
 * the payment attempt of the subject's invoice that moved last, as the server recorded it from the
 * provider's signed redirect or callback or from asking the provider (checkout/settle.ts,
 * reconcile/), never anything the URL says. A new attempt the provider has not answered yet is
 * pending; one the bank took after the invoice was already paid is a duplicate, with the amount
 * owed back (or refunded); another patient's invoice, or an unknown number, is not found (404).
 *
 * "Moved last", not "created last": with two tabs, the attempt created first may be the one the
 * bank confirms last, and that is the news the patient coming back from the bank must see.
 */

type OkState = Extract<PaymentResultPageState, { status: 'ok' }>;

export async function latestAttempt(db: Database, invoiceId: number) {
  const [attempt] = await db
    .select({ status: payments.status, failureReason: payments.failureReason, amountCents: payments.amountCents, refundDue: payments.refundDue })
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(desc(payments.statusAt), desc(payments.id))
    .limit(1);
  return attempt ?? null;
}

export function resultOf(standing: Pick<InvoiceStanding, 'settlement'>, attempt: Awaited<ReturnType<typeof latestAttempt>>): Pick<OkState, 'result' | 'failureReason' | 'refund'> {
  // No attempt (a bookmarked result page): the invoice's own state says whether there is anything to wait for.
  if (!attempt) return { result: standing.settlement === 'paid' ? 'ok' : 'pending', failureReason: null, refund: null };
  if (attempt.status === 'new') return { result: 'pending', failureReason: null, refund: null };
  if (attempt.status === 'duplicate') {
    return { result: 'duplicate', failureReason: null, refund: { amountCents: attempt.amountCents, refunded: !attempt.refundDue } };
  }
  return { result: attempt.status, failureReason: attempt.status === 'fail' ? attempt.failureReason : null, refund: null };
}
