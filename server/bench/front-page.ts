/**
 * npm run bench:front-page — the front page's loader against the visits page (issue 15 "Performance":
 * the front page's loader, every module's summary on every sign-in, reaches at least half the visits
 * page's throughput):
 *  1. for each database of BENCH_DATABASES (pglite,postgres): the server (bench/server.ts,
 *     a child process) on an embedded PGlite in a temporary folder, or on a throw-away database of
 *     the PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *     migrated and seeded with the demo world; Mikko signs in once;
 *  2. for 1 and 20 keep-alive clients (BENCH_CLIENTS; autocannon, bench/load.ts), BENCH_SECONDS (5)
 *     of GET /api/pages/front-page and then of GET /api/pages/records.visits (after
 *     BENCH_WARMUP_SECONDS, 1), all as Mikko: req/s, p50, p95, and front page ÷ visits in req/s.
 * Budget: the ratio ≥ 0.5 at the largest client count on every database; under it exits 1.
 * BENCH_CPU_PROF=<folder> runs the server with `node --cpu-prof` and leaves the profiles there.
 * The database and the folders are removed in every case (also on failure and Ctrl+C).
 *
 * The numbers depend on the machine: the load generator, the server and PostgreSQL share its cores.
 */
import path from 'node:path';
import { cleanUp, LOCAL_POSTGRES_URL, runBenchmark, startBenchServer, throwAwayDatabase } from './harness';
import { load, type LoadSummary } from './load';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').filter(Boolean) as ('pglite' | 'postgres')[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1,20').split(',').filter(Boolean).map(Number);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const BUDGET_RATIO = 0.5;
const PAGES = { 'front page': '/api/pages/front-page?lang=fi', visits: '/api/pages/records.visits?lang=fi' } as const;

/** One answer of each page, so a benchmark of 401s or empty pages cannot pass unnoticed. */
async function checkPages(port: number, cookie: string): Promise<void> {
  for (const [page, pagePath] of Object.entries(PAGES)) {
    const response = await fetch(`http://127.0.0.1:${port}${pagePath}`, { headers: { cookie } });
    const body = (await response.json()) as { state?: { summaries?: Record<string, unknown> } };
    if (!response.ok) throw new Error(`${page} answered ${response.status}: ${JSON.stringify(body)}`);
    if (page === 'front page') console.info(`  the front page's summaries: ${Object.keys(body.state?.summaries ?? {}).join(', ')}`);
  }
}

async function main(): Promise<number> {
  const format = (n: number) => n.toFixed(1).padStart(8);
  const problems: string[] = [];
  const rows: string[] = [];
  for (const database of DATABASES) {
    // empty: the embedded PGlite in the server's DATA_DIR
    const url = database === 'postgres' ? (await throwAwayDatabase(ADMIN_URL, 'bench_front_page')).url : '';
    console.info(`Starting the server on ${database} (migrate and seed)…`);
    const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : [];
    const { port, cookie } = await startBenchServer({ databaseUrl: url, name: 'front-page', signIn: true, nodeFlags: profile });
    await checkPages(port, cookie);
    let last: number | undefined;
    for (const clients of CLIENT_COUNTS) {
      const results = {} as Record<keyof typeof PAGES, LoadSummary>;
      for (const [page, pagePath] of Object.entries(PAGES) as [keyof typeof PAGES, string][]) {
        results[page] = await load(port, [pagePath], clients, SECONDS, WARMUP_SECONDS, { cookie });
      }
      const ratio = results['front page'].reqPerSecond / results.visits.reqPerSecond;
      for (const [page, r] of Object.entries(results)) {
        rows.push(
          `${database.padEnd(8)} | ${String(clients).padStart(7)} | ${page.padEnd(10)} | ${format(r.reqPerSecond)} | ${format(r.p50)} | ${format(r.p95)} | ${String(r.errors).padStart(7)} | ${page === 'front page' ? ratio.toFixed(2) : ''}`,
        );
        if (r.errors > 0) problems.push(`${database}, ${clients} clients: ${r.errors} ${page} requests did not answer 200`);
      }
      last = ratio;
    }
    if (last !== undefined && last < BUDGET_RATIO) {
      problems.push(`${database}: front page ÷ visits ${last.toFixed(2)} < ${BUDGET_RATIO} at ${CLIENT_COUNTS.at(-1)} clients`);
    }
    await cleanUp();
  }
  console.info(`\n${SECONDS} s per phase after ${WARMUP_SECONDS} s of warm-up; ratio: the front page's req/s ÷ the visits page's`);
  console.info('database | clients | page       |    req/s | p50 (ms) | p95 (ms) | non-200 | ratio');
  for (const row of rows) console.info(row);
  console.info(problems.length ? `\nOver budget: ${problems.join('; ')}` : `\nWithin budget (front page ÷ visits ≥ ${BUDGET_RATIO}).`);
  return problems.length ? 1 : 0;
}

await runBenchmark(main);
