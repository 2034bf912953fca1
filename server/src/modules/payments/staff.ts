import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import { STAFF_PROFESSIONAL_ACTOR_ID, writeAudit, type StaffAuditDetails } from '../audit/index';
import { invoices, payments } from './schema';

/**
 * The billing office's side of duplicate payments (docs/product-decisions.md, "Staff work is outside the portal": staff work is outside the portal;
 * it comes through a server command, cli/staff-payments.ts). A duplicate is a payment the bank took
 * after its invoice was already paid (checkout/settle.ts): its amount is owed back to the payer until
 * the office marks it refunded, and the patient's payment result page says which.
 *
 * Each command reads patient data (whose invoice was paid twice), so it first writes an audit row
 * per patient, as messaging's staff commands do (STAFF_PROFESSIONAL_ACTOR_ID, `{ actorRole,
 * staffChannel }` and the payment ids, never an identity code); a command whose rows cannot be
 * written does not run.
 */

export const PAYMENTS_STAFF_AUDIT_ACTIONS = {
  duplicates: 'payments.staff.duplicates',
  refunded: 'payments.staff.refunded',
} as const;

export interface DuplicatePayment {
  paymentId: number;
  invoiceNumber: string;
  amountCents: number;
  /** the payment method the payer used (the provider's id), and the provider's transaction */
  provider: string | null;
  transactionId: string | null;
  /** when the bank's confirmation was recorded */
  settledAt: Date | null;
  refundDue: boolean;
  refundedAt: Date | null;
}

export class PaymentsStaffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsStaffError';
  }
}

async function auditStaff(db: Database, channel: StaffAuditDetails['staffChannel'], subjectPersonId: string, action: string, paymentIds: number[]) {
  const details: StaffAuditDetails & Record<string, unknown> = { actorRole: 'professional', staffChannel: channel, paymentIds };
  await writeAudit(db, { actorPersonId: STAFF_PROFESSIONAL_ACTOR_ID, subjectPersonId, action, details });
}

/** Duplicate payments, oldest first: those still to refund, or (`all`) also those refunded. */
export async function listDuplicatePayments(db: Database, options: { all?: boolean; channel?: StaffAuditDetails['staffChannel'] } = {}): Promise<DuplicatePayment[]> {
  const rows = await db
    .select({
      paymentId: payments.id,
      personId: invoices.personId,
      invoiceNumber: invoices.invoiceNumber,
      amountCents: payments.amountCents,
      provider: payments.provider,
      transactionId: payments.transactionId,
      settledAt: payments.settledAt,
      refundDue: payments.refundDue,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(options.all ? eq(payments.status, 'duplicate') : and(eq(payments.status, 'duplicate'), eq(payments.refundDue, true)))
    .orderBy(asc(payments.settledAt), asc(payments.id));
  const bySubject = new Map<string, number[]>();
  for (const row of rows) bySubject.set(row.personId, [...(bySubject.get(row.personId) ?? []), row.paymentId]);
  await Promise.all([...bySubject].map(([personId, ids]) => auditStaff(db, options.channel ?? 'cli', personId, PAYMENTS_STAFF_AUDIT_ACTIONS.duplicates, ids)));
  return rows.map(({ personId: _personId, ...row }) => row);
}

/** Marks a duplicate payment refunded (the billing office returned its amount to the payer). */
export async function markDuplicateRefunded(db: Database, paymentId: number, channel: StaffAuditDetails['staffChannel'] = 'cli'): Promise<DuplicatePayment> {
  return withTransaction(db, async (tx) => {
    const [found] = await tx
      .select({ personId: invoices.personId, status: payments.status, refundDue: payments.refundDue })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(payments.id, paymentId))
      .for('update', { of: payments });
    if (!found || found.status !== 'duplicate') throw new PaymentsStaffError(`payment ${paymentId} is not a duplicate payment`);
    if (!found.refundDue) throw new PaymentsStaffError(`payment ${paymentId} is marked refunded already`);
    await auditStaff(tx, channel, found.personId, PAYMENTS_STAFF_AUDIT_ACTIONS.refunded, [paymentId]);
    await tx.update(payments).set({ refundDue: false, refundedAt: new Date() }).where(eq(payments.id, paymentId));
    const [listed] = await tx
      .select({
        paymentId: payments.id,
        invoiceNumber: invoices.invoiceNumber,
        amountCents: payments.amountCents,
        provider: payments.provider,
        transactionId: payments.transactionId,
        settledAt: payments.settledAt,
        refundDue: payments.refundDue,
        refundedAt: payments.refundedAt,
      })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(payments.id, paymentId));
    return listed!;
  });
}
