/**
 * Measuring aid for the search (not part of `npm run bench:booking`): on a kept bench database
 * (BENCH_KEEP_DATABASE=1), runs each search of the bench's mix through the route's own functions,
 * records the statements drizzle sends, and prints EXPLAIN (ANALYZE, BUFFERS) of each.
 * Usage: DATABASE_URL=postgres://…/bench_booking_x node --import tsx bench/explain-search.ts [filter]
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { appointmentSearchQuerySchema } from '@portal/shared-api';
import type { Database } from '../src/db/index';
import { helsinkiToday } from '@portal/shared-i18n';
import { criteriaOf, lastDayOf } from '../src/modules/booking/search/criteria';
import { findSlots, findSuggestions } from '../src/modules/booking/search/slots';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL');
const pool = new pg.Pool({ connectionString: url, max: 2 });
const recorded: { sql: string; params: unknown[] }[] = [];
const db = drizzle({ client: pool, logger: { logQuery: (sql, params) => void recorded.push({ sql, params }) } }) as unknown as Database;

const ids = (await pool.query('select id, last_name from practitioners order by id')).rows as { id: number; last_name: string }[];
const lahtinen = String(ids.find((row) => row.last_name === 'Lahtinen')?.id ?? ids[0]!.id);
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const mix = [
  'lang=fi',
  'clinicIds=KA&lang=fi',
  'clinicIds=LPV&clinicIds=TAP&specialtyIds=YLE&lang=fi',
  'specialtyIds=PSY&includeRemote=true&lang=fi',
  `practitionerIds=${lahtinen}&includeRemote=true&lang=en`,
  'clinicIds=TKR&timeOfDay=evening&lang=fi',
  `specialtyIds=GYN&startDate=${inDays(7)}&lang=sv`,
  'clinicIds=KA&offset=20&lang=fi',
  'specialtyIds=FYS&isInsuranceCustomer=true&lang=fi',
  `startDate=${inDays(0)}&endDate=${inDays(0)}&timeOfDay=morning&clinicIds=HP&lang=fi`,
  'specialtyIds=ENDO&clinicIds=HYV&lang=fi',
].filter((q) => !process.argv[2] || q.includes(process.argv[2]));

for (const search of mix) {
  const params = new URLSearchParams(search);
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) raw[key] = params.getAll(key).length > 1 ? params.getAll(key) : params.get(key)!;
  const query = appointmentSearchQuerySchema.parse(raw);
  const now = new Date();
  const filter = { ...query, startDate: query.startDate ?? helsinkiToday(now) };
  const criteria = criteriaOf(filter, query.isInsuranceCustomer ? 'insurance' : 'private');
  recorded.length = 0;
  const page = await findSlots(db, criteria, query.offset, now, { lang: query.lang, priceDetails: false });
  if (query.offset === 0 && page.appointments.length === 0) await findSuggestions(db, criteria, lastDayOf(filter), now);
  console.info(`\n===== ${search}: ${page.appointments.length} rows, hasMore ${page.hasMore}`);
  for (const statement of [...recorded]) {
    console.info(`--- ${statement.sql}\n    params ${JSON.stringify(statement.params)}`);
    const plan = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
    for (const row of plan.rows) console.info(`    ${row['QUERY PLAN']}`);
  }
}
await pool.end();
