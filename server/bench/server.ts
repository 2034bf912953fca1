/**
 * The server side of the benchmarks that start it as a child process (bench/harness.ts,
 * startBenchServer): the portal's app on DATABASE_URL (PGlite in DATA_DIR when it is empty),
 * migrated and seeded on start. With BENCH_SERVER_SIGN_IN=<persona> one session of that persona's,
 * issued as the sign-in does once the broker has answered (a list, e.g. `mikko,leena:ella`: one
 * session each, `guardian:child` a guardian's acting for the child); with BENCH_SERVER_BARE_ROUTE=1, in the
 * same process, a bare Fastify app with one JSON route, the baseline the booking benchmark compares
 * the search with. Prints one JSON line (harness.ts ReadyMessage) when listening.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { people } from '../src/modules/patients/schema';
import { PERSONAS, type PersonaKey } from '../src/demo/seed/personas';
import type { ReadyMessage } from './harness';

const config = loadConfig(process.env);
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const portOf = (address: ReturnType<typeof app.server.address>) => (typeof address === 'object' && address ? address.port : 0);
const ready: ReadyMessage = { ready: true, port: portOf(app.server.address()) };

/** A persona's session, or with `guardian:child` the guardian's acting for the child. */
async function sessionOf(spec: string) {
  const [persona, ward] = spec.split(':') as [PersonaKey, PersonaKey | undefined];
  const personIdOf = async (key: PersonaKey) => {
    const identityCode = PERSONAS[key];
    if (!identityCode) throw new Error(`BENCH_SERVER_SIGN_IN: no persona ${key}`);
    const [person] = await app.db.select({ id: people.id }).from(people).where(eq(people.identityCode, identityCode));
    if (!person) throw new Error(`the demo world has no ${key}`);
    return person.id;
  };
  return app.sessions.issue({ personId: await personIdOf(persona), actingForPersonId: ward ? await personIdOf(ward) : null });
}

const signIns = (process.env.BENCH_SERVER_SIGN_IN ?? '').split(',').filter(Boolean);
if (signIns.length) {
  const sessions = [];
  for (const spec of signIns) sessions.push(await sessionOf(spec));
  ready.cookies = sessions.map((session) => `portal_session=${session.token}`);
  ready.cookie = ready.cookies[0];
  ready.csrfToken = sessions[0]!.csrfToken;
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
