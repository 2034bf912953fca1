import { eq } from 'drizzle-orm';
import type { PaymentFailureReason, ValidationErrorBody } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { withTransaction } from '../../../db/transaction';
import type { PaymentsConfig } from '../config';
import { moveInvoiceStatus } from '../invoices/status';
import { RETURN_PARAMETER_NAMES, returnParamsSchema, type ReturnParams, type ReturnStatus } from '../provider/adapter';
import { signatureMatches } from '../provider/signature';
import { invoices, paymentEvents, payments } from '../schema';

/**
 * The provider's signed redirect (the browser) and callback (server to server) for one payment
 * (Paytrail "Redirect and callback URLs"). Either may arrive first, late, twice, or on two instances
 * at once; the payment is recorded once:
 * - nothing is read from the database before the signature verifies, and nothing changes unless
 *   the account, stamp, transaction id, reference and amount all match the payment we created;
 * - one transaction locks the payment's row (SELECT … FOR UPDATE), records the event, moves the
 *   payment (new / pending / delayed → ok | fail | pending | delayed; ok and fail are final) and, on
 *   ok, moves the invoice to paid with today's Helsinki date (invoices/status.ts);
 * - the partial unique index (one ok payment per invoice) is the last guard: a second ok payment of
 *   an invoice is "already recorded", never an error.
 */

export type ReturnKind = 'redirect' | 'callback';

export type SettleOutcome =
  | { kind: 'invalid'; details: ValidationErrorBody['details'] }
  | { kind: 'recorded'; applied: boolean; invoiceNumber: string; status: ReturnStatus };

const MOVABLE_PAYMENT_STATUSES = new Set(['new', 'pending', 'delayed']);

/** The query's string values by name; a parameter given twice is kept as a list, so it never verifies. */
function stringParams(query: unknown): Record<string, string> | null {
  if (typeof query !== 'object' || query === null) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) return null;
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** Every `checkout-*` parameter is signed, also those we do not read (a provider may add some). */
function checkoutParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => name.toLowerCase().startsWith('checkout-')));
}

const invalid = (path: string, message: string): SettleOutcome => ({ kind: 'invalid', details: [{ path, message }] });

/** Verifies and parses a return's query: the signature first, then the parameters' shapes. */
export function verifyReturn(config: Pick<PaymentsConfig, 'secret' | 'account'>, query: unknown): { ok: true; params: ReturnParams } | { ok: false; outcome: SettleOutcome } {
  const params = stringParams(query);
  if (params === null) return { ok: false, outcome: invalid('querystring', 'A parameter is given more than once') };
  if (!params.signature) return { ok: false, outcome: invalid('signature', 'The return is not signed') };
  if (!signatureMatches(config.secret, checkoutParams(params), params.signature)) {
    return { ok: false, outcome: invalid('signature', 'The signature does not match the parameters') };
  }
  const known = Object.fromEntries(RETURN_PARAMETER_NAMES.filter((name) => name in params).map((name) => [name, params[name]]));
  const parsed = returnParamsSchema.safeParse(known);
  if (!parsed.success) {
    return { ok: false, outcome: { kind: 'invalid', details: parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'querystring', message: issue.message })) } };
  }
  if (parsed.data['checkout-account'] !== config.account) return { ok: false, outcome: invalid('checkout-account', 'Not this merchant’s payment') };
  return { ok: true, params: parsed.data };
}

/** PostgreSQL's unique_violation, as node-postgres or PGlite raise it (drizzle wraps it in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const fields = current as { code?: unknown; cause?: unknown };
    if (fields.code === '23505') return true;
    current = fields.cause;
  }
  return false;
}

/** Records a verified return. `today` is the Helsinki date (the invoice's paid date). */
export async function settlePayment(db: Database, config: Pick<PaymentsConfig, 'secret' | 'account'>, query: unknown, kind: ReturnKind, today: string): Promise<SettleOutcome> {
  const verified = verifyReturn(config, query);
  if (!verified.ok) return verified.outcome;
  const params = verified.params;
  const [found] = await db
    .select({ payment: payments, invoiceNumber: invoices.invoiceNumber })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(payments.stamp, params['checkout-stamp']));
  if (!found) return invalid('checkout-stamp', 'No such payment');
  const { payment, invoiceNumber } = found;
  if (payment.transactionId === null || payment.transactionId !== params['checkout-transaction-id']) {
    return invalid('checkout-transaction-id', 'Not the provider’s transaction of this payment');
  }
  if (params['checkout-reference'] !== invoiceNumber) return invalid('checkout-reference', 'Not the reference of this payment');
  if (Number(params['checkout-amount']) !== payment.amountCents) return invalid('checkout-amount', 'Not the amount of this payment');

  const status = params['checkout-status'];
  // Paytrail says only "fail"; the test provider names its reason (cancelled among them).
  const failureReason: PaymentFailureReason | null = status === 'fail' ? (params['checkout-failure-reason'] ?? null) : null;
  const provider = params['checkout-provider'] ?? null;
  const record = (applied: boolean) =>
    db.insert(paymentEvents).values({ paymentId: payment.id, kind, status, applied });

  try {
    const applied = await withTransaction(db, async (tx) => {
      const [current] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)).for('update');
      const moves = current !== undefined && MOVABLE_PAYMENT_STATUSES.has(current.status) && current.status !== status;
      if (moves) {
        const settled = status === 'ok' || status === 'fail';
        await tx
          .update(payments)
          .set({ status, failureReason, ...(provider ? { provider } : {}), ...(settled ? { settledAt: new Date() } : {}) })
          .where(eq(payments.id, payment.id));
        if (status === 'ok') await moveInvoiceStatus(tx, payment.invoiceId, 'paid', { paidDate: today });
      }
      await tx.insert(paymentEvents).values({ paymentId: payment.id, kind, status, applied: moves });
      return moves;
    });
    return { kind: 'recorded', applied, invoiceNumber, status };
  } catch (error) {
    // Another payment of the invoice is ok already (two tabs, both paid): this one is not recorded as a
    // second payment of the invoice. The event stays for the audit (and a refund by the billing office).
    if (!isUniqueViolation(error)) throw error;
    await record(false);
    return { kind: 'recorded', applied: false, invoiceNumber, status };
  }
}
