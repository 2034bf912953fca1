import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers';

/**
 * Issue 32: the test doubles live in server/src/demo/ and configuration alone wires them (app.ts,
 * demo/index.ts). What a client sees: a double's own pages exist when the configuration runs it and
 * not otherwise, while the module's own routes stay.
 */

const get = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url });

describe('The demo doubles are wired by configuration (issue 32)', () => {
  let demo: TestApp;
  let paytrail: TestApp;

  before(async () => {
    demo = await createTestApp();
    paytrail = await createTestApp({
      PAYMENT_PROVIDER: 'paytrail',
      PAYMENT_PROVIDER_API_URL: 'http://127.0.0.1:9/paytrail',
      PAYMENT_PROVIDER_ACCOUNT: '695874',
      PAYMENT_PROVIDER_SECRET: 'a-merchant-secret-of-the-test',
    });
  });
  after(async () => {
    await demo.close();
    await paytrail.close();
  });

  it('runs every double by default: the test broker, the test provider, the demo insurer and the SMS outbox answer', async () => {
    assert.equal((await get(demo, '/broker/assets/broker.css')).statusCode, 200);
    assert.equal((await get(demo, '/test-payment-provider/assets/bank.css')).statusCode, 200);
    assert.equal((await get(demo, '/api/insurance/lahitapiola-demo-insurer?redirectTo=%2Ffi%2F')).statusCode, 200);
    assert.equal((await get(demo, '/api/dev/sms-outbox?phoneNumber=%2B358405550101')).statusCode, 200);
  });

  it('with PAYMENT_PROVIDER=paytrail has no test provider, and keeps the others', async () => {
    // the same answer as a path nothing ever served (the pages' fallback, not the provider)
    const never = await get(paytrail, '/no-such-provider/assets/bank.css');
    assert.notEqual(never.statusCode, 200);
    for (const url of ['/test-payment-provider/assets/bank.css', '/test-payment-provider/api/payments/no-such']) {
      const answer = await get(paytrail, url);
      assert.deepEqual([answer.statusCode, answer.headers['content-type']], [never.statusCode, never.headers['content-type']], url);
    }
    assert.equal((await get(paytrail, '/broker/assets/broker.css')).statusCode, 200);
    // the payments module itself is there: its signed return answers, refusing an unsigned call
    assert.notEqual((await get(paytrail, '/api/payments/return')).statusCode, 404);
  });
});
