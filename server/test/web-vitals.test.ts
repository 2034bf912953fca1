import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { countStatements, createTestApp, type TestApp } from './helpers';

/**
 * The payment jobs' claims, which every instance sends on its own schedule (the test provider's
 * callback sweep every second, reconciliation at start): a beacon never sends these, and they may land
 * inside any test, so they are not counted (no quiet moment to wait for: the sweep never stops).
 */
const PAYMENT_JOB_CLAIM = /^update "(payments" set "reconcile_checks"|test_provider_callbacks" set "attempts")/;

/** The statements other than fair use's counter (`api_rate_limits`), a connection's PREPARE and the payment jobs' claims. */
const beyondFairUse = (texts: string[]) => texts.filter((text) => !/^prepare\s/i.test(text) && !text.includes('"api_rate_limits"') && !PAYMENT_JOB_CLAIM.test(text));

/** The value of one sample line `name{labels} value`, the labels given in the exposition's order. */
function sample(body: string, name: string, labels: string): number | null {
  const line = body.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(' ') + 1));
}

/** Every `_count` sample of the three histograms, summed: what any accepted beacon adds to. */
function observations(body: string): number {
  return body
    .split('\n')
    .filter((line) => /^portal_web_vitals_(lcp_seconds|inp_seconds|cls)_count\{/.test(line))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('POST /api/web-vitals', () => {
  let t: TestApp;
  let records: { id: string; version: string };
  let statements: ReturnType<typeof countStatements>;
  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(response.statusCode, 200);
    return response.body;
  };
  const beacon = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/web-vitals', headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });

  before(async () => {
    // fair use off the table: the refusals below are many beacons from one address
    t = await createTestApp({ API_RATE_LIMIT_PER_CLIENT: '1000' });
    const served = t.app.remoteRegistry.allServed().find((remote) => remote.id === 'mf-records');
    assert.ok(served, 'the fixture remotes serve mf-records');
    records = { id: served.id, version: served.version };
  });
  beforeEach(() => {
    statements?.stop();
    statements = countStatements(t.app.db);
  });
  after(async () => {
    statements?.stop();
    await t?.close();
  });

  it('observes a remote page’s LCP, INP and CLS in seconds (CLS as is) under its route id and version', async () => {
    const labels = `page_type="records.visits",remote="mf-records",version="${records.version}"`;
    assert.equal((await beacon({ metric: 'LCP', value: 2300, pageType: 'records.visits', remote: records })).statusCode, 204);
    assert.equal((await beacon({ metric: 'INP', value: 350, pageType: 'records.visits', remote: records })).statusCode, 204);
    assert.equal((await beacon({ metric: 'CLS', value: 0.12, pageType: 'records.visits', remote: records })).statusCode, 204);
    const body = await scrape();
    assert.equal(sample(body, 'portal_web_vitals_lcp_seconds_count', labels), 1);
    assert.equal(sample(body, 'portal_web_vitals_lcp_seconds_sum', labels), 2.3);
    // 2.3 s is a good LCP (≤ 2.5 s), 350 ms a needing-improvement INP, 0.12 a needing-improvement CLS
    assert.equal(sample(body, 'portal_web_vitals_lcp_seconds_bucket', `le="2",${labels}`), 0);
    assert.equal(sample(body, 'portal_web_vitals_lcp_seconds_bucket', `le="2.5",${labels}`), 1);
    assert.equal(sample(body, 'portal_web_vitals_inp_seconds_bucket', `le="0.2",${labels}`), 0);
    assert.equal(sample(body, 'portal_web_vitals_inp_seconds_bucket', `le="0.5",${labels}`), 1);
    assert.equal(sample(body, 'portal_web_vitals_inp_seconds_sum', labels), 0.35);
    assert.equal(sample(body, 'portal_web_vitals_cls_bucket', `le="0.1",${labels}`), 0);
    assert.equal(sample(body, 'portal_web_vitals_cls_bucket', `le="0.25",${labels}`), 1);
    assert.equal(sample(body, 'portal_web_vitals_cls_sum', labels), 0.12);
    assert.deepEqual(beyondFairUse(statements.texts), [], 'nothing stored, nothing audited');
    // the recorder sees what the app sends
    await t.app.db.execute(sql`select 'recorded'`);
    assert.equal(beyondFairUse(statements.texts).length, 1);
  });

  it('takes a shell page of an anonymous visitor or a signed-in browser without a csrfToken', async () => {
    assert.equal((await beacon({ metric: 'LCP', value: 900, pageType: 'login' })).statusCode, 204);
    // a session cookie is never read: no statement looks it up
    assert.equal((await beacon({ metric: 'LCP', value: 1200, pageType: 'login' }, { cookie: 'portal-session=anything' })).statusCode, 204);
    assert.equal(sample(await scrape(), 'portal_web_vitals_lcp_seconds_count', 'page_type="login",remote="shell",version="none"'), 2);
    assert.deepEqual(beyondFairUse(statements.texts), []);
  });

  it('refuses what would add a series of the client’s own or carry more than the metric, and records nothing', async () => {
    const before = observations(await scrape());
    const refusals: [string, unknown, string][] = [
      ['an unknown page type', { metric: 'LCP', value: 1000, pageType: 'records.no-such-page', remote: records }, 'pageType'],
      ['a path for a page type', { metric: 'LCP', value: 1000, pageType: '/fi/terveystiedot/kaynnit' }, 'pageType'],
      ['another remote’s page', { metric: 'LCP', value: 1000, pageType: 'login', remote: records }, 'pageType'],
      ['a remote not served', { metric: 'LCP', value: 1000, pageType: 'records.visits', remote: { id: 'mf-unknown', version: records.version } }, 'remote.id'],
      ['the address', { metric: 'LCP', value: 1000, pageType: 'records.visits', remote: records, url: 'https://portal.example/fi/kaynnit/123' }, 'url'],
      ['the metric id', { metric: 'CLS', value: 0.1, pageType: 'login', id: 'v5-1700000000000-123' }, 'id'],
      ['another metric', { metric: 'FCP', value: 1000, pageType: 'login' }, 'metric'],
      ['a negative value', { metric: 'INP', value: -1, pageType: 'login' }, 'value'],
      ['an LCP over a minute', { metric: 'LCP', value: 60_001, pageType: 'login' }, 'value'],
      ['a CLS over 10', { metric: 'CLS', value: 11, pageType: 'login' }, 'value'],
      ['a value that is not a number', { metric: 'CLS', value: '0.1', pageType: 'login' }, 'value'],
      ['no page type', { metric: 'CLS', value: 0.1 }, 'pageType'],
    ];
    for (const [name, body, path] of refusals) {
      const res = await beacon(body);
      assert.equal(res.statusCode, 400, name);
      assert.ok(
        (res.json() as { details: { path: string }[] }).details.some((detail) => detail.path === path),
        `${name}: ${res.body}`,
      );
    }
    // JSON has no Infinity or NaN: a client's 1e999 is parsed as Infinity
    const infinite = await t.app.inject({
      method: 'POST',
      url: '/api/web-vitals',
      headers: { 'content-type': 'application/json' },
      payload: '{"metric":"LCP","value":1e999,"pageType":"login"}',
    });
    assert.equal(infinite.statusCode, 400);
    assert.equal(infinite.json().details[0].path, 'value');
    assert.equal(observations(await scrape()), before, 'no refused beacon was observed');
    // the scrape lists no label a client sent
    assert.doesNotMatch(await scrape(), /no-such-page|v999|mf-unknown|kaynnit/);
  });

  it('counts a page served by a version no longer served (open across a deploy or rollback) under "retired", not refused', async () => {
    const res = await beacon({ metric: 'LCP', value: 1000, pageType: 'records.visits', remote: { id: 'mf-records', version: 'v999' } });
    assert.equal(res.statusCode, 204, res.body);
    assert.equal(sample(await scrape(), 'portal_web_vitals_lcp_seconds_count', 'page_type="records.visits",remote="mf-records",version="retired"'), 1);
  });

  it("refuses another site's browser", async () => {
    const before = observations(await scrape());
    const res = await beacon({ metric: 'LCP', value: 1000, pageType: 'login' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(res.statusCode, 403);
    assert.equal(observations(await scrape()), before);
  });

  it('is declared as an anonymous beacon under fair use', () => {
    const route = t.app.routeCatalogue.find((r) => r.method === 'POST' && r.url === '/api/web-vitals');
    assert.ok(route);
    assert.equal(route.csrf, 'anonymous-origin-check');
    assert.equal(route.session, false);
  });
});

describe('POST /api/web-vitals under fair use', () => {
  it('answers 429 past the per-client limit', async () => {
    const t = await createTestApp({ API_RATE_LIMIT_PER_CLIENT: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/web-vitals',
          remoteAddress: '203.0.113.70',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ metric: 'CLS', value: 0, pageType: 'login' }),
        });
        statuses.push(res.statusCode);
      }
      assert.deepEqual(statuses.slice(0, 2), [204, 204]);
      assert.equal(statuses[3], 429, statuses.join(','));
    } finally {
      await t.close();
    }
  });
});
