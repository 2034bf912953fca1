import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import { PAYMENTS_SUMMARY_MAX_ITEMS, frontPageStateSchema, invoicesListResponseSchema, paymentsSummarySchema } from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { unpaidInvoiceRecordsOf } from '../src/modules/payments/invoices/queries';
import { moveInvoiceStatus } from '../src/modules/payments/invoices/status';
import { invoices } from '../src/modules/payments/schema';
import { toPaymentsSummary } from '../src/modules/payments/summary';
import { PERSONAS } from '../src/demo/seed/personas';
import { helsinkiToday } from '@portal/shared-i18n';
import { createTestApp, initialStateOf, personIdOf, signIn, type SignedInCaller, type TestApp } from './helpers';

/** The mf-payments remote's front-page summary over HTTP (the unpaid invoices), and the `./summary` parcel the shell mounts for it. */
let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t.close());

async function summaryOf(caller: SignedInCaller) {
  const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: caller.headers });
  assert.equal(res.statusCode, 200, res.body);
  return paymentsSummarySchema.parse(frontPageStateSchema.parse(res.json().state).summaries['mf-payments']);
}

async function listOf(caller: SignedInCaller) {
  const res = await t.app.inject({ url: '/api/payments/invoices-list', headers: caller.headers });
  return invoicesListResponseSchema.parse(res.json()).invoices;
}

describe('mf-payments front-page summary', () => {
  it('Mikko’s unpaid invoices (open, overdue, paper): soonest due first, at most three, their count and total', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const summary = await summaryOf(mikko);
    const unpaid = (await listOf(mikko)).filter((item) => ['open', 'overdue', 'paper'].includes(item.status));
    assert.equal(summary.unpaidCount, 5);
    assert.equal(summary.unpaidCount, unpaid.length);
    assert.equal(summary.unpaidTotalCents, unpaid.reduce((sum, item) => sum + item.sumCents, 0));
    assert.equal(summary.invoices.length, PAYMENTS_SUMMARY_MAX_ITEMS);
    assert.deepEqual(
      summary.invoices.map((item) => [item.invoiceNumber, item.overdue, item.canBePaidOnline]),
      [
        ['23104426', true, false],
        ['24102877', true, false],
        ['24103296', false, false],
      ],
    );
    const dueDates = summary.invoices.map((item) => item.dueDate);
    assert.deepEqual(dueDates, [...dueDates].sort());
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payments.front-page-summary'), eq(auditLog.subjectPersonId, mikko.personId)));
    assert.ok(audit, 'the summary read is audited');
  });

  it('a paid invoice leaves the summary and the next one due takes its place', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await summaryOf(mikko);
    const first = before.invoices[0]!;
    assert.equal(await moveInvoiceStatus(t.app.db, Number(first.id), 'paid', { paidDate: helsinkiToday() }), true);
    const after = await summaryOf(mikko);
    assert.equal(after.unpaidCount, before.unpaidCount - 1);
    assert.equal(after.unpaidTotalCents, before.unpaidTotalCents - first.sumCents);
    assert.deepEqual(
      after.invoices.map((item) => [item.invoiceNumber, item.canBePaidOnline]),
      [
        ['24102877', false],
        ['24103296', false],
        ['24103311', true],
      ],
    );
  });

  it('a guardian acting for the ward sees the ward’s open invoice; Aino (paid only) and Pekka (none) have an empty summary', async () => {
    const forElla = await summaryOf(await signIn(t.app, PERSONAS.leena, PERSONAS.ella));
    assert.deepEqual(
      forElla.invoices.map((item) => item.invoiceNumber),
      ['24103325'],
    );
    assert.equal(forElla.unpaidCount, 1);
    const empty = { unpaidCount: 0, unpaidTotalCents: 0, invoices: [] };
    assert.deepEqual(await summaryOf(await signIn(t.app, PERSONAS.aino)), empty);
    assert.deepEqual(await summaryOf(await signIn(t.app, PERSONAS.pekka)), empty);
  });

  it('the remotes manifest tells the shell to mount the remote’s ./summary parcel on the front page', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const res = await t.app.inject({ url: '/fi', headers: mikko.headers });
    assert.equal(res.statusCode, 200);
    const remote = initialStateOf(res).remotes.remotes.find((entry) => entry.id === 'mf-payments');
    assert.deepEqual(remote?.frontPageParcels, ['./summary']);
  });
});

// The summary's read is a prepared statement (db/prepared.ts) whose rows the database builds as
// JSON; unpaidInvoiceRecordsOf is the same read through the query builder, with the time-based moves.
describe('mf-payments front-page summary against the unprepared read', () => {
  it('answers every person byte for byte what the unprepared read answers, also when time has moved an invoice', async () => {
    const subjects = [
      [PERSONAS.mikko, undefined],
      [PERSONAS.aino, undefined],
      [PERSONAS.jukka, undefined],
      [PERSONAS.leena, undefined],
      [PERSONAS.leena, PERSONAS.ella],
      [PERSONAS.pekka, undefined],
    ] as const;
    const compare = async () => {
      for (const [identityCode, actingFor] of subjects) {
        const caller = await signIn(t.app, identityCode, actingFor);
        const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: caller.headers });
        assert.equal(res.statusCode, 200, res.body);
        // the summary as sent, in the body's own key order (a schema's parse would rebuild it)
        const sent = (res.json() as { state: { summaries?: Record<string, unknown> } }).state.summaries?.['mf-payments'];
        const today = helsinkiToday();
        const subjectId = await personIdOf(t.app, actingFor ?? identityCode);
        const expected = toPaymentsSummary(await unpaidInvoiceRecordsOf(t.app.db, subjectId, today), today);
        assert.equal(JSON.stringify(sent), JSON.stringify(expected), `${actingFor ?? identityCode}'s summary`);
      }
    };
    await compare();
    // two invoices due the same day: the one made first comes first (the block shows three of Mikko's four)
    const [first] = await t.app.db.select({ dueDate: invoices.dueDate }).from(invoices).where(eq(invoices.invoiceNumber, '24103311'));
    await t.app.db.update(invoices).set({ dueDate: first!.dueDate }).where(eq(invoices.invoiceNumber, '24103318'));
    await compare();
    // a due date and an online window passed since the last sign-in: the summary moves the invoices first
    const moved = { overdue: '24103325', paper: '24103318' };
    await t.app.db.update(invoices).set({ dueDate: '2020-01-15' }).where(eq(invoices.invoiceNumber, moved.overdue));
    await t.app.db.update(invoices).set({ payableOnlineUntil: '2020-01-15' }).where(eq(invoices.invoiceNumber, moved.paper));
    await compare();
    const statuses = await t.app.db
      .select({ number: invoices.invoiceNumber, status: invoices.status })
      .from(invoices)
      .where(inArray(invoices.invoiceNumber, Object.values(moved)));
    assert.deepEqual(Object.fromEntries(statuses.map((row) => [row.number, row.status])), { [moved.overdue]: 'overdue', [moved.paper]: 'paper' });
  });
});
