import { buildApp } from './app';
import { ConfigError, demoPartsOf, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/index';
import { drainDelayOf } from './modules/health/index';
import { drainOnSignal } from './modules/health/drain';
import { demoPersonas } from './demo/identity-broker/demo-personas';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const app = await buildApp(config);
  const health = config.modules.health;
  const onSignal = drainOnSignal(app, { drainDelayMs: drainDelayOf(health, config.environment), timeoutMs: health.shutdownTimeoutMs });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ publicUrl: config.publicUrl, brand: config.brand, environment: config.environment }, 'portal server ready');
  console.info(startupBanner(config));
}

/** Which environment runs and why: development tools are on only in development. */
function environmentLine(config: Config): string {
  const why = config.environmentSource === 'APP_ENV' ? 'APP_ENV' : 'APP_ENV unset, following NODE_ENV';
  const tools =
    config.environment === 'development'
      ? 'development tools on: GraphQL introspection, remote overrides'
      : `development tools off${config.remotes.overridesAllowed ? ', remote overrides allowed (ALLOW_REMOTE_OVERRIDES)' : ''}`;
  return `${config.environment} (${why}); ${tools}`;
}

/** What a newcomer needs after `npm start`: where the portal is and who to sign in as. */
function startupBanner(config: Config): string {
  const personas = demoPersonas.map((p) => `    ${p.identityCode}  ${`${p.givenName} ${p.familyName}`.padEnd(16)} ${p.description}`).join('\n');
  return [
    '',
    `  Patient portal (${config.brand} brand) is running at ${config.publicUrl}/fi`,
    `  Environment: ${environmentLine(config)}`,
    config.databaseUrl ? '  Database: PostgreSQL (DATABASE_URL)' : `  Database: embedded PGlite in ${config.dataDir}`,
    ...demoLines(config),
    config.modules.identity.oidcIssuer
      ? `  Sign-in: ${config.modules.identity.oidcIssuer}`
      : '  Sign-in: the built-in test identity broker. Pick a bank on the login page, then one of the demo personas:',
    ...(config.demo ? ['', personas, '', '  Stop with Ctrl+C. Data is kept between starts; `npm run reset` re-seeds the demo world.'] : ['', '  Stop with Ctrl+C.']),
    '',
  ].join('\n');
}

/** The demo says so loudly, naming what it runs instead of the real services. */
function demoLines(config: Config): string[] {
  if (!config.demo) return [];
  const parts = demoPartsOf(config.modules);
  return [
    '  DEMO=true: a demonstration, not for patients. Seeded personas and these stand-ins run:',
    ...parts.map((part) => `    - ${part}`),
  ];
}

main().catch((err) => {
  // Another process has the embedded database: its message says who, a stack trace would only bury it.
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
