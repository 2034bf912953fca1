/**
 * npm run bench:front-page — the front page's loader against the visits page (issue 15 "Performance":
 * the front page's loader, every module's summary on every sign-in, reaches at least half the visits
 * page's throughput):
 *  1. for each database of BENCH_DATABASES (pglite,postgres): the server (bench/server.ts,
 *     a child process) on an embedded PGlite in a temporary folder, or on a throw-away database of
 *     the PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 *     migrated and seeded with the demo world; the five demo people with a front page sign in once
 *     (Mikko, Aino, Jukka, Leena, and Leena acting for her child Ella; Pekka is not a customer yet);
 *  2. for each number of people of BENCH_PEOPLE (1,5: Mikko alone, then the five), for 1 and 20
 *     keep-alive clients (BENCH_CLIENTS; autocannon, bench/load.ts) spread over those people's
 *     sessions (client i is person i mod n), BENCH_SECONDS (5) of GET /api/pages/front-page and then
 *     of GET /api/pages/records.visits (after BENCH_WARMUP_SECONDS, 1): req/s, p50, p95, and front
 *     page ÷ visits in req/s. With one person every request of a turn asks the same summaries; with
 *     five, each statement of a turn reads several people's.
 * Budget: the ratio ≥ 0.5 at the largest client count for every number of people on every
 * database; under it exits 1.
 * Beside them the CPU time per request in the measured seconds (user + system, from /proc on
 * Linux; "-" elsewhere), steadier than req/s when other work shares the cores: the server
 * process's (on PGlite the database's work is in it), and on PostgreSQL its backends' serving the
 * bench database (those connected when the measured seconds start: the pool, warmed up).
 * BENCH_CPU_PROF=<folder> runs the server with `node --cpu-prof` and leaves the profiles there.
 * The database and the folders are removed in every case (also on failure and Ctrl+C).
 *
 * The numbers depend on the machine: the load generator, the server and PostgreSQL share its cores.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cleanUp, LOCAL_POSTGRES_URL, runBenchmark, startBenchServer, throwAwayDatabase, withClient } from './harness';
import { load, type LoadSummary } from './load';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL;
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').filter(Boolean) as ('pglite' | 'postgres')[];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1,20').split(',').filter(Boolean).map(Number);
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
/** the demo people with a front page of their own (Leena's is her child Ella's: bench/server.ts) */
const PERSONAS = ['mikko', 'aino', 'jukka', 'leena', 'leena:ella'] as const;
const PEOPLE_COUNTS = (process.env.BENCH_PEOPLE ?? '1,5').split(',').filter(Boolean).map(Number);
for (const count of PEOPLE_COUNTS) {
  if (!Number.isInteger(count) || count < 1 || count > PERSONAS.length) throw new Error(`BENCH_PEOPLE: ${count} is not 1…${PERSONAS.length}`);
}
const BUDGET_RATIO = 0.5;
const API_PAGES = { 'front page': '/api/pages/front-page?lang=fi', visits: '/api/pages/records.visits?lang=fi' } as const;
/**
 * With a built portal (shell/dist, the remotes' dist), the same two pages as the HTML a full page
 * load gets: the front page's also rendered by the shell's and the four remotes' pre-render
 * bundles (docs/architecture.md, "How a page is served", 2c), the visits page's with the header and menu alone. Not in the
 * budget, which is the loader's; they show what rendering on the server costs.
 */
const HTML_PAGES = { 'front HTML': '/fi', 'visits HTML': '/fi/kaynnit' } as const;
const REPO = path.resolve(import.meta.dirname, '..', '..');
const BUILT = fs.existsSync(path.join(REPO, 'shell', 'dist', 'prerender', 'index.cjs'));
/** the built shell and remotes instead of the harness's defaults (no shell build, the test fixtures) */
const BUILT_DIST: Record<string, string> = BUILT ? { SHELL_DIST: path.join(REPO, 'shell', 'dist'), REMOTES_DIST_ROOT: REPO } : {};
const PAGES: Record<string, string> = { ...API_PAGES, ...(BUILT ? HTML_PAGES : {}) };

/** The clock ticks per second /proc counts CPU time in (getconf CLK_TCK), or undefined off Linux. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
})();

/** The process's CPU time so far (user + system) in milliseconds, from /proc/<pid>/stat; undefined where there is none. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined || !CLOCK_TICKS) return undefined;
  try {
    // the fields after the command's name (which may hold spaces, in parentheses): utime and stime are the 12th and 13th
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The CPU time of `pids` that could be read both times, from `start` to now, in milliseconds. */
function cpuMsSince(start: ReadonlyMap<number, number>): number | undefined {
  let total = 0;
  for (const [pid, atStart] of start) {
    const now = cpuMsOf(pid);
    if (now !== undefined) total += now - atStart;
  }
  return start.size ? total : undefined;
}

/** Each of `pids`' CPU time so far (those that can be read). */
function cpuMsOfEach(pids: readonly number[]): Map<number, number> {
  const each = new Map<number, number>();
  for (const pid of pids) {
    const ms = cpuMsOf(pid);
    if (ms !== undefined) each.set(pid, ms);
  }
  return each;
}

/** The PostgreSQL backends connected to database `name` (the bench server's pool). */
async function backendPids(name: string): Promise<number[]> {
  return withClient(ADMIN_URL, async (client) => {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
    return rows.map((row) => row.pid);
  });
}

/**
 * One answer of each page for each person, so a benchmark of 401s, empty pages or a person sent on
 * to another page cannot pass unnoticed.
 */
async function checkPages(port: number, cookies: readonly string[]): Promise<void> {
  for (const [i, cookie] of cookies.entries()) {
    for (const [page, pagePath] of Object.entries(PAGES)) {
      const response = await fetch(`http://127.0.0.1:${port}${pagePath}`, { headers: { cookie }, redirect: 'manual' });
      if (!response.ok) throw new Error(`${PERSONAS[i]}'s ${page} answered ${response.status}: ${await response.text()}`);
      if (page === 'front HTML' && !(await response.text()).includes('data-prerendered-parcel')) throw new Error(`${PERSONAS[i]}'s front page HTML has no summary rendered by the server`);
      if (!pagePath.startsWith('/api/')) continue;
      const body = (await response.json()) as { state?: { firstName?: string; landing?: string; summaries?: Record<string, unknown> } };
      if (page !== 'front page') continue;
      if (body.state?.landing) throw new Error(`${PERSONAS[i]}'s front page sends them on to ${body.state.landing}`);
      console.info(`  ${body.state?.firstName}'s front page: ${Object.keys(body.state?.summaries ?? {}).join(', ')}`);
    }
  }
}

async function main(): Promise<number> {
  const format = (n: number) => n.toFixed(1).padStart(8);
  const problems: string[] = [];
  const rows: string[] = [];
  for (const database of DATABASES) {
    // empty: the embedded PGlite in the server's DATA_DIR
    const throwAway = database === 'postgres' ? await throwAwayDatabase(ADMIN_URL, 'bench_front_page') : undefined;
    const url = throwAway?.url ?? '';
    console.info(`Starting the server on ${database} (migrate and seed)…`);
    const profile = CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF_DIR)}`] : [];
    const { port, cookies, child } = await startBenchServer({ databaseUrl: url, name: 'front-page', signIn: PERSONAS, nodeFlags: profile, env: BUILT_DIST });
    await checkPages(port, cookies);
    for (const people of PEOPLE_COUNTS) {
      const headers = cookies.slice(0, people).map((cookie) => ({ cookie }));
      let last: number | undefined;
      for (const clients of CLIENT_COUNTS) {
        const results: Record<string, LoadSummary> = {};
        const cpuPerRequest: Record<string, { server?: number; database?: number }> = {};
        for (const [page, pagePath] of Object.entries(PAGES)) {
          let serverAtStart = new Map<number, number>();
          let databaseAtStart = new Map<number, number>();
          let serverMs: number | undefined;
          let databaseMs: number | undefined;
          const result = await load(port, [pagePath], clients, SECONDS, WARMUP_SECONDS, headers, async (phase) => {
            if (phase === 'start') {
              const backends = throwAway ? await backendPids(throwAway.name) : [];
              serverAtStart = cpuMsOfEach(child.pid === undefined ? [] : [child.pid]);
              databaseAtStart = cpuMsOfEach(backends);
            } else {
              serverMs = cpuMsSince(serverAtStart);
              databaseMs = cpuMsSince(databaseAtStart);
            }
          });
          results[page] = result;
          const perRequest = (ms: number | undefined) => (ms !== undefined && result.requests > 0 ? ms / result.requests : undefined);
          cpuPerRequest[page] = { server: perRequest(serverMs), database: perRequest(databaseMs) };
        }
        const ratio = (results['front page']?.reqPerSecond ?? 0) / (results.visits?.reqPerSecond ?? 1);
        for (const [page, r] of Object.entries(results)) {
          const cpu = cpuPerRequest[page] ?? {};
          const ms = (value: number | undefined, width: number) => (value === undefined ? '-' : value.toFixed(2)).padStart(width);
          rows.push(
            `${database.padEnd(8)} | ${String(people).padStart(6)} | ${String(clients).padStart(7)} | ${page.padEnd(11)} | ${format(r.reqPerSecond)} | ${format(r.p50)} | ${format(r.p95)} | ${String(r.errors).padStart(7)} | ${ms(cpu.server, 10)} | ${ms(cpu.database, 13)} | ${page === 'front page' ? ratio.toFixed(2) : ''}`,
          );
          if (r.errors > 0) problems.push(`${database}, ${people} people, ${clients} clients: ${r.errors} ${page} requests did not answer 200`);
        }
        last = ratio;
      }
      if (last !== undefined && last < BUDGET_RATIO) {
        problems.push(`${database}, ${people} people: front page ÷ visits ${last.toFixed(2)} < ${BUDGET_RATIO} at ${CLIENT_COUNTS.at(-1)} clients`);
      }
    }
    await cleanUp();
  }
  console.info(`\n${SECONDS} s per phase after ${WARMUP_SECONDS} s of warm-up; ratio: the front page's req/s ÷ the visits page's`);
  console.info('database | people | clients | page        |    req/s | p50 (ms) | p95 (ms) | non-200 | CPU ms/req | DB CPU ms/req | ratio');
  for (const row of rows) console.info(row);
  console.info(problems.length ? `\nOver budget: ${problems.join('; ')}` : `\nWithin budget (front page ÷ visits ≥ ${BUDGET_RATIO}).`);
  return problems.length ? 1 : 0;
}

await runBenchmark(main);
