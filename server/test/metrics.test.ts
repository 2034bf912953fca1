import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { PERSONAS } from '../src/demo/seed/personas';
import { createTestApp, signIn, testDriver, type TestApp } from './helpers';

const TOKEN = 'metrics-test-token-0123456789abcdef';
const OUTSIDE = '203.0.113.9';

/** The value of one sample line `name{labels} value`, the labels given in the exposition's order. */
function sample(body: string, name: string, labels: string): number | null {
  const line = body.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    return response.body;
  };
  before(async () => {
    // a tiny per-client limit: the anonymous calls below reach 429 quickly
    t = await createTestApp({ METRICS_TOKEN: TOKEN, API_RATE_LIMIT_PER_CLIENT: '3' });
  });
  after(async () => t?.close());

  it('answers loopback and the bearer token, and is not there for anyone else', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(local.statusCode, 200);
    assert.match(String(local.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.equal(local.headers['cache-control'], 'no-store');
    assert.match(local.body, /^process_cpu_user_seconds_total /m, 'default process metrics');

    const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE });
    assert.equal(outside.statusCode, 404);
    assert.equal(outside.json().type, 'NotFound');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: 'Bearer not-the-token' } });
    assert.equal(wrong.statusCode, 404);
    const withToken = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(withToken.statusCode, 200);
    assert.equal(withToken.headers['cache-control'], 'no-store');
    // a proxy on this host forwarding someone's request does not make it local
    const forwarded = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '127.0.0.1' } });
    assert.equal(forwarded.statusCode, 404);
  });

  it('labels requests by the matched route pattern, never the URL with its ids', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/invoices/${id}/pdf` });
    await t.app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const body = await scrape();
    assert.ok(!body.includes(id), 'no raw id in any label');
    assert.match(body, /^http_request_duration_seconds_count\{method="GET",route="\/api\/invoices\/:id\/pdf",status_code="\d{3}"\} 1$/m);
    assert.ok(sample(body, 'http_request_duration_seconds_count', 'method="GET",route="unmatched",status_code="404"')! >= 1);
    assert.match(body, /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/invoices\/:id\/pdf",status_code="\d{3}"\} \d+$/m);
  });

  it('counts 429 answers by route', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/api/pages/front-page?lang=fi', remoteAddress: '203.0.113.50' })).statusCode);
    const refused = statuses.filter((s) => s === 429).length;
    assert.ok(refused >= 1, `statuses ${statuses.join(',')}`);
    const body = await scrape();
    assert.equal(sample(body, 'portal_rate_limit_refusals_total', 'route="/api/pages/:routeId"'), refused);
    // and by the limit that refused, never by the caller it counted
    assert.equal(sample(body, 'portal_limit_refusals_total', 'limit="api-per-minute"'), refused);
    assert.doesNotMatch(body, /203\.0\.113\.50/);
  });

  it('lists the remote versions served now', async () => {
    const body = await scrape();
    const served = t.app.remoteRegistry.allServed();
    assert.ok(served.length > 0);
    for (const remote of served) {
      assert.equal(sample(body, 'portal_remote_version_served', `remote="${remote.id}",version="${remote.version}",canary="${remote.canary}"`), 1, remote.id);
    }
  });

  it('counts client errors by remote and version', async () => {
    const remote = t.app.remoteRegistry.allServed()[0]!;
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      remoteAddress: '203.0.113.60',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ remoteId: remote.id, version: remote.version }),
    });
    assert.equal(beacon.statusCode, 204);
    assert.equal(sample(await scrape(), 'portal_client_errors_total', `remote="${remote.id}",version="${remote.version}"`), 1);
  });

  it(`reports the database pool on PostgreSQL and nothing on PGlite (now: ${testDriver})`, async () => {
    const body = await scrape();
    if (testDriver === 'postgres') {
      assert.notEqual(sample(body, 'portal_db_pool_connections', 'driver="postgres",state="in_use"'), null);
      assert.notEqual(sample(body, 'portal_db_pool_connections', 'driver="postgres",state="idle"'), null);
      assert.notEqual(sample(body, 'portal_db_pool_waiting', 'driver="postgres"'), null);
    } else {
      assert.doesNotMatch(body, /^portal_db_pool_\w+\{/m);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('without it only loopback reads /metrics', async () => {
    const t = await createTestApp();
    try {
      const outside = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: OUTSIDE, headers: { authorization: 'Bearer ' } });
      assert.equal(outside.statusCode, 404);
      assert.equal((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

// Redis unreachable: the limits go on without their counter (fair use fails open, attempts fail
// closed); an operator sees it in the metrics, not only in the log.
describe('the counter store in /metrics', () => {
  it('counts calls served uncounted while Redis does not answer', async () => {
    const t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_COMMAND_TIMEOUT_MS: '200' });
    try {
      const mikko = await signIn(t.app, PERSONAS.mikko);
      for (let i = 0; i < 3; i++) assert.equal((await t.app.inject({ method: 'GET', url: '/api/pages/front-page?lang=fi', headers: mikko.headers })).statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op' })).statusCode, 503);
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      assert.ok((sample(body, 'portal_counter_store_unavailable_total', 'store="redis",outcome="fail-open"') ?? 0) >= 3, body.split('\n').filter((l) => l.includes('counter_store')).join('\n'));
      // the sign-in start above is an attempt: refused while its counter is away
    assert.ok((sample(body, 'portal_counter_store_unavailable_total', 'store="redis",outcome="fail-closed"') ?? 0) >= 1);
    } finally {
      await t.close();
    }
  });
});

describe('limit refusals by limit', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t?.close());

  it('counts an attempt limit\'s refusals by the limit (the sign-in per client address)', async () => {
    const statuses: number[] = [];
    // the sign-in's default: 60 starts per client address in 10 minutes
    for (let i = 0; i < 63; i++) statuses.push((await t.app.inject({ method: 'GET', url: '/oauth/authenticate?lang=fi&acr_values=op', remoteAddress: '203.0.113.51' })).statusCode);
    const refused = statuses.filter((s) => s === 429).length;
    assert.ok(refused >= 1, `statuses ${statuses.join(',')}`);
    assert.equal(sample((await t.app.inject({ method: 'GET', url: '/metrics' })).body, 'portal_limit_refusals_total', 'limit="authenticate"'), refused);
  });

});
