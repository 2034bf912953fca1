import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { frontPageStateSchema, type MessagingSummary, type RecordsSummary } from '@portal/shared-api';
import { auditLog } from '../src/modules/audit/schema';
import { SummaryRegistry, type SummaryContext } from '../src/modules/front-page/summaries';
import { PERSONAS } from '../src/demo/seed/personas';
import { countStatements, createTestApp, signIn, type TestApp } from './helpers';

/**
 * Issue 11: the front page's summaries come from their own modules through a registry; the front
 * page names no remote, and one failing summary never fails the page.
 */

const messaging: MessagingSummary = { totalCount: 0, unreadCount: 0, threads: [] };

function recordingLog(): { log: FastifyBaseLogger; errors: unknown[] } {
  const errors: unknown[] = [];
  // why the cast: collect() only logs errors; the rest of the logger is never called here
  const log = { error: (entry: unknown) => void errors.push(entry) } as unknown as FastifyBaseLogger;
  return { log, errors };
}

describe('the summary registry', () => {
  const ctx = {} as SummaryContext; // why: the summaries below read nothing of it

  it('asks the deployed remotes in the order given, and only those with a summary', async () => {
    const registry = new SummaryRegistry();
    const asked: string[] = [];
    registry.register('mf-records', async () => {
      asked.push('mf-records');
      return { visits: [] } as unknown as RecordsSummary; // why: the registry passes the value through
    });
    registry.register('mf-messaging', async () => {
      asked.push('mf-messaging');
      return messaging;
    });
    const { log } = recordingLog();
    const summaries = await registry.collect(['mf-messaging', 'mf-booking', 'mf-records'], ctx, log);
    assert.deepEqual(asked, ['mf-messaging', 'mf-records']);
    assert.deepEqual(Object.keys(summaries), ['mf-messaging', 'mf-records']);
    assert.deepEqual(await registry.collect(['mf-records'], ctx, log), { 'mf-records': { visits: [] } });
  });

  it('leaves a failing summary out, logs it, and keeps the others', async () => {
    const registry = new SummaryRegistry();
    registry.register('mf-messaging', async () => messaging);
    registry.register('mf-records', async () => {
      throw new Error('the records database is away');
    });
    const { log, errors } = recordingLog();
    const summaries = await registry.collect(['mf-messaging', 'mf-records'], ctx, log);
    assert.deepEqual(summaries, { 'mf-messaging': messaging });
    assert.equal(errors.length, 1);
    assert.equal((errors[0] as { remoteId: string }).remoteId, 'mf-records');
  });

  it('takes one summary per remote', () => {
    const registry = new SummaryRegistry();
    registry.register('mf-messaging', async () => messaging);
    assert.throws(() => registry.register('mf-messaging', async () => messaging), /already registered/);
  });
});

describe('the front page with a failing summary', () => {
  let t: TestApp;
  const logLines: string[] = [];
  before(async () => {
    t = await createTestApp({}, { logLines });
  });
  after(async () => t.close());

  it('still answers 200 with the other summaries when one module’s summary fails', async () => {
    const mikko = await signIn(t.app, PERSONAS.mikko);
    const before = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: mikko.headers });
    assert.equal(before.statusCode, 200);
    frontPageStateSchema.parse(before.json().state);
    // the answer's own order (parsing would reorder the keys to the schema's): the manifest's
    assert.deepEqual(Object.keys(before.json().state.summaries), ['mf-messaging', 'mf-booking', 'mf-records', 'mf-payments']);

    // The records summary reads the visits; without them it fails (the messaging summary does not read them).
    await t.app.db.execute(sql`alter table visits rename to visits_away`);
    try {
      for (const url of ['/api/pages/front-page?lang=fi', '/fi']) {
        const res = await t.app.inject({ url, headers: mikko.headers });
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
      }
      const res = await t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: mikko.headers });
      const state = frontPageStateSchema.parse(res.json().state);
      assert.equal(state.firstName, 'Mikko');
      assert.deepEqual(Object.keys(state.summaries), ['mf-messaging', 'mf-booking', 'mf-payments']);
      assert.ok((state.summaries['mf-messaging']?.totalCount ?? 0) > 0, 'the conversations are still there');
      assert.ok(
        logLines.some((line) => line.includes('a front-page summary failed') && line.includes('mf-records')),
        'the failure is logged with the remote it belongs to',
      );
    } finally {
      await t.app.db.execute(sql`alter table visits_away rename to visits`);
    }
  });
});

// The subject and every summary are read for all the front pages asked in the same turn of the
// event loop in one statement each (db/per-turn-loader.ts): each answer must still be its own.
describe('front pages asked together', () => {
  let t: TestApp;
  before(async () => {
    // Leena's two sessions (herself, and acting for Ella) ask 12 at once: calls in flight are
    // counted per signed-in person (issue 30), and the default of 6 would refuse half of them.
    t = await createTestApp({ API_CONCURRENT_PER_SESSION: '12' });
  });
  after(async () => t.close());

  it('answer each person, in each language, byte for byte what they answer alone, and write each its own four audit rows', async () => {
    const callers = await Promise.all([
      signIn(t.app, PERSONAS.mikko),
      signIn(t.app, PERSONAS.aino),
      signIn(t.app, PERSONAS.jukka),
      signIn(t.app, PERSONAS.leena),
      signIn(t.app, PERSONAS.leena, PERSONAS.ella),
      signIn(t.app, PERSONAS.pekka),
    ]);
    const asks = callers.flatMap((caller) => (['fi', 'sv', 'en'] as const).map((lang) => ({ caller, lang })));
    const ask = async ({ caller, lang }: (typeof asks)[number]) => {
      const res = await t.app.inject({ url: `/api/pages/front-page?lang=${lang}`, headers: caller.headers });
      assert.equal(res.statusCode, 200);
      // the body as sent: the same bytes, not only an equal value
      return res.body;
    };
    const alone: unknown[] = [];
    for (const one of asks) alone.push(await ask(one));
    const auditRows = async () =>
      t.app.db
        .select({ action: auditLog.action, requestId: auditLog.requestId, subject: auditLog.subjectPersonId })
        .from(auditLog)
        .orderBy(asc(auditLog.id));
    const rowsBefore = (await auditRows()).length;

    const together = await Promise.all([...asks, ...asks].map(ask));

    assert.deepEqual(together, [...alone, ...alone]);
    const summaryActions = ['booking.summary', 'messaging.summary', 'payments.front-page-summary', 'records.summary'];
    const perRequest = new Map<string | null, { action: string; subject: string }[]>();
    for (const row of (await auditRows()).slice(rowsBefore)) perRequest.set(row.requestId, [...(perRequest.get(row.requestId) ?? []), row]);
    assert.equal(perRequest.size, together.length, 'every request its own rows');
    for (const rows of perRequest.values()) {
      assert.deepEqual(rows.map((row) => row.action).sort(), summaryActions);
      assert.equal(new Set(rows.map((row) => row.subject)).size, 1, "one request's rows name one subject");
    }
  });
});

// Issue 15 (the hottest page on the server): the front page's reads must not grow with what a person
// has: one statement per read, not one per row or per summary item.
describe('statements per front page', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => t.close());

  it('the same number of statements for every person, a guardian acting for a ward included, and only a few', async () => {
    const callers = {
      mikko: await signIn(t.app, PERSONAS.mikko),
      aino: await signIn(t.app, PERSONAS.aino),
      jukka: await signIn(t.app, PERSONAS.jukka),
      'leena for ella': await signIn(t.app, PERSONAS.leena, PERSONAS.ella),
    };
    const counts: Record<string, number> = {};
    for (const [who, caller] of Object.entries(callers)) {
      const ask = () => t.app.inject({ url: '/api/pages/front-page?lang=fi', headers: caller.headers });
      // once before counting: statements are prepared per connection on first use
      assert.equal((await ask()).statusCode, 200);
      const counting = countStatements(t.app.db);
      try {
        assert.equal((await ask()).statusCode, 200);
        counts[who] = counting.count();
      } finally {
        counting.stop();
      }
    }
    console.info(`front page statements per request: ${JSON.stringify(counts)}`);
    const [first, ...rest] = Object.values(counts);
    assert.ok(rest.every((count) => count === first), JSON.stringify(counts));
    // today 8: the session, the people, the subject, the audit rows (one insert), and one for each
    // of the four summaries with data (messaging, booking, records, payments). Fair use counts in
    // memory or on Redis, never in the database (issue 30).
    assert.ok(first! <= 8, JSON.stringify(counts));
  });
});
