import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_CALLBACK_PATH, PAYMENT_REDIRECT_PATH } from '@portal/shared-api';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../src/db/index';
import { signedReturnUrl } from '../src/demo/payment-provider/test-provider';
import { PERSONAS } from '../src/demo/seed/personas';
import { openTestDatabase, signIn, testConfig } from './helpers';
import { createPayment, eventsOf, insertInvoice, invoiceOf, pathOf, paymentsOf } from './payments-checkout-fixtures';

/**
 * docs/operations.md, "Topology": payment state lives in the database. Two server instances on one
 * database receive the same signed callback (and the browser's redirect) at the same moment: the
 * payment is recorded once and the invoice paid once.
 */
let database: DatabaseHandle;
/** the second instance's pool: on PostgreSQL its own connections to the one database, as a second process has */
let secondDatabase: DatabaseHandle;
let dataDir: string;
let first: FastifyInstance;
let second: FastifyInstance;
let paymentsConfig: Config['modules']['payments'];

/** Another connection pool to the same PostgreSQL database; on PGlite (one process, one handle) the same handle. */
async function secondHandle(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.driver !== 'postgres' || !process.env.DATABASE_URL) return handle;
  const result = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${result.rows[0]!.name}`;
  return openDatabase({ databaseUrl: url.toString() });
}

async function instance(handle: DatabaseHandle): Promise<FastifyInstance> {
  const config = testConfig(dataDir, { API_CONCURRENT_PER_CLIENT: '100', API_RATE_LIMIT_PER_CLIENT: '2000' });
  paymentsConfig = config.modules.payments;
  const app = await buildApp(config, { database: handle, prepareDatabase: false, logger: false });
  await app.ready();
  return app;
}

before(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-payments-instances-'));
  secondDatabase = await secondHandle(database);
  first = await instance(database);
  second = await instance(secondDatabase);
});

after(async () => {
  await first.close();
  await second.close();
  if (secondDatabase !== database) await secondDatabase.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('payments across two instances on one database', () => {
  it('the same callback and redirect arriving at both instances at once record one payment', async () => {
    const mikko = await signIn(first, PERSONAS.mikko);
    const invoice = await insertInvoice(first, mikko.personId, { sumCents: 15_075 });
    // created on one instance, returned to both
    await createPayment(first, mikko, invoice);
    const [payment] = await paymentsOf(first, invoice.id);
    const config = paymentsConfig;
    const params = { amount: invoice.sumCents, stamp: payment!.stamp, reference: invoice.invoiceNumber, transactionId: payment!.transactionId! };
    const callback = pathOf(signedReturnUrl(config, `${first.config.publicUrl}${PAYMENT_CALLBACK_PATH}`, params, 'ok', 'saaristo', null));
    const redirect = pathOf(signedReturnUrl(config, `${first.config.publicUrl}${PAYMENT_REDIRECT_PATH}?lang=fi`, params, 'ok', 'saaristo', null));

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [i % 2 === 0 ? first : second, i % 5 === 0 ? redirect : callback] as const).map(([app, url]) => app.inject({ url })),
    );
    assert.ok(answers.every((a) => a.statusCode === 200 || a.statusCode === 303), answers.map((a) => `${a.statusCode} ${a.body}`).join('\n'));

    const events = await eventsOf(first, payment!.id);
    assert.equal(events.length, 20);
    assert.equal(events.filter((e) => e.applied).length, 1);
    const rows = await paymentsOf(second, invoice.id);
    assert.deepEqual(
      rows.map((r) => r.status),
      ['ok'],
    );
    assert.equal((await invoiceOf(second, invoice.id)).status, 'paid');
  });
});
