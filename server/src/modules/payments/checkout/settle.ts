import { and, eq, inArray, ne, sql } from 'drizzle-orm';
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
 * (Paytrail "Redirect and callback URLs"), and the provider's answer when we ask it (reconcile/).
 * Any of them may arrive first, late, twice, or on two instances at once; the payment is recorded
 * once, all three through recordProviderReport:
 * - nothing is read from the database before the signature verifies (the returns' query, or the
 *   answer to our signed question), and nothing changes unless the stamp, transaction id,
 *   reference and amount all match the payment we created;
 * - one transaction locks the invoice's row (for an ok report) and the payment's (SELECT … FOR
 *   UPDATE), records the event, moves the payment (new / pending / delayed → ok | fail | pending |
 *   delayed | duplicate; ok, fail and duplicate are final) and, on ok, moves the invoice to paid
 *   with today's Helsinki date (invoices/status.ts);
 * - an ok of a payment whose invoice is already paid (another attempt's ok: two tabs, both paid at
 *   the bank) is a `duplicate`, its amount due back to the payer (`refundDue`): never swallowed,
 *   and shown to the patient and to the billing office (cli/staff-payments.ts);
 * - the partial unique index (one ok payment per invoice) is the last guard: should it ever refuse
 *   the move, the payment is recorded as a duplicate all the same, never an error.
 */

export type ReturnKind = 'redirect' | 'callback';
/** where a report came from: the provider's returns, or our question to the provider */
export type ReportKind = ReturnKind | 'reconcile';

/** The attempt's status after the report (the provider's, or our `duplicate`). */
export type RecordedStatus = ReturnStatus | 'new' | 'duplicate';

export type SettleOutcome =
  | { kind: 'invalid'; details: ValidationErrorBody['details'] }
  | { kind: 'recorded'; applied: boolean; invoiceNumber: string; status: ReturnStatus; paymentStatus: RecordedStatus };

/** What a provider reports of one payment, verified (signed return, or signed answer). */
export interface ProviderReport {
  stamp: string;
  transactionId: string;
  reference: string;
  amountCents: number;
  status: ReturnStatus;
  provider: string | null;
  failureReason: PaymentFailureReason | null;
}

const MOVABLE_PAYMENT_STATUSES = new Set(['new', 'pending', 'delayed']);
/** an invoice in one of these is paid already: a payment confirmed now is a duplicate */
const ALREADY_PAID_INVOICE_STATUSES = new Set(['paid', 'refundInProgress', 'refunded']);

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

/** The report of a verified return's parameters. */
export function reportOfReturn(params: ReturnParams): ProviderReport {
  const status = params['checkout-status'];
  return {
    stamp: params['checkout-stamp'],
    transactionId: params['checkout-transaction-id'],
    reference: params['checkout-reference'],
    amountCents: Number(params['checkout-amount']),
    status,
    provider: params['checkout-provider'] ?? null,
    // Paytrail says only "fail"; the test provider names its reason (cancelled among them).
    failureReason: status === 'fail' ? (params['checkout-failure-reason'] ?? null) : null,
  };
}

/** Records a verified return. `today` is the Helsinki date (the invoice's paid date). */
export async function settlePayment(db: Database, config: Pick<PaymentsConfig, 'secret' | 'account'>, query: unknown, kind: ReturnKind, today: string): Promise<SettleOutcome> {
  const verified = verifyReturn(config, query);
  if (!verified.ok) return verified.outcome;
  return recordProviderReport(db, reportOfReturn(verified.params), kind, today);
}

/**
 * Records what the provider reported of one payment (its signature already verified), the one way
 * for the redirect, the callback and reconciliation. `today` is the Helsinki date (the paid date).
 */
export async function recordProviderReport(db: Database, report: ProviderReport, kind: ReportKind, today: string): Promise<SettleOutcome> {
  const [found] = await db
    .select({ payment: payments, invoiceNumber: invoices.invoiceNumber })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(payments.stamp, report.stamp));
  if (!found) return invalid('checkout-stamp', 'No such payment');
  const { payment, invoiceNumber } = found;
  if (payment.transactionId === null || payment.transactionId !== report.transactionId) {
    return invalid('checkout-transaction-id', 'Not the provider’s transaction of this payment');
  }
  if (report.reference !== invoiceNumber) return invalid('checkout-reference', 'Not the reference of this payment');
  if (report.amountCents !== payment.amountCents) return invalid('checkout-amount', 'Not the amount of this payment');

  const { status, provider } = report;
  const failureReason = status === 'fail' ? report.failureReason : null;
  const recorded = (applied: boolean, paymentStatus: RecordedStatus): SettleOutcome => ({ kind: 'recorded', applied, invoiceNumber, status, paymentStatus });

  try {
    return await withTransaction(db, async (tx) => {
      // An ok may pay the invoice: its row first (as startPaymentAttempt locks it), so two attempts'
      // oks serialize here and the second reads the first's paid invoice.
      const invoice =
        status === 'ok'
          ? (await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, payment.invoiceId)).for('update'))[0]
          : undefined;
      const [current] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)).for('update');
      const moves = current !== undefined && MOVABLE_PAYMENT_STATUSES.has(current.status) && current.status !== status;
      let paymentStatus: RecordedStatus = current?.status ?? status;
      if (moves) {
        const now = new Date();
        const settled = status === 'ok' || status === 'fail';
        const duplicate = status === 'ok' && (ALREADY_PAID_INVOICE_STATUSES.has(invoice?.status ?? '') || (await otherOkPayment(tx, payment.invoiceId, payment.id)));
        paymentStatus = duplicate ? 'duplicate' : status;
        await tx
          .update(payments)
          .set({
            status: paymentStatus,
            failureReason,
            statusAt: sql`clock_timestamp()`,
            ...(duplicate ? { refundDue: true } : {}),
            ...(provider ? { provider } : {}),
            ...(settled ? { settledAt: now } : {}),
          })
          .where(eq(payments.id, payment.id));
        if (paymentStatus === 'ok') await moveInvoiceStatus(tx, payment.invoiceId, 'paid', { paidDate: today });
      }
      await tx.insert(paymentEvents).values({ paymentId: payment.id, kind, status, applied: moves });
      return recorded(moves, paymentStatus);
    });
  } catch (error) {
    // The unique index refused a second ok payment of the invoice: the bank has this payment all the
    // same, so it is recorded as a duplicate to refund, never dropped.
    if (!isUniqueViolation(error)) throw error;
    return withTransaction(db, async (tx) => {
      const now = new Date();
      const moved = await tx
        .update(payments)
        .set({ status: 'duplicate', refundDue: true, failureReason: null, statusAt: sql`clock_timestamp()`, settledAt: now, ...(provider ? { provider } : {}) })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, [...MOVABLE_PAYMENT_STATUSES] as Array<'new' | 'pending' | 'delayed'>)))
        .returning({ id: payments.id });
      await tx.insert(paymentEvents).values({ paymentId: payment.id, kind, status, applied: moved.length > 0 });
      return recorded(moved.length > 0, 'duplicate');
    });
  }
}

/** Whether another payment of the invoice is recorded ok. */
async function otherOkPayment(tx: Database, invoiceId: number, paymentId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'ok'), ne(payments.id, paymentId)))
    .limit(1);
  return rows.length > 0;
}
