import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/index';
import { helsinkiToday } from '@portal/shared-i18n';
import { AWAITING_BANK_HOURS } from '../checkout/attempt';
import { recordProviderReport } from '../checkout/settle';
import type { PaymentsConfig } from '../config';
import { scheduleJob, type ScheduledJob } from '../../../jobs/schedule';
import { PaymentProviderError, returnStatusSchema, type PaymentProviderAdapter } from '../provider/adapter';
import { payments } from '../schema';

/**
 * Reconciliation: the payments the provider has not settled with us, asked about from the provider.
 *
 * The outcome of a payment reaches us through the browser's redirect and the provider's callbacks.
 * Both can be lost: the server was down (restarting, killed) when they came, or the patient closed
 * the tab. The bank has the money all the same, and an attempt left pending keeps the invoice from
 * being paid again (checkout/attempt.ts). So every instance looks, every PAYMENT_RECONCILE_INTERVAL_MS,
 * for attempts still new, pending or delayed PAYMENT_RECONCILE_AFTER_MS after they were created, asks
 * the provider for each (Paytrail "Get", GET /payments/{transactionId}, signed like every call; the
 * built-in test provider answers the same over HTTP), and records the answer through the same code
 * as the callback (checkout/settle.ts recordProviderReport): ok → the invoice paid (or the payment a
 * duplicate to refund); fail → the attempt failed, so the patient can pay again; pending / delayed →
 * as reported. `new` (the patient never finished at the bank, or not yet) changes nothing.
 *
 * Safe on several instances at once: an attempt is claimed by one UPDATE … WHERE id IN (SELECT … FOR
 * UPDATE SKIP LOCKED) that also sets when it may be asked next, so two instances never ask about the
 * same attempt in one round, and settle.ts's row locks make a report and a callback arriving together
 * record once. An attempt is asked about again after twice the previous wait (capped at
 * RECONCILE_MAX_WAIT_MS), for RECONCILE_WINDOW_DAYS after it was created; one still `new` (most are
 * pay pages left without paying) for AWAITING_BANK_HOURS only.
 */

export const RECONCILE_WINDOW_DAYS = 7;
/** an attempt still `new` (the patient may have paid, and both returns were lost) is asked about for this long */
const NEW_ATTEMPT_WINDOW_HOURS = AWAITING_BANK_HOURS;
const RECONCILE_MAX_WAIT_MS = 6 * 60 * 60 * 1000;
/** the shortest wait between two questions about one attempt, whatever PAYMENT_RECONCILE_AFTER_MS says */
const RECONCILE_MIN_WAIT_MS = 1000;
const BATCH = 20;
const MAX_ROUNDS = 10;
const UNSETTLED = ['new', 'pending', 'delayed'] as const;

export interface ReconcileRound {
  /** attempts asked about */
  asked: number;
  /** attempts whose status the answer moved */
  moved: number;
  /** attempts the provider could not answer for (asked again later) */
  failed: number;
}

/**
 * Claims up to `limit` unsettled attempts due for a question, for this instance alone, and sets
 * when each may be asked next (the wait doubles with every question).
 */
export async function claimUnsettledPayments(db: Database, afterMs: number, limit = BATCH) {
  const baseWaitSeconds = Math.max(afterMs, RECONCILE_MIN_WAIT_MS) / 1000;
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...UNSETTLED]),
        isNotNull(payments.transactionId),
        lte(payments.createdAt, sql`now() - make_interval(secs => ${afterMs / 1000})`),
        // Pending and delayed: for the window. New (most are pay pages left without paying): for a day.
        or(
          and(inArray(payments.status, ['pending', 'delayed']), gt(payments.createdAt, sql`now() - make_interval(days => ${RECONCILE_WINDOW_DAYS})`)),
          and(eq(payments.status, 'new'), gt(payments.createdAt, sql`now() - make_interval(hours => ${NEW_ATTEMPT_WINDOW_HOURS})`)),
        ),
        or(isNull(payments.nextReconcileAt), lte(payments.nextReconcileAt, sql`now()`)),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(payments)
    .set({
      reconcileChecks: sql`${payments.reconcileChecks} + 1`,
      nextReconcileAt: sql`now() + make_interval(secs => least(${baseWaitSeconds}::float8 * power(2, ${payments.reconcileChecks}), ${RECONCILE_MAX_WAIT_MS / 1000}::float8))`,
    })
    .where(inArray(payments.id, due))
    .returning({ id: payments.id, stamp: payments.stamp, transactionId: payments.transactionId, status: payments.status });
}

/** One round: claims the due attempts and records what the provider says of each. */
export async function reconcilePayments(
  db: Database,
  adapter: PaymentProviderAdapter,
  config: Pick<PaymentsConfig, 'reconcileAfterMs'>,
  log: FastifyBaseLogger,
  today: () => string = helsinkiToday,
): Promise<ReconcileRound> {
  const round: ReconcileRound = { asked: 0, moved: 0, failed: 0 };
  const claimed = await claimUnsettledPayments(db, config.reconcileAfterMs);
  for (const attempt of claimed) {
    if (!attempt.transactionId) continue;
    round.asked += 1;
    let answer;
    try {
      answer = await adapter.getPayment(attempt.transactionId);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      round.failed += 1;
      log.warn({ paymentId: attempt.id, reason: error.message }, 'payment reconciliation: the provider did not answer for the payment');
      continue;
    }
    const status = returnStatusSchema.safeParse(answer.status);
    // `new`: nothing happened at the bank yet; asked again later.
    if (!status.success) continue;
    const outcome = await recordProviderReport(
      db,
      {
        stamp: answer.stamp,
        transactionId: answer.transactionId,
        reference: answer.reference,
        amountCents: answer.amount,
        status: status.data,
        provider: answer.provider,
        failureReason: answer.failureReason,
      },
      'reconcile',
      today(),
    );
    if (outcome.kind === 'invalid') {
      round.failed += 1;
      log.error({ paymentId: attempt.id, details: outcome.details }, 'payment reconciliation: the provider’s answer does not match the payment');
      continue;
    }
    if (outcome.applied) {
      round.moved += 1;
      log.info({ paymentId: attempt.id, from: attempt.status, paymentStatus: outcome.paymentStatus }, 'payment reconciled from the provider’s answer');
    }
  }
  return round;
}

/** The reconciliation job of this instance (stopped when the app closes). */
export function installReconciliation(app: FastifyInstance, config: PaymentsConfig, adapter: PaymentProviderAdapter): ScheduledJob {
  return scheduleJob(app, {
    name: 'payments.reconcile',
    intervalMs: config.reconcileIntervalMs,
    runOnReady: true,
    run: async () => {
      // Rounds until nothing more is due (a backlog after a long outage), each claiming its own batch;
      // at most MAX_ROUNDS, the rest at the next look.
      for (let rounds = 0; rounds < MAX_ROUNDS; rounds++) {
        const round = await reconcilePayments(app.db, adapter, config, app.log);
        if (round.asked < BATCH) return;
      }
    },
  });
}
