import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { PAYMENT_CALLBACK_PATH } from '@portal/shared-api';
import { DemoPartsError, loadConfig } from '../src/config';
import { BUILT_IN_BROKER_CLIENT_SECRET } from '../src/modules/identity/config';
import { PAYTRAIL_TEST_ACCOUNT, TEST_PROVIDER_SECRET } from '../src/modules/payments/config';
import { signParams } from '../src/modules/payments/provider/signature';
import { invoices, payments } from '../src/modules/payments/schema';
import { createTestApp, personIdOf, type TestApp } from './helpers';
import { insertInvoice } from './payments-checkout-fixtures';

/**
 * Issue 27: the demo (test identity broker, insurers, payment provider, SMS outbox, seeded personas)
 * runs only under DEMO=true. Without it the server refuses to start while any test double or any
 * secret published in this repository is configured, naming each.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every value this repository publishes that a provider's callback could be signed with. */
const PUBLISHED_SECRETS = [TEST_PROVIDER_SECRET, BUILT_IN_BROKER_CLIENT_SECRET, PAYTRAIL_TEST_ACCOUNT, 'SAIPPUAKAUPPIAS'];

/** A payments configuration an operator would set: Paytrail with credentials of their own. */
const realPayments = () => ({
  PAYMENT_PROVIDER: 'paytrail',
  PAYMENT_PROVIDER_API_URL: 'http://127.0.0.1:9/paytrail',
  PAYMENT_PROVIDER_ACCOUNT: '695874',
  PAYMENT_PROVIDER_SECRET: randomBytes(24).toString('hex'),
});

describe('The demo runs only under DEMO=true (issue 27)', () => {
  it('refuses a production configuration without DEMO, naming every test double and published secret', () => {
    let refusal: unknown;
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      refusal = error;
    }
    assert.ok(refusal instanceof DemoPartsError, 'loadConfig refuses');
    const message = refusal.message;
    for (const named of ['test identity broker', 'test payment provider', 'PAYMENT_PROVIDER_SECRET', 'PAYMENT_PROVIDER_ACCOUNT', 'insurers', 'SMS']) {
      assert.match(message, new RegExp(named), `names ${named}`);
    }
    assert.match(message, /DEMO=true/, 'says how to run the demo instead');
  });

  it('still names what is left when the broker and the payment provider are real', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', OIDC_ISSUER: 'https://idp.example.fi', OIDC_CLIENT_SECRET: 'a-secret-of-the-operator', ...realPayments() }),
      (error: unknown) =>
        error instanceof DemoPartsError && error.parts.length === 2 && error.parts.some((part) => /insurers/.test(part)) && error.parts.some((part) => /SMS/.test(part)),
    );
  });

  it('names a published secret even when the provider is real', () => {
    assert.throws(
      () => loadConfig({ ...realPayments(), PAYMENT_PROVIDER_SECRET: TEST_PROVIDER_SECRET, OIDC_ISSUER: 'https://idp.example.fi', OIDC_CLIENT_SECRET: BUILT_IN_BROKER_CLIENT_SECRET }),
      (error: unknown) =>
        error instanceof DemoPartsError &&
        error.parts.some((part) => /PAYMENT_PROVIDER_SECRET/.test(part)) &&
        error.parts.some((part) => /OIDC_CLIENT_SECRET/.test(part)),
    );
  });

  it('runs the demo when DEMO=true says so', () => {
    const config = loadConfig({ NODE_ENV: 'production', DEMO: 'true' });
    assert.equal(config.demo, true);
    assert.equal(config.modules.payments.provider, 'test');
  });

  it('the production server process exits 2 without DEMO and prints every refusal', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-demo-switch-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
      for (const name of ['DEMO', 'DATABASE_URL', 'NODE_TEST_CONTEXT', 'APP_ENV']) delete env[name];
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      assert.equal(code, 2, output);
      assert.match(output, /DEMO is not set/);
      assert.match(output, /test payment provider/);
      assert.doesNotMatch(output, /is running at/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('A callback signed with any value from the repository is refused (issue 27)', () => {
  let t: TestApp;
  let secret: string;
  before(async () => {
    const env = realPayments();
    secret = env.PAYMENT_PROVIDER_SECRET;
    t = await createTestApp(env);
  });
  after(() => t.close());

  /** A payment waiting for the bank, as if the patient had just chosen their bank at Paytrail. */
  async function pendingPayment() {
    const invoice = await insertInvoice(t.app, await personIdOf(t.app, '150385-9013'));
    const stamp = randomUUID();
    const transactionId = `tx-${randomUUID()}`;
    await t.app.db.insert(payments).values({ invoiceId: invoice.id, stamp, amountCents: invoice.sumCents, transactionId, status: 'new' });
    const params = {
      'checkout-account': '695874',
      'checkout-algorithm': 'sha256',
      'checkout-amount': String(invoice.sumCents),
      'checkout-stamp': stamp,
      'checkout-reference': invoice.invoiceNumber,
      'checkout-transaction-id': transactionId,
      'checkout-status': 'ok',
      'checkout-provider': 'nordea',
    };
    return { invoice, params };
  }

  const callback = (params: Record<string, string>) => t.app.inject({ method: 'GET', url: `${PAYMENT_CALLBACK_PATH}?${new URLSearchParams(params)}` });
  const statusOf = async (invoiceId: number) => (await t.app.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, invoiceId)))[0]?.status;

  it('leaves the invoice unpaid for every published value, and pays it for the operator’s own secret', async () => {
    const { invoice, params } = await pendingPayment();
    for (const published of PUBLISHED_SECRETS) {
      const response = await callback(signParams(published, params));
      assert.equal(response.statusCode, 400, `signed with ${published}`);
      assert.equal(await statusOf(invoice.id), 'open', `still unpaid after a callback signed with ${published}`);
    }
    // The same callback under the configured secret is the bank's own: the refusals above were the signature's.
    const genuine = await callback(signParams(secret, params));
    assert.equal(genuine.statusCode, 200);
    assert.equal(await statusOf(invoice.id), 'paid');
  });
});
