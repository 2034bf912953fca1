import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { PaymentFailureReason, PaymentStatus } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { withTransaction } from '../../db/transaction';
import type { ReturnStatus } from '../../modules/payments/index';
// The ledger's tables stay in payments' schema.ts, where the migrations were made from.
import { testProviderCallbacks, testProviderPayments } from '../../modules/payments/schema';

/**
 * The built-in test provider's bank ledger and its outgoing callbacks, in the database (shared by
 * every instance, kept over a restart): what the bank knows of each payment, so it can answer
 * Paytrail's "Get" (test-provider-api.ts), and the callbacks it still owes the portal, sent by
 * whichever instance finds them due (test-provider.ts), so a callback scheduled for "a few seconds
 * later" is not lost when the server stops before then.
 */

type LedgerRow = typeof testProviderPayments.$inferSelect;

/** A payment created at the test provider (the portal's POST /api/payments/). */
export async function recordCreatedPayment(
  db: Database,
  payment: { transactionId: string; stamp: string; reference: string; amount: number },
): Promise<void> {
  await db.insert(testProviderPayments).values(payment).onConflictDoNothing();
}

/** The status the bank reports now: a payment confirmed later is pending until its time comes. */
export function statusNow(row: Pick<LedgerRow, 'status' | 'finalStatus' | 'settlesAt'>, now = new Date()): PaymentStatus {
  if (row.finalStatus && row.settlesAt && row.settlesAt.getTime() <= now.getTime()) return row.finalStatus;
  return row.status;
}

export async function ledgerPayment(db: Database, transactionId: string): Promise<LedgerRow | null> {
  const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.transactionId, transactionId));
  return row ?? null;
}

export interface Completion {
  transactionId: string;
  stamp: string;
  reference: string;
  amount: number;
  bank: string;
  /** what the bank says at once (the redirect's status), and what it settles to */
  redirectStatus: ReturnStatus;
  finalStatus: ReturnStatus;
  failureReason: PaymentFailureReason | null;
  /** when a payment confirmed later is confirmed */
  settlesInMs: number;
  /** the callbacks to send: each URL and how long after now */
  callbacks: Array<{ url: string; delayMs: number }>;
}

/**
 * The tester's choice at the bank, once per payment: records the outcome and the callbacks to send,
 * in one transaction. A payment completed already (the tester went back and chose again) keeps its
 * first outcome and owes no new callbacks: answers its status as it is now, and `first: false`.
 */
export async function completeAtBank(
  db: Database,
  completion: Completion,
  now = new Date(),
): Promise<{ first: boolean; status: PaymentStatus; failureReason: PaymentFailureReason | null }> {
  const later = completion.redirectStatus !== completion.finalStatus;
  const outcome = {
    status: completion.redirectStatus,
    finalStatus: later && (completion.finalStatus === 'ok' || completion.finalStatus === 'fail') ? completion.finalStatus : null,
    settlesAt: later ? new Date(now.getTime() + completion.settlesInMs) : null,
    failureReason: completion.failureReason,
    provider: completion.bank,
    completedAt: now,
  };
  return withTransaction(db, async (tx) => {
    const [completed] = await tx
      .insert(testProviderPayments)
      .values({ transactionId: completion.transactionId, stamp: completion.stamp, reference: completion.reference, amount: completion.amount, ...outcome })
      .onConflictDoUpdate({ target: testProviderPayments.transactionId, set: outcome, setWhere: eq(testProviderPayments.status, 'new') })
      .returning({ transactionId: testProviderPayments.transactionId });
    if (!completed) {
      const row = await ledgerPayment(tx, completion.transactionId);
      return row ? { first: false, status: statusNow(row, now), failureReason: row.failureReason } : { first: false, status: completion.redirectStatus, failureReason: completion.failureReason };
    }
    if (completion.callbacks.length > 0) {
      await tx.insert(testProviderCallbacks).values(
        completion.callbacks.map((callback) => ({ transactionId: completion.transactionId, url: callback.url, dueAt: new Date(now.getTime() + callback.delayMs) })),
      );
    }
    return { first: true, status: completion.redirectStatus, failureReason: completion.failureReason };
  });
}

/** Tries of one callback before the bank gives up on it. */
export const CALLBACK_MAX_ATTEMPTS = 10;
const CALLBACK_RETRY_BASE_SECONDS = 5;
const CALLBACK_RETRY_MAX_SECONDS = 600;

/**
 * Claims the due callbacks not yet sent, for this instance alone (FOR UPDATE SKIP LOCKED), each for
 * as long as its retry would wait (5 s, doubling, at most 10 minutes): sent, it is marked so; not
 * sent (the portal did not answer), another round takes it again once the claim has run out.
 */
export async function claimDueCallbacks(db: Database, limit = 20) {
  const due = db
    .select({ id: testProviderCallbacks.id })
    .from(testProviderCallbacks)
    .where(
      and(
        isNull(testProviderCallbacks.sentAt),
        lte(testProviderCallbacks.dueAt, sql`now()`),
        lt(testProviderCallbacks.attempts, CALLBACK_MAX_ATTEMPTS),
        or(isNull(testProviderCallbacks.claimedUntil), lte(testProviderCallbacks.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(testProviderCallbacks.dueAt), asc(testProviderCallbacks.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(testProviderCallbacks)
    .set({
      attempts: sql`${testProviderCallbacks.attempts} + 1`,
      claimedUntil: sql`now() + make_interval(secs => least(${CALLBACK_RETRY_BASE_SECONDS}::float8 * power(2, ${testProviderCallbacks.attempts}), ${CALLBACK_RETRY_MAX_SECONDS}::float8))`,
    })
    .where(inArray(testProviderCallbacks.id, due))
    .returning({ id: testProviderCallbacks.id, url: testProviderCallbacks.url, dueAt: testProviderCallbacks.dueAt });
  // in the order they fell due (a payment's pending before its ok)
  return claimed.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id);
}

export async function markCallbackSent(db: Database, id: number): Promise<void> {
  await db.update(testProviderCallbacks).set({ sentAt: sql`now()`, claimedUntil: null }).where(eq(testProviderCallbacks.id, id));
}
