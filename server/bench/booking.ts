/**
 * npm run bench:booking — the appointment search under load (issue 13 "Benchmark"):
 *  1. a throw-away PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *     that the server (bench/server.ts, a child process) migrates and seeds with the demo
 *     world; the demo's free slots are then copied a few minutes later until there are
 *     BENCH_SLOTS (100,000) free future slots, and the tables analysed;
 *  2. for 1, 10 and 50 concurrent keep-alive clients (BENCH_CLIENTS; autocannon, bench/load.ts), BENCH_SECONDS (5) of
 *     GET /api/appointments with a realistic mix of filters (after BENCH_WARMUP_SECONDS, 1), then
 *     the same for a bare Fastify JSON route in the same server process: req/s, p50, p95. The search
 *     runs twice: on a server without the answer cache (BOOKING_SEARCH_CACHE_MS=0) and on a second
 *     one on the same database with it (BENCH_SEARCH_CACHE_MS, default 1000 as in production).
 *  3. the search page's time to first results in Chromium (bench/search-page.ts): the built portal
 *     (`npm run build` first; this benchmark does not build) on the same database, opened cold
 *     BENCH_BROWSER_RUNS (5) times; BENCH_SKIP_BROWSER=1 leaves it out.
 * Budgets (judged on the cached server, production's set-up; the uncached figures are printed
 * beside them): p95 ≤ 30 ms at 50 clients and ≤ 5 ms for one client; over budget exits 1. The database
 * is dropped and the server stopped in every case (also on failure and Ctrl+C).
 *
 * The numbers depend on the machine: the load generator, the server and PostgreSQL share its cores.
 */
import { LOCAL_POSTGRES_URL, runBenchmark, startBenchServer, throwAwayDatabase, withClient } from './harness';
import { percentile } from '../../tooling/harness/stats';
import { load, type LoadSummary } from './load';
import { measureSearchPage, searchPageSkipReason } from './search-page';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES_URL;
const SLOTS = Number(process.env.BENCH_SLOTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const CLIENT_COUNTS = (process.env.BENCH_CLIENTS ?? '1,10,50').split(',').filter(Boolean).map(Number);
const BUDGET_P95_MS = { single: 5, at50: 30 };
/** the cached server's BOOKING_SEARCH_CACHE_MS (production's default) */
const SEARCH_CACHE_MS = Number(process.env.BENCH_SEARCH_CACHE_MS ?? 1000);
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);

/** bench/server.ts on the database with its bare baseline route; resolves with its two ports once it listens. */
async function startServer(url: string, searchCacheMs: number): Promise<{ port: number; barePort: number }> {
  return startBenchServer({ databaseUrl: url, name: 'booking', bareRoute: true, env: { BOOKING_SEARCH_CACHE_MS: String(searchCacheMs) } });
}

const FREE_FUTURE = `from appointment_slots s where not s.withdrawn and s.starts_at > now()
  and not exists (select 1 from appointments a where a.slot_id = s.id and a.status <> 'cancelled')`;

/** Copies the demo's free slots a few minutes later (same practitioners, clinics, kinds) until there are `target`. */
async function topUpSlots(url: string, target: number): Promise<number> {
  return withClient(url, async (client) => {
    const count = async () => Number((await client.query(`select count(*)::int as n ${FREE_FUTURE}`)).rows[0].n);
    const existing = await count();
    const copies = Math.ceil((target - existing) / Math.max(existing, 1));
    if (copies > 0) {
      await client.query(
        `insert into appointment_slots (clinic_id, practitioner_id, specialty_id, starts_at, duration_minutes, is_remote, kind_id, requires_strong_auth, is_specific_time, room_location)
         select s.clinic_id, s.practitioner_id, s.specialty_id, s.starts_at + make_interval(mins => 3 * k), s.duration_minutes, s.is_remote, s.kind_id, s.requires_strong_auth, s.is_specific_time, s.room_location
         ${FREE_FUTURE.replace('from appointment_slots s', 'from appointment_slots s cross join generate_series(1, $1::int) k')}
         limit $2`,
        [copies, target - existing],
      );
    }
    await client.query('analyze');
    return count();
  });
}

/** A realistic mix of the searches the list pages make (weights by how often a page would). */
async function searchMix(url: string): Promise<string[]> {
  const ids = await withClient(url, async (client) => (await client.query('select id, last_name from practitioners order by id')).rows as { id: number; last_name: string }[]);
  const idOf = (lastName: string) => String(ids.find((row) => row.last_name === lastName)?.id ?? ids[0]!.id);
  const today = new Date().toISOString().slice(0, 10);
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const mix: [number, string][] = [
    [4, 'lang=fi'],
    [3, 'clinicIds=KA&lang=fi'],
    [2, 'clinicIds=LPV&clinicIds=TAP&specialtyIds=YLE&lang=fi'],
    [2, 'specialtyIds=PSY&includeRemote=true&lang=fi'],
    [2, `practitionerIds=${idOf('Lahtinen')}&includeRemote=true&lang=en`],
    [2, 'clinicIds=TKR&timeOfDay=evening&lang=fi'],
    [2, `specialtyIds=GYN&startDate=${inDays(7)}&lang=sv`],
    [2, 'clinicIds=KA&offset=20&lang=fi'],
    [1, 'specialtyIds=FYS&isInsuranceCustomer=true&lang=fi'],
    [1, `startDate=${today}&endDate=${inDays(0)}&timeOfDay=morning&clinicIds=HP&lang=fi`],
    // nothing matches: the search answers with its suggestions (two more queries)
    [1, 'specialtyIds=ENDO&clinicIds=HYV&lang=fi'],
  ];
  return mix.flatMap(([weight, query]) => Array<string>(weight).fill(`/api/appointments?${query}`));
}

async function main(): Promise<number> {
  // BENCH_KEEP_DATABASE=1 keeps it for a look afterwards (EXPLAIN ANALYZE …); drop it yourself
  const keep = Boolean(process.env.BENCH_KEEP_DATABASE);
  const { name, url } = await throwAwayDatabase(ADMIN_URL, 'bench_booking', { keep });
  if (keep) console.info(`Database ${name} is kept (BENCH_KEEP_DATABASE)`);

  console.info(`Starting the server on ${name} (migrate and seed)…`);
  const server = await startServer(url, 0);
  // the same app with the search's short-lived answer cache (search/result-cache.ts) as production runs it
  const cached = await startServer(url, SEARCH_CACHE_MS);
  const slots = await topUpSlots(url, SLOTS);
  console.info(`${slots.toLocaleString('en-GB')} free future slots. ${SECONDS} s per phase after ${WARMUP_SECONDS} s of warm-up.\n`);
  const paths = await searchMix(url);

  const rows: string[] = [];
  const results = new Map<number, LoadSummary>();
  const uncachedResults = new Map<number, LoadSummary>();
  const format = (n: number) => n.toFixed(1).padStart(8);
  for (const clients of CLIENT_COUNTS) {
    const uncached = await load(server.port, paths, clients, SECONDS, WARMUP_SECONDS);
    const search = await load(cached.port, paths, clients, SECONDS, WARMUP_SECONDS);
    const bare = await load(server.barePort, ['/bare'], clients, SECONDS, WARMUP_SECONDS);
    results.set(clients, search);
    uncachedResults.set(clients, uncached);
    const row = (route: string, r: LoadSummary) =>
      `${String(clients).padStart(7)} | ${route.padEnd(13)} | ${format(r.reqPerSecond)} | ${format(r.p50)} | ${format(r.p95)} | ${r.errors}`;
    rows.push(row('search', uncached), row('search+cache', search), row('bare', bare));
  }
  console.info(`search: no answer cache; search+cache: answers reused for ${SEARCH_CACHE_MS} ms (BENCH_SEARCH_CACHE_MS)`);
  console.info('clients | route         |    req/s | p50 (ms) | p95 (ms) | non-200');
  for (const row of rows) console.info(row);

  const skipBrowser = process.env.BENCH_SKIP_BROWSER ? 'BENCH_SKIP_BROWSER is set' : searchPageSkipReason();
  if (skipBrowser) console.info(`\nThe search page in Chromium: skipped (${skipBrowser}).`);
  else {
    const page = await measureSearchPage(url, BROWSER_RUNS);
    const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
    const all = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.info(`\nThe search page (/fi/ajanvaraus/yksityisasiakas) in Chromium, cold, no throttling, median of ${BROWSER_RUNS}:`);
    console.info(`  time to first results ${median(page.firstResults).toFixed(0)} ms (${all(page.firstResults)}); the HTML's first byte ${median(page.firstByte).toFixed(0)} ms`);
  }

  const single = results.get(1);
  const at50 = results.get(50);
  const problems = [
    single && single.p95 > BUDGET_P95_MS.single ? `single-client p95 ${single.p95.toFixed(1)} ms > ${BUDGET_P95_MS.single} ms` : null,
    at50 && at50.p95 > BUDGET_P95_MS.at50 ? `p95 at 50 clients ${at50.p95.toFixed(1)} ms > ${BUDGET_P95_MS.at50} ms` : null,
    [...results.values(), ...uncachedResults.values()].some((r) => r.errors > 0) ? 'some searches did not answer 200' : null,
  ].filter(Boolean);
  console.info(problems.length ? `\nOver budget: ${problems.join('; ')}` : '\nWithin budget (p95 ≤ 5 ms single, ≤ 30 ms at 50 clients).');
  return problems.length ? 1 : 0;
}

await runBenchmark(main);
