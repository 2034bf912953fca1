/**
 * npm run bench:soak — the server under a signed-in patient's mixed traffic for a long stretch
 * (issue 15 "Reliability and security", Soak):
 *  1. the server (bench/server.ts, a child process) on an embedded PGlite in a temporary
 *     DATA_DIR, or, when BENCH_DATABASE_URL is set, on a throw-away database of that PostgreSQL;
 *     migrated and seeded with the demo world; Mikko signs in once;
 *  2. a fixed-rate (open-loop) mix of Mikko's calls, BENCH_SOAK_RATE (10) requests a second: the
 *     front page, visits, laboratory results, the appointments list, an appointment search, the
 *     invoices list, the GraphQL conversations list, and every BENCH_SOAK_MESSAGE_EVERY-th (100th,
 *     one each 10 s at the default rate) request a message sent in his first conversation; first
 *     BENCH_SOAK_WARMUP_MINUTES (1) of warm-up, then BENCH_SOAK_MINUTES (10) measured;
 *  3. the server process's RSS (VmRSS of /proc/<pid>/status) every 10 s, and p95 per minute.
 * Prints RSS after the warm-up and at the end (each the median of the last 3 samples; growth,
 * budget < 10 %), the p95 of every measured minute against the first (budget: each ≤ 1.2 × the
 * first), and the errors (budget: none).
 * Over budget exits 1. The database, the folder and the server are removed in every case.
 *
 * A latency is timed from the moment the scheduler meant to send the request, not from when it
 * did: if the server falls behind, the waiting counts (no coordinated omission). Requests do not
 * wait for each other, so a slow answer does not slow the rate down.
 * The numbers depend on the machine: the load generator, the server and PostgreSQL share its cores.
 */
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { MessagingThreadsDocument, SendMessageDocument } from '@portal/shared-api';
import { onCleanUp, runBenchmark, startBenchServer, throwAwayDatabase, type BenchServer } from './harness';
import { percentile } from '../../tooling/harness/stats';
import { graphqlCall, patientMix, type MixCall } from './patient-mix';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const WARMUP_MINUTES = Number(process.env.BENCH_SOAK_WARMUP_MINUTES ?? 1);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 10);
const MESSAGE_EVERY = Number(process.env.BENCH_SOAK_MESSAGE_EVERY ?? 100);
const RSS_SAMPLE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
const BUDGET = { rssGrowth: 0.1, p95Ratio: 1.2 };

type Call = MixCall;

function graphql(name: string, server: BenchServer, query: string, variables: Record<string, unknown>): Call {
  return graphqlCall(name, server.csrfToken, query, variables);
}

interface Outcome {
  /** when the scheduler meant to send it, ms since the measured part began (negative: warm-up) */
  at: number;
  ms: number;
  ok: boolean;
  name: string;
  detail?: string;
}

async function send(server: BenchServer, call: Call): Promise<{ ok: boolean; detail?: string }> {
  const headers: Record<string, string> = { cookie: server.cookie };
  if (call.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.accept = 'application/graphql-response+json, application/json';
  }
  try {
    const response = await fetch(`${server.origin}${call.path}`, {
      method: call.body === undefined ? 'GET' : 'POST',
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    // GraphQL answers its errors with 200 too
    const graphqlErrors = call.body !== undefined && text.includes('"errors"');
    if (!response.ok || graphqlErrors) return { ok: false, detail: `${response.status} ${text.slice(0, 200)}` };
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

async function firstThreadId(server: BenchServer): Promise<string> {
  const response = await fetch(`${server.origin}/api/customer-messaging?csrfToken=${encodeURIComponent(server.csrfToken)}`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query: MessagingThreadsDocument.toString(), variables: { pagination: { limit: 1 } } }),
  });
  const body = (await response.json()) as { data?: { messagingThreads: { paginatedThreads: { id: string }[] } } };
  const id = body.data?.messagingThreads.paginatedThreads[0]?.id;
  if (!id) throw new Error(`Mikko has no conversation to write in: ${JSON.stringify(body)}`);
  return id;
}

/** One answer of each call, so a soak of 401s or 400s cannot pass unnoticed. */
async function checkCalls(server: BenchServer, calls: readonly Call[]): Promise<void> {
  for (const call of calls) {
    const result = await send(server, call);
    if (!result.ok) throw new Error(`${call.name} did not answer: ${result.detail}`);
  }
}

function rssKilobytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

async function main(): Promise<number> {
  // empty: the embedded PGlite in the server's DATA_DIR
  const url = DATABASE_URL ? (await throwAwayDatabase(DATABASE_URL, 'bench_soak')).url : '';
  const database = DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.info(`Starting the server on ${database} (migrate and seed)…`);
  const server = await startBenchServer({ databaseUrl: url, name: 'soak', signIn: true });
  const pid = server.child.pid!;
  const threadId = await firstThreadId(server);
  const mix = patientMix(server.csrfToken);
  let messages = 0;
  const message = (): Call =>
    graphql('message sent', server, SendMessageDocument.toString(), {
      threadId,
      message: { content: `Kysymys numero ${++messages} pitkän käytön aikana.`, attachments: [], questionnaireInvitations: [] },
    });
  await checkCalls(server, [...new Set(mix)]);

  const intervalMs = 1000 / RATE;
  const warmupMs = WARMUP_MINUTES * 60_000;
  const measuredMs = MINUTES * 60_000;
  const total = Math.round(((warmupMs + measuredMs) / 1000) * RATE);
  console.info(
    `${WARMUP_MINUTES} min of warm-up, then ${MINUTES} min measured: ${RATE} requests/s (${total} in all), a message every ${MESSAGE_EVERY}; the server's pid ${pid}`,
  );

  const outcomes: Outcome[] = [];
  const rss: { at: number; kb: number }[] = [];
  const started = performance.now();
  const measuredFrom = started + warmupMs;
  const sampleRss = () => rss.push({ at: performance.now() - measuredFrom, kb: rssKilobytes(pid) });
  const sampler = setInterval(sampleRss, RSS_SAMPLE_MS);
  onCleanUp('stop sampling', async () => clearInterval(sampler));
  sampleRss();

  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const call = (i + 1) % MESSAGE_EVERY === 0 ? message() : mix[i % mix.length]!;
    const request = send(server, call).then(({ ok, detail }) => {
      outcomes.push({ at: due - measuredFrom, ms: performance.now() - due, ok, name: call.name, detail });
    });
    inFlight.add(request);
    void request.finally(() => inFlight.delete(request));
    if (i % (RATE * 60) === 0 && i > 0) console.info(`  ${Math.round((performance.now() - started) / 60_000)} min…`);
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  sampleRss();

  // RSS: the end of the warm-up (the server's footprint once its caches are warm) against the end of
  // the run, each the median of its last three samples (30 s), since one sample moves by several
  // per cent with the garbage collector's rhythm
  const medianOfLastThree = (samples: readonly { kb: number }[]) => {
    const last = samples.slice(-3).map((sample) => sample.kb).sort((a, b) => a - b);
    return last[Math.floor(last.length / 2)]!;
  };
  const afterWarmup = { kb: medianOfLastThree(rss.filter((sample) => sample.at <= 0)) };
  const atEnd = { kb: medianOfLastThree(rss) };
  const growth = (atEnd.kb - afterWarmup.kb) / afterWarmup.kb;
  const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

  const measured = outcomes.filter((outcome) => outcome.at >= 0);
  const minutes = Array.from({ length: Math.ceil(MINUTES) }, (_, minute) => {
    const inMinute = measured.filter((outcome) => Math.floor(outcome.at / 60_000) === minute);
    const sorted = inMinute.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const rssInMinute = rss.filter((sample) => sample.at >= 0 && Math.floor(sample.at / 60_000) === minute).map((sample) => sample.kb);
    return {
      requests: inMinute.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      errors: inMinute.filter((outcome) => !outcome.ok).length,
      rss: rssInMinute.length ? Math.max(...rssInMinute) : NaN,
    };
  });
  const first = minutes[0]!.p95;
  const warmupErrors = outcomes.filter((outcome) => outcome.at < 0 && !outcome.ok).length;
  const errors = measured.filter((outcome) => !outcome.ok);

  console.info(`\n${database}, ${RATE} requests/s, ${messages} messages sent in all (warm-up included); latency timed from the scheduled send time`);
  console.info('minute | requests | p50 (ms) | p95 (ms) | p95 ÷ first | errors | max RSS');
  minutes.forEach((m, index) => {
    console.info(
      `${String(index + 1).padStart(6)} | ${String(m.requests).padStart(8)} | ${m.p50.toFixed(1).padStart(8)} | ${m.p95.toFixed(1).padStart(8)} | ${(m.p95 / first).toFixed(2).padStart(11)} | ${String(m.errors).padStart(6)} | ${mb(m.rss)}`,
    );
  });
  const byCall = new Map<string, number[]>();
  for (const outcome of measured) byCall.set(outcome.name, [...(byCall.get(outcome.name) ?? []), outcome.ms]);
  console.info('\ncall               | requests | p50 (ms) | p95 (ms)');
  for (const [name, values] of byCall) {
    values.sort((a, b) => a - b);
    console.info(`${name.padEnd(18)} | ${String(values.length).padStart(8)} | ${percentile(values, 50).toFixed(1).padStart(8)} | ${percentile(values, 95).toFixed(1).padStart(8)}`);
  }
  console.info(`\nRSS (median of the last 3 samples) after the warm-up ${mb(afterWarmup.kb)}, at the end ${mb(atEnd.kb)}: ${(growth * 100).toFixed(1)} % (budget < ${BUDGET.rssGrowth * 100} %)`);
  console.info(`p95 of the first minute ${first.toFixed(1)} ms; worst minute ${Math.max(...minutes.map((m) => m.p95)).toFixed(1)} ms (budget ≤ ${BUDGET.p95Ratio} × the first)`);
  console.info(`errors: ${errors.length} measured, ${warmupErrors} in the warm-up`);
  for (const error of errors.slice(0, 5)) console.info(`  ${error.name}: ${error.detail}`);

  const problems: string[] = [];
  if (growth >= BUDGET.rssGrowth) problems.push(`RSS grew ${(growth * 100).toFixed(1)} %`);
  minutes.forEach((m, index) => {
    if (m.p95 > first * BUDGET.p95Ratio) problems.push(`minute ${index + 1}'s p95 ${m.p95.toFixed(1)} ms > ${BUDGET.p95Ratio} × ${first.toFixed(1)} ms`);
  });
  if (errors.length + warmupErrors > 0) problems.push(`${errors.length + warmupErrors} requests failed`);
  console.info(problems.length ? `\nOver budget: ${problems.join('; ')}` : '\nWithin budget.');
  return problems.length ? 1 : 0;
}

await runBenchmark(main);
