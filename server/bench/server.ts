/**
 * The server side of the benchmarks that start it as a child process (bench/harness.ts,
 * startBenchServer): the portal's app on DATABASE_URL (PGlite in DATA_DIR when it is empty),
 * migrated and seeded on start. With BENCH_SERVER_SIGN_IN=<persona> one session of that persona's,
 * issued as the sign-in does once the broker has answered; with BENCH_SERVER_BARE_ROUTE=1, in the
 * same process, a bare Fastify app with one JSON route, the baseline the booking benchmark compares
 * the search with. Prints one JSON line (harness.ts ReadyMessage) when listening.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { people } from '../src/modules/patients/schema';
import { PERSONAS, type PersonaKey } from '../src/seed/personas';
import type { ReadyMessage } from './harness';

const config = loadConfig(process.env);
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const portOf = (address: ReturnType<typeof app.server.address>) => (typeof address === 'object' && address ? address.port : 0);
const ready: ReadyMessage = { ready: true, port: portOf(app.server.address()) };

const persona = process.env.BENCH_SERVER_SIGN_IN as PersonaKey | undefined;
if (persona) {
  const identityCode = PERSONAS[persona];
  if (!identityCode) throw new Error(`BENCH_SERVER_SIGN_IN: no persona ${persona}`);
  const [person] = await app.db.select({ id: people.id }).from(people).where(eq(people.identityCode, identityCode));
  if (!person) throw new Error(`the demo world has no ${persona}`);
  const session = await app.sessions.issue({ personId: person.id });
  ready.cookie = `portal_session=${session.token}`;
  ready.csrfToken = session.csrfToken;
}

const bare = process.env.BENCH_SERVER_BARE_ROUTE ? Fastify({ logger: false }) : null;
if (bare) {
  // about the size of one search answer's envelope, without the database or validation
  bare.get('/bare', async () => ({ availableAppointments: { type: 'success', appointments: [], hasMore: false } }));
  await bare.listen({ host: '127.0.0.1', port: 0 });
  ready.barePort = portOf(bare.server.address());
}

process.stdout.write(`${JSON.stringify(ready)}\n`);

const stop = async () => {
  await Promise.allSettled([app.close(), bare?.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
