import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { people } from '../patients/schema';

/**
 * An invoice of one patient (spec part 2 §3 "Invoice"; part 1 §3 source and listable status). Money
 * is integer cents. The status moves (docs/product-decisions.md, "Invoice status moves") are enforced by invoices/status.ts (a guarded
 * UPDATE … WHERE status IN (allowed sources)), never by a plain overwrite.
 */
export const invoices = pgTable(
  'invoices',
  {
    /** the numeric id of the summary and PDF URLs */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 500001 }),
    /** the patient the invoice is for (a child's invoice belongs to the child; the guardian reaches it through guardianship) */
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull().unique(),
    /** comma-separated numbers of the invoices this one credits (spec §3 creditedInvoiceNumber) */
    creditedInvoiceNumber: text('credited_invoice_number'),
    source: text('source', { enum: ['CustomerInvoice', 'GoodSignInvoice', 'NetsuiteInvoice'] }).notNull(),
    status: text('status', { enum: ['open', 'overdue', 'paper', 'paid', 'refunded', 'refundInProgress', 'notAvailable'] }).notNull(),
    /** the visit the invoice is for (payableOnlineUntil = visitDate + ONLINE_PAYABLE_DAYS) */
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    /** a remote appointment's invoice (the 16–30 Nov 2023 blackout applies to these) */
    remoteAppointment: boolean('remote_appointment').notNull().default(false),
    creationDate: date('creation_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    payableOnlineUntil: date('payable_online_until', { mode: 'string' }),
    paidDate: date('paid_date', { mode: 'string' }),
    sumCents: integer('sum_cents').notNull(),
    hasPdf: boolean('has_pdf').notNull().default(true),
    /** payment number (viitenumero) for a bank transfer */
    paymentNumber: text('payment_number').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerStreet: text('buyer_street').notNull(),
    buyerPostalCode: text('buyer_postal_code').notNull(),
    buyerPostOffice: text('buyer_post_office').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_person_idx').on(t.personId, t.creationDate)],
);

/** The rows of an invoice, in order (spec §3: description, date, count, unit price, VAT %). */
export const invoiceRows = pgTable(
  'invoice_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    vatPercentage: numeric('vat_percentage', { precision: 5, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('invoice_rows_position_idx').on(t.invoiceId, t.position)],
);

/**
 * One online payment attempt with the provider (Paytrail-style). `stamp` is our unique id sent to the
 * provider; `transactionId` is the provider's. The partial unique index allows one successful
 * payment per invoice, so a replayed or concurrent callback on any instance records the payment once.
 *
 * Statuses: the provider's (new, ok, fail, pending, delayed) and our own `duplicate`: the bank took
 * this payment after the invoice was already paid (two tabs, both paid), so its amount is owed back
 * to the payer (`refundDue` until the billing office marks it refunded, cli/staff-payments.ts).
 * An attempt still unsettled is asked about from the provider (reconcile/): `nextReconcileAt` is
 * when it may be asked next, `reconcileChecks` how often it was.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stamp: uuid('stamp').notNull().unique(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** who started the payment (the patient, or their guardian) */
    paidByPersonId: uuid('paid_by_person_id').references(() => people.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    transactionId: text('transaction_id').unique(),
    /** the provider the patient chose (checkout-provider), once known */
    provider: text('provider'),
    status: text('status', { enum: ['new', 'ok', 'fail', 'pending', 'delayed', 'duplicate'] }).notNull().default('new'),
    failureReason: text('failure_reason', {
      enum: ['cardDeclined', 'cardExpired', 'incorrectCvc', 'insufficientFunds', 'cancelled', 'paymentFailed', 'unableToProcess'],
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** when the status last moved (the result page shows the attempt that moved last) */
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    /** a duplicate whose amount is still to be refunded to the payer */
    refundDue: boolean('refund_due').notNull().default(false),
    /** when the billing office marked the duplicate refunded */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** how many times the provider was asked for this attempt's status (reconcile/) */
    reconcileChecks: integer('reconcile_checks').notNull().default(0),
    /** not asked again before this; null: never asked */
    nextReconcileAt: timestamp('next_reconcile_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_one_ok_per_invoice_idx')
      .on(t.invoiceId)
      .where(sql`status = 'ok'`),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    // the reconciliation's candidates: the few attempts the provider has not settled
    index('payments_unsettled_idx')
      .on(t.createdAt)
      .where(sql`status in ('new', 'pending', 'delayed')`),
    index('payments_refund_due_idx')
      .on(t.settledAt)
      .where(sql`refund_due`),
  ],
);

/** Every signed redirect or callback the provider sent (kept for audit; duplicates are expected). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** the browser's redirect, the provider's callback, or our question to the provider (reconcile/) */
    kind: text('kind', { enum: ['redirect', 'callback', 'reconcile'] }).notNull(),
    status: text('status').notNull(),
    /** whether this event changed the payment (false: a replay or a late duplicate) */
    applied: boolean('applied').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId)],
);


/**
 * The built-in test provider's own ledger (PAYMENT_PROVIDER=test): what its bank knows of each
 * payment, so it answers "get payment" (GET /payments/{transactionId}) as Paytrail does. A payment
 * the bank confirms later is `pending` until `settlesAt`, then `finalStatus`.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  transactionId: text('transaction_id').primaryKey(),
  stamp: uuid('stamp').notNull(),
  reference: text('reference').notNull(),
  amount: integer('amount').notNull(),
  status: text('status', { enum: ['new', 'ok', 'fail', 'pending', 'delayed'] }).notNull().default('new'),
  finalStatus: text('final_status', { enum: ['ok', 'fail'] }),
  settlesAt: timestamp('settles_at', { withTimezone: true }),
  failureReason: text('failure_reason', {
    enum: ['cardDeclined', 'cardExpired', 'incorrectCvc', 'insufficientFunds', 'cancelled', 'paymentFailed', 'unableToProcess'],
  }),
  /** the demo bank the tester paid at */
  provider: text('provider'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/**
 * The test provider's callbacks to the portal, kept until sent: any instance sends the due ones
 * (claimed one at a time with FOR UPDATE SKIP LOCKED), so a restart or a killed instance loses none.
 */
export const testProviderCallbacks = pgTable(
  'test_provider_callbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => testProviderPayments.transactionId, { onDelete: 'cascade' }),
    /** the portal's callback URL with the signed `checkout-*` parameters */
    url: text('url').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** an instance is sending it; another may take it over after this */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('test_provider_callbacks_due_idx').on(t.dueAt).where(sql`sent_at is null`)],
);
