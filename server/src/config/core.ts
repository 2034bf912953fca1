import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { brandSchema, environmentSchema, remotesManifestSchema, type BrandConfig, type Lang, type RemotesManifest } from '@portal/shared-api';
import { DEFAULT_CONNECTION_TIMEOUT_MS } from '../db/index';
import { repoRoot } from '../paths';
import { brandConfigs } from './brands';
import { ConfigError, booleanFlag, presentVariables, type Env } from './env';
import { resolveFeatures } from './features';

/**
 * The settings of the portal as a whole, which any module may read through `app.config`: where it
 * runs, its brand, environment and features, the remotes it composes. A module's own settings live
 * in its config.ts and reach it as `install(app, config)`; this file knows no module.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1).max(10 * 60_000).default(DEFAULT_CONNECTION_TIMEOUT_MS),
  BRAND: brandSchema.default('adult'),
  // Unset: production when NODE_ENV is production (a production build never runs development tools by accident).
  APP_ENV: environmentSchema.optional(),
  NODE_ENV: z.string().optional(),
  FEATURES: z.string().optional(),
  SESSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SENTRY_DSN: z.string().optional(),
  REMOTES_MANIFEST: z.string().optional(),
  ALLOW_REMOTE_OVERRIDES: booleanFlag.optional(),
  SHELL_DIST: z.string().optional(),
  REMOTES_DIST_ROOT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The named switch for the demo (docs/security.md, the demo switch): never implied by an environment.
  DEMO: booleanFlag.default(false),
});

export interface CoreConfig {
  port: number;
  host: string;
  /** where browsers reach the portal, e.g. http://localhost:8080 (no trailing slash) */
  publicUrl: string;
  /** cookies get Secure when publicUrl is https */
  secureCookies: boolean;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `${dataDir}/pglite` */
  databaseUrl: string | null;
  /** PostgreSQL: how long a query waits for a connection before it fails */
  databaseConnectionTimeoutMs: number;
  brand: z.infer<typeof brandSchema>;
  brandConfig: BrandConfig;
  environment: z.infer<typeof environmentSchema>;
  /** where `environment` came from, for the start-up banner */
  environmentSource: 'APP_ENV' | 'NODE_ENV';
  defaultLang: Lang;
  features: string[];
  /** the sessions' sliding expiry, which the shell's expiry warnings are told too */
  sessionTimeoutMinutes: number;
  sentryDsn: string | null;
  remotes: RemotesManifest;
  shellDist: string;
  remotesDistRoot: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * DEMO=true: the demo world runs — the seeded personas and every test double a module's
   * configuration chooses (the test identity broker, insurers, payment provider, SMS outbox).
   * Off, the server refuses to start while any of those or a secret from the repository is
   * configured (../config.ts).
   */
  demo: boolean;
}

function defaultRemotes(overridesAllowed: boolean): RemotesManifest {
  return {
    // Manifest order is the front page's order of summaries (spec part 1 §1: conversations, then appointments, then the records).
    remotes: [
      {
        id: 'mf-messaging',
        name: 'mf_messaging',
        entry: '/remotes/mf-messaging/mf-manifest.json',
        frontPageParcels: ['./summary'],
      },
      {
        id: 'mf-booking',
        name: 'mf_booking',
        entry: '/remotes/mf-booking/mf-manifest.json',
        frontPageParcels: ['./summary'],
      },
      {
        id: 'mf-records',
        name: 'mf_records',
        entry: '/remotes/mf-records/mf-manifest.json',
        frontPageParcels: ['./summary'],
      },
      {
        id: 'mf-account',
        name: 'mf_account',
        entry: '/remotes/mf-account/mf-manifest.json',
        frontPageParcels: [],
      },
      {
        id: 'mf-payments',
        name: 'mf_payments',
        entry: '/remotes/mf-payments/mf-manifest.json',
        frontPageParcels: ['./summary'],
      },
    ],
    overridesAllowed,
  };
}

function readRemotesManifest(file: string, overridesAllowed: boolean): RemotesManifest {
  if (!existsSync(file)) throw new ConfigError(`REMOTES_MANIFEST ${file} does not exist`);
  const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const withDefault =
    raw && typeof raw === 'object' && !('overridesAllowed' in raw) ? { ...raw, overridesAllowed } : raw;
  const parsed = remotesManifestSchema.safeParse(withDefault);
  if (!parsed.success) throw new ConfigError(`REMOTES_MANIFEST ${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Parses the portal's own variables. Throws ConfigError with every problem at once. */
export function loadCoreConfig(env: Env): CoreConfig {
  const parsed = envSchema.safeParse(presentVariables(env));
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const environment = e.APP_ENV ?? (e.NODE_ENV === 'production' ? 'production' : 'development');
  const overridesAllowed = e.ALLOW_REMOTE_OVERRIDES ?? environment === 'development';
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, '.data'));
  const remotes = e.REMOTES_MANIFEST
    ? readRemotesManifest(path.resolve(e.REMOTES_MANIFEST), overridesAllowed)
    : defaultRemotes(overridesAllowed);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    databaseConnectionTimeoutMs: e.DATABASE_CONNECTION_TIMEOUT_MS,
    brand: e.BRAND,
    brandConfig: brandConfigs[e.BRAND],
    environment,
    environmentSource: e.APP_ENV ? 'APP_ENV' : 'NODE_ENV',
    defaultLang: 'fi',
    features: resolveFeatures(environment, e.FEATURES),
    sessionTimeoutMinutes: e.SESSION_TIMEOUT_MINUTES,
    sentryDsn: e.SENTRY_DSN || null,
    remotes,
    shellDist: path.resolve(e.SHELL_DIST ?? path.join(repoRoot, 'shell', 'dist')),
    remotesDistRoot: path.resolve(e.REMOTES_DIST_ROOT ?? repoRoot),
    logLevel: e.LOG_LEVEL,
    demo: e.DEMO,
  };
}
