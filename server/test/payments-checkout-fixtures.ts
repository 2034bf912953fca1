import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PAYMENTS_PATH, paymentResponseSchema, type PaymentProvider, type PaymentRequest, type PaymentResponse } from '@portal/shared-api';
import { invoiceRows, invoices, paymentEvents, payments, testProviderCallbacks } from '../src/modules/payments/schema';
import { addDays, helsinkiToday } from '@portal/shared-i18n';
import type { SignedInCaller } from './helpers';
import { waitUntil } from './wait';

/**
 * The payments checkout tests' own invoices and calls: each test writes the invoice it pays (a
 * number of its own), so the tests do not depend on the demo invoices nor on each other.
 */
export interface TestInvoice {
  id: number;
  invoiceNumber: string;
  sumCents: number;
}

export async function insertInvoice(
  app: FastifyInstance,
  personId: string,
  overrides: Partial<typeof invoices.$inferInsert> = {},
): Promise<TestInvoice> {
  const today = helsinkiToday();
  const sumCents = overrides.sumCents ?? 12_345;
  const invoiceNumber = overrides.invoiceNumber ?? String(randomInt(10_000_000, 99_999_999)) + String(randomInt(1000, 9999));
  const [row] = await app.db
    .insert(invoices)
    .values({
      personId,
      invoiceNumber,
      source: 'CustomerInvoice',
      status: 'open',
      visitDate: today,
      creationDate: today,
      dueDate: addDays(today, 14),
      payableOnlineUntil: addDays(today, 4),
      sumCents,
      paymentNumber: `RF18${invoiceNumber}`,
      buyerName: 'Testi Maksaja',
      buyerStreet: 'Testikatu 1',
      buyerPostalCode: '00100',
      buyerPostOffice: 'Helsinki',
      ...overrides,
    })
    .returning({ id: invoices.id });
  await app.db.insert(invoiceRows).values({
    invoiceId: row!.id,
    position: 1,
    description: 'Lääkärin vastaanotto',
    date: today,
    count: 1,
    unitPriceCents: sumCents,
    vatPercentage: '0',
  });
  return { id: row!.id, invoiceNumber, sumCents };
}

/** The §3 payment request the pay page builds for the invoice. */
export function paymentRequestFor(invoice: Pick<TestInvoice, 'invoiceNumber' | 'sumCents'>, overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    amount: invoice.sumCents,
    customer: { email: 'mikko.virtanen@example.fi', phone: '+358401234567', firstName: 'Mikko', lastName: 'Virtanen' },
    items: [{ productCode: invoice.invoiceNumber, unitPrice: invoice.sumCents, units: 1, vatPercentage: 0 }],
    language: 'FI',
    reference: invoice.invoiceNumber,
    ...overrides,
  };
}

export function postPayment(app: FastifyInstance, caller: SignedInCaller, body: unknown) {
  return app.inject({
    method: 'POST',
    url: `${PAYMENTS_PATH}?csrfToken=${encodeURIComponent(caller.csrfToken)}`,
    headers: caller.headers,
    payload: body as Record<string, unknown>,
  });
}

/** Creates the payment and answers the provider's answer (asserting it is one). */
export async function createPayment(app: FastifyInstance, caller: SignedInCaller, invoice: TestInvoice, lang: PaymentRequest['language'] = 'FI'): Promise<PaymentResponse> {
  const res = await postPayment(app, caller, paymentRequestFor(invoice, { language: lang }));
  assert.equal(res.statusCode, 200, res.body);
  return paymentResponseSchema.parse(res.json());
}

export async function paymentsOf(app: FastifyInstance, invoiceId: number) {
  return app.db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.id);
}

export async function eventsOf(app: FastifyInstance, paymentId: number) {
  return app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.id);
}

export async function invoiceOf(app: FastifyInstance, invoiceId: number) {
  const [row] = await app.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  assert.ok(row);
  return row;
}

/** A urlencoded form post, as the browser sends the provider's form (same-origin). */
export function postForm(app: FastifyInstance, url: string, fields: Record<string, string>) {
  const target = new URL(url, 'http://localhost:8080');
  return app.inject({
    method: 'POST',
    url: `${target.pathname}${target.search}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The path and query of an absolute URL (what app.inject takes). */
export function pathOf(url: string): string {
  const target = new URL(url);
  return `${target.pathname}${target.search}`;
}

/**
 * Through the built-in test provider's bank page, as the browser goes: the provider's form, then the
 * tester's choice (`pay`, `pay-later`, `cancel`, a failure reason). Answers the signed redirect URL.
 */
export async function payAtTestBank(app: FastifyInstance, provider: PaymentProvider, outcome: string): Promise<string> {
  const fields = Object.fromEntries(provider.parameters.map((p) => [p.name, p.value]));
  const page = await postForm(app, provider.url, fields);
  assert.equal(page.statusCode, 200, page.body);
  const action = /<form method="post" action="([^"]+)"/.exec(page.body)?.[1];
  assert.ok(action, 'the bank page has a form');
  const done = await postForm(app, action.replaceAll('&amp;', '&'), { ...fields, outcome });
  assert.equal(done.statusCode, 303, done.body);
  return String(done.headers.location);
}

/**
 * Until the test provider has sent every callback it owes for the payment (one or two, by the
 * transaction's callback plan; its ledger marks each sent once the portal has answered it), instead
 * of sleeping for "long enough".
 */
export async function callbacksSent(app: FastifyInstance, transactionId: string | null | undefined): Promise<void> {
  assert.ok(transactionId, 'the payment has the provider’s transaction id');
  await waitUntil('the test provider sent every callback it owed', async () => {
    const owed = await app.db.select({ sentAt: testProviderCallbacks.sentAt }).from(testProviderCallbacks).where(eq(testProviderCallbacks.transactionId, transactionId));
    return owed.length > 0 && owed.every((callback) => callback.sentAt !== null);
  });
}
