import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@portal/shared-api';
import type { Config } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db/index';
import { installErrorHandling } from './http/errors';
import { installAttachments, purgeStaleAttachments } from './modules/attachments/index';
import { loggerOptions } from './http/logging';
import { installFrontPage } from './modules/front-page/index';
import { installMessaging } from './modules/messaging/index';
import { installMfa } from './modules/mfa/index';
import { createPeopleService } from './modules/patients/people';
import { installRecords } from './modules/records/index';
import { installSessions } from './modules/sessions/index';
import { installPages } from './pages/index';
import { installStatic } from './pages/static';
import { seedDemoWorld } from './seed/index';

export interface BuildOptions {
  /** an already opened (and migrated) database; otherwise one is opened from the config */
  database?: DatabaseHandle;
  /** migrate and seed on start (default true) */
  prepareDatabase?: boolean;
  /** pino logger options; false silences logs (tests) */
  logger?: boolean;
  /** where log lines go instead of stdout (tests that read the log) */
  logStream?: { write(line: string): void };
}

function contentSecurityPolicy(config: Config) {
  // Remotes may live on other origins (CDN, a developer's dev server through the override).
  const remoteOrigins = config.remotes.remotes
    .map((r) => (/^https?:\/\//.test(r.entry) ? new URL(r.entry).origin : null))
    .filter((o): o is string => o !== null);
  // A developer's remote on a local dev server (and, for connect-src, its live-reload socket).
  const devOrigins = config.remotes.overridesAllowed ? ['http://localhost:*', 'http://127.0.0.1:*'] : [];
  const devSockets = config.remotes.overridesAllowed ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : [];
  const extra = [...new Set([...remoteOrigins, ...devOrigins])];
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", ...extra],
      // the browser PUTs attachments straight to an S3-compatible store when one is configured
      'connect-src': ["'self'", ...extra, ...storageOrigins(config), ...devSockets, ...(config.sentryDsn ? ['https://*.sentry.io', 'https://*.ingest.sentry.io'] : [])],
      'style-src': ["'self'", "'unsafe-inline'", ...extra],
      'img-src': ["'self'", 'data:', ...extra],
      'font-src': ["'self'", 'data:', ...extra],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      // Over plain http (local use) upgrading would break every asset request.
      'upgrade-insecure-requests': config.secureCookies ? [] : null,
    },
  };
}

/** Where the browser sends attachment uploads besides this server (S3-compatible storage). */
function storageOrigins(config: Config): string[] {
  const storage = config.attachmentStorage;
  if (storage.kind !== 's3') return [];
  if (storage.endpoint) return [new URL(storage.endpoint).origin];
  return [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`, `https://s3.${storage.region}.amazonaws.com`];
}

/**
 * Uploads that were never sent with a message are removed after a day. Every instance runs it; the
 * purge deletes by row, so two instances purging at once do no harm.
 */
function scheduleAttachmentPurge(app: FastifyInstance): void {
  const HOUR_MS = 60 * 60 * 1000;
  const purge = () => {
    purgeStaleAttachments(app.db, app.attachmentStorage).catch((err: unknown) => app.log.error({ err }, 'purging stale attachments failed'));
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(purge, HOUR_MS);
    // the purge never keeps the process alive
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** Loads the identity module when it is present (it is developed alongside this one). */
async function loadIdentityModule(app: FastifyInstance): Promise<FastifyPluginAsync | null> {
  try {
    const mod = (await import('./modules/identity/index')) as { default: FastifyPluginAsync };
    return mod.default;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String((err as Error).message).includes('modules/identity')) {
      app.log.warn('identity module not found: /oauth and /broker are not available');
      return null;
    }
    throw err;
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.publicUrl.startsWith('https:'),
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: `${config.dataDir}/pglite` }));
  if (options.prepareDatabase !== false) {
    await migrate(database);
    const seeded = await seedDemoWorld(database.db);
    app.log.info({ seeded, driver: database.driver }, seeded ? 'demo world seeded' : 'database ready');
  }
  // A database we opened is ours to close.
  if (!options.database) app.addHook('onClose', async () => database.close());

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('people', createPeopleService(database.db));

  // helmet itself, not @fastify/helmet: the plugin builds helmet's middleware (parsing the CSP
  // again) for every request, 2% of the server's CPU under the messaging benchmark. The headers
  // are the same for every response, so the middleware is built once.
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)));
  // API answers are JSON that compresses 5-40x (a long conversation: 1.1 MB → 30 KB). Before every
  // route, since the plugin configures routes as they are added. Static files arrive pre-compressed.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);

  installSessions(app);
  installAttachments(app, { storageConfig: config.attachmentStorage });
  scheduleAttachmentPurge(app);
  installPages(app);
  installFrontPage(app);
  installRecords(app);
  installMessaging(app, { config: config.messaging });
  installMfa(app);
  await installStatic(app);

  // For load balancers and the test runners: answers once the database is migrated and seeded.
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  const identityModule = await loadIdentityModule(app);
  if (identityModule) await app.register(identityModule);

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ type: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0]}` } satisfies ApiErrorBody);
  });

  return app;
}
