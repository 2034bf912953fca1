import type { IncomingMessage } from 'node:http';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import helmet from 'helmet';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@portal/shared-api';
import type { Config, ModuleConfigs } from './config';
import { migrate, openDatabase, type DatabaseHandle } from './db/index';
import { answerFrameworkError, installErrorHandling } from './http/errors';
import { installJsonBodyParser } from './http/json-body';
import { loggerOptions } from './http/logging';
import { traceLogOptions } from './telemetry/log-context';
import { installRoutePolicies } from './http/route-policy';
import { portalModules } from './modules/index';
import type { ContentSecurityPolicySources, PortalModule } from './modules/module';
import { seedDemoWorld, testDoublesFor } from './demo/index';
import type { RemoteRegistry, ServedRemote } from './modules/remote-registry/contract';
import { entryScriptReader } from './pages/entry-script';
import { createStaticRemoteRegistry } from './pages/static-remote-registry';

export interface BuildOptions {
  /** an already opened (and migrated) database; otherwise one is opened from the config */
  database?: DatabaseHandle;
  /** migrate and seed on start (default true) */
  prepareDatabase?: boolean;
  /** pino logger options; false silences logs (tests) */
  logger?: boolean;
  /** where log lines go instead of stdout (tests that read the log) */
  logStream?: { write(line: string): void };
  /**
   * which versions visitors are served (tests: a registry whose view they switch); otherwise the
   * registry module's, or the pages' static one (every remote its built-in version)
   */
  remoteRegistry?: RemoteRegistry;
}

/**
 * The Content-Security-Policy. The origins of the remotes' files are those of every version the
 * registry serves to anyone now (`served`, read for each answer): a remote on another static origin
 * loads, a version no longer served is no longer allowed, and nothing else is. What a module's
 * configuration adds (the payment provider's forms and logos, the attachment store) each module
 * declares (module.ts `contentSecurityPolicy`): this names no module.
 */
function contentSecurityPolicy(config: Config, served: () => readonly ServedRemote[]) {
  const fromModules = moduleSources(config.modules);
  // A developer's remote on a local dev server (and, for connect-src, its live-reload socket).
  const devOrigins = config.remotes.overridesAllowed ? ['http://localhost:*', 'http://127.0.0.1:*'] : [];
  const devSockets = config.remotes.overridesAllowed ? ['ws://localhost:*', 'ws://127.0.0.1:*'] : [];
  // Remotes may live on other origins (CDN, static storage); read once per answer, for its directives.
  const origins = new WeakMap<IncomingMessage, string[]>();
  const extraOf = (request: IncomingMessage): string[] => {
    let extra = origins.get(request);
    if (!extra) {
      const remoteOrigins = served()
        .map((remote) => remote.origin)
        .filter((origin): origin is string => origin !== null);
      extra = [...new Set([...remoteOrigins, ...devOrigins])];
      origins.set(request, extra);
    }
    return extra;
  };
  /** a directive's sources, the remotes' origins between `before` and `after`, for each answer */
  const entryScript = entryScriptReader(config.shellDist);
  const withRemotes =
    (before: string[], after: string[] = []) =>
    (request: IncomingMessage): string =>
      [...before, ...extraOf(request), ...after].join(' ');
  return {
    useDefaults: true,
    directives: {
      'default-src': ["'self'"],
      // the shell's entry, written into each page (pages/entry-script.ts), by the hash of the very code
      'script-src': [(request: IncomingMessage) => [withRemotes(["'self'"])(request), entryScript.forRequest(request)?.source].filter(Boolean).join(' ')],
      'connect-src': [withRemotes(["'self'"], [...fromModules['connect-src'], ...devSockets, ...(config.sentryDsn ? ['https://*.sentry.io', 'https://*.ingest.sentry.io'] : [])])],
      'style-src': [withRemotes(["'self'", "'unsafe-inline'"])],
      'img-src': [withRemotes(["'self'", 'data:'], fromModules['img-src'])],
      'font-src': [withRemotes(["'self'", 'data:'])],
      'form-action': ["'self'", ...fromModules['form-action']],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      // Over plain http (local use) upgrading would break every asset request.
      'upgrade-insecure-requests': config.secureCookies ? [] : null,
    },
  };
}

/** Every module's Content-Security-Policy sources (module.ts `contentSecurityPolicy`), per directive in the list's order. */
function moduleSources(configs: ModuleConfigs): Record<keyof ContentSecurityPolicySources, string[]> {
  const sources: Record<keyof ContentSecurityPolicySources, string[]> = { 'connect-src': [], 'img-src': [], 'form-action': [] };
  for (const module of portalModules) {
    const declared = declaredSources(module, configs);
    for (const directive of Object.keys(sources) as (keyof ContentSecurityPolicySources)[]) sources[directive].push(...(declared[directive] ?? []));
  }
  return sources;
}

/** One module's declaration, with the configuration its own loadConfig produced (generic for the reason installModule is). */
function declaredSources<Name extends keyof ModuleConfigs>(module: PortalModule<Name, ModuleConfigs[Name]>, configs: ModuleConfigs): ContentSecurityPolicySources {
  return module.contentSecurityPolicy?.(configs[module.name]) ?? {};
}

/**
 * Installs one module with the configuration its own loadConfig produced. Generic over the name, so
 * the module and its configuration are looked up by the same key.
 */
async function installModule<Name extends keyof ModuleConfigs>(
  app: FastifyInstance,
  module: PortalModule<Name, ModuleConfigs[Name]>,
  configs: ModuleConfigs,
): Promise<void> {
  await module.install?.(app, configs[module.name]);
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : // with tracing on (telemetry/instrument.ts), every line written inside a span carries trace_id and span_id
          { ...loggerOptions(config.logLevel), ...traceLogOptions(), ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.publicUrl.startsWith('https:'),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: every route after this is recorded with its CSRF, body and cache policies.
  installRoutePolicies(app);
  installErrorHandling(app);
  installJsonBodyParser(app);

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, connectionTimeoutMs: config.databaseConnectionTimeoutMs, pgliteDataDir: `${config.dataDir}/pglite` }));
  if (options.prepareDatabase !== false) {
    await migrate(database);
    // The personas exist only in the demo: a production database holds real people only.
    const seeded = config.demo ? await seedDemoWorld(database.db) : false;
    app.log.info({ seeded, driver: database.driver }, seeded ? 'demo world seeded' : 'database ready');
  }
  // A database we opened is ours to close.
  if (!options.database) app.addHook('onClose', async () => database.close());

  // Modules read the portal's own settings here; their own come to their install.
  const { modules: moduleConfigs, ...coreConfig } = config;
  app.decorate('config', coreConfig);
  app.decorate('db', database.db);
  // The test doubles live in demo/ and no module imports them: here the configuration picks them.
  app.decorate('testDoubles', testDoublesFor(config));
  if (options.remoteRegistry) app.decorate('remoteRegistry', options.remoteRegistry);

  // helmet itself, not @fastify/helmet: the plugin builds helmet's middleware (parsing the CSP
  // again) for every request, 2% of the server's CPU under the messaging benchmark. The middleware
  // is built once; only the remotes' origins in the CSP are read for each response.
  // The remotes' origins come from the registry (modules/remote-registry, or pages' static one) once
  // it is installed; an answer before that (none but a framework error) allows the configured ones.
  const fallbackRegistry = createStaticRemoteRegistry(config);
  const served = () => (app.hasDecorator('remoteRegistry') ? app.remoteRegistry : fallbackRegistry).allServed();
  const securityHeaders = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config, served),
    strictTransportSecurity: config.secureCookies ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The same answer as the CSP's frame-ancestors 'none', for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)));
  // API answers are JSON that compresses 5-40x (a long conversation: 1.1 MB → 30 KB). Before every
  // route, since the plugin configures routes as they are added. Static files arrive pre-compressed.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyCookie);

  // In the list's order: fair use comes before any module's route (modules/index.ts says why).
  for (const module of portalModules) await installModule(app, module, moduleConfigs);

  // For load balancers and the test runners: answers once the database is migrated and seeded.
  // It reads no session, so it never waits on a database busy with patients' work.
  app.get('/healthz', { logLevel: 'warn', config: { session: false, fairUse: false } }, async () => ({ status: 'ok' }));

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ type: 'NotFound', message: `No route ${request.method} ${request.url.split('?')[0]}` } satisfies ApiErrorBody);
  });

  return app;
}
