import type { FastifyInstance } from 'fastify';
import { defineModule } from '../module';
import { databaseCheck, latestMigrationMillis, migrationsCheck, remoteRegistryCheck } from './checks';
import { loadHealthConfig } from './config';
import { createReadiness, type Readiness } from './readiness';

export { drainDelayOf, loadHealthConfig, HealthConfigError, type HealthConfig } from './config';
export { NotReady, type Readiness, type ReadinessCheck, type ReadinessReport } from './readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** what GET /readyz answers: add a check with `app.readiness.addCheck(name, check)` */
    readiness: Readiness;
  }
}

export const LIVEZ_PATH = '/livez';
export const READYZ_PATH = '/readyz';

/**
 * How long one check may take before it reads `timeout`: a balancer probes every few seconds with a
 * timeout of its own, and a hung database must answer 503 well within it rather than hang the probe.
 */
export const READINESS_CHECK_TIMEOUT_MS = 1_000;

// Outside fair use and without a session, as /healthz: a probe must answer while patients keep the
// server busy, and a probe the balancer sees time out takes the instance out as surely as a 503.
const probeOptions = { logLevel: 'warn', config: { session: false, fairUse: false } } as const;

function install(app: FastifyInstance): void {
  const readiness = createReadiness({ timeoutMs: READINESS_CHECK_TIMEOUT_MS, log: app.log.child({ module: 'health' }) });
  readiness.addCheck('database', databaseCheck(app.db));
  readiness.addCheck('migrations', migrationsCheck(app.db, latestMigrationMillis()));
  readiness.addCheck('remoteRegistry', remoteRegistryCheck(app));
  // With REDIS_URL: shown, but not required. Every instance shares the one Redis, so were it
  // required, a Redis restart would take all of them out of the balancer at once, and patients would
  // get the balancer's 503 for everything; without it they keep reading (fair use fails open) and only
  // identification and reservations wait (fail closed). The counters are installed with fair use,
  // before this module.
  if (app.hasDecorator('counterStore') && app.counterStore.kind === 'redis') {
    const store = app.counterStore;
    readiness.addCheck('redis', () => store.ping(), { required: false });
  }
  app.decorate('readiness', readiness);

  // While draining, every answer closes its connection: a client (the balancer's pool among them)
  // opens its next one to the listener, which goes on to another instance once this one has closed,
  // instead of sending it down a kept-alive socket that the close is about to cut.
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.draining) reply.header('connection', 'close');
  });

  // The process answers: nothing read, so a busy or unreachable database never gets it restarted.
  app.get(LIVEZ_PATH, probeOptions, async () => ({ status: 'ok' }));

  app.get(READYZ_PATH, probeOptions, async (_request, reply) => {
    const report = await readiness.report();
    return reply.status(report.status === 'ready' || report.status === 'degraded' ? 200 : 503).send(report);
  });
}

/**
 * Health for load balancers and orchestrators (issue 30): GET /livez (the process answers) and
 * GET /readyz (the database answers and is migrated, the remote registry is loaded, every check
 * added with `app.readiness.addCheck`, and the instance is not draining). The drain on SIGTERM
 * itself is ./drain.ts, which main.ts runs with this module's configuration.
 */
export const healthModule = defineModule({
  name: 'health',
  loadConfig: loadHealthConfig,
  install,
});
