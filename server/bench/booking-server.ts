/**
 * The server side of `npm run bench:booking` (bench/booking.ts starts it as a child process, so the
 * load generator and the server do not share an event loop): the portal's app on DATABASE_URL
 * (migrated and seeded on start) and, in the same process, a bare Fastify app with one JSON route,
 * the baseline the search is compared with. Prints one JSON line with both ports when listening.
 */
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const config = loadConfig(process.env);
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
// about the size of one search answer's envelope, without the database or validation
bare.get('/bare', async () => ({ availableAppointments: { type: 'success', appointments: [], hasMore: false } }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const portOf = (address: ReturnType<typeof app.server.address>) => (typeof address === 'object' && address ? address.port : 0);
process.stdout.write(`${JSON.stringify({ ready: true, port: portOf(app.server.address()), barePort: portOf(bare.server.address()) })}\n`);

const stop = async () => {
  await Promise.allSettled([app.close(), bare.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
