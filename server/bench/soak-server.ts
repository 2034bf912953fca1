/**
 * The server side of `npm run bench:soak` (bench/soak.ts starts it as a child process, so its RSS is
 * the server's alone): the portal's app on DATABASE_URL (PGlite in DATA_DIR when it is empty),
 * migrated and seeded on start, and one session of Mikko's issued as the sign-in does. Prints one
 * JSON line with the port, the session cookie and the session's csrfToken (for the GraphQL calls)
 * when listening.
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { people } from '../src/modules/patients/schema';
import { PERSONAS } from '../src/seed/personas';

const config = loadConfig(process.env);
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });

const [mikko] = await app.db.select({ id: people.id }).from(people).where(eq(people.identityCode, PERSONAS.mikko));
if (!mikko) throw new Error('the demo world has no Mikko');
const session = await app.sessions.issue({ personId: mikko.id });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ ready: true, port, cookie: `portal_session=${session.token}`, csrfToken: session.csrfToken })}\n`);

const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
