import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  brandSchema,
  environmentSchema,
  remotesManifestSchema,
  type BrandConfig,
  type Lang,
  type QuestionnairesStatus,
  type RemotesManifest,
} from '@portal/shared-api';
import { loadStorageConfig, type StorageConfig } from './modules/attachments/storage';
import { loadMessagingConfig, MessagingConfigError, type MessagingConfig } from './modules/messaging/config';
import { ImagingConfigError, loadImagingApiStatus, type ImagingApiStatus } from './modules/records/imaging';
import { loadQuestionnairesStatus, QuestionnairesConfigError } from './modules/records/questionnaires';
import { brandConfigs } from './config/brands';
import { resolveFeatures } from './config/features';

/** The repository root: this file is server/src/config.ts in development and server/dist/main.js when built. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  BRAND: brandSchema.default('adult'),
  APP_ENV: environmentSchema.default('development'),
  FEATURES: z.string().optional(),
  SESSION_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SENTRY_DSN: z.string().optional(),
  REMOTES_MANIFEST: z.string().optional(),
  ALLOW_REMOTE_OVERRIDES: booleanFlag.optional(),
  SHELL_DIST: z.string().optional(),
  REMOTES_DIST_ROOT: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('patient-portal'),
  OIDC_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** where browsers reach the portal, e.g. http://localhost:8080 (no trailing slash) */
  publicUrl: string;
  /** cookies get Secure when publicUrl is https */
  secureCookies: boolean;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `${dataDir}/pglite` */
  databaseUrl: string | null;
  brand: z.infer<typeof brandSchema>;
  brandConfig: BrandConfig;
  environment: z.infer<typeof environmentSchema>;
  defaultLang: Lang;
  features: string[];
  sessionTimeoutMinutes: number;
  sentryDsn: string | null;
  remotes: RemotesManifest;
  shellDist: string;
  remotesDistRoot: string;
  oidcIssuer: string | null;
  oidcClientId: string;
  oidcClientSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** message attachments: local disk under dataDir, or S3-compatible storage (S3_* variables) */
  attachmentStorage: StorageConfig;
  /** maintenance status, announcement, poll interval and the staff API token (MESSAGING_*, STAFF_API_TOKEN) */
  messaging: MessagingConfig;
  /** QUESTIONNAIRES_STATUS and IMAGING_API_STATUS: the records pages' outage states */
  records: { questionnairesStatus: QuestionnairesStatus; imagingApiStatus: ImagingApiStatus };
}

export class ConfigError extends Error {}

function defaultRemotes(overridesAllowed: boolean): RemotesManifest {
  return {
    // Manifest order is the front page's order of summaries (spec part 1 §1: conversations first).
    remotes: [
      {
        id: 'mf-messaging',
        name: 'mf_messaging',
        entry: '/remotes/mf-messaging/mf-manifest.json',
        frontPageParcels: ['./summary'],
      },
      {
        id: 'mf-records',
        name: 'mf_records',
        entry: '/remotes/mf-records/mf-manifest.json',
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

/** A module's own configuration error becomes a ConfigError, so start-up reports every bad setting the same way. */
function asConfigError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof MessagingConfigError || error instanceof ImagingConfigError || error instanceof QuestionnairesConfigError) {
      throw new ConfigError(error.message);
    }
    throw error;
  }
}

function messagingConfigFrom(env: NodeJS.ProcessEnv): MessagingConfig {
  return asConfigError(() => loadMessagingConfig(env));
}

/** Parses the environment (process.env by default). Throws ConfigError with every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_SECRET) {
    throw new ConfigError('Invalid configuration: OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const overridesAllowed = e.ALLOW_REMOTE_OVERRIDES ?? e.APP_ENV === 'development';
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
    brand: e.BRAND,
    brandConfig: brandConfigs[e.BRAND],
    environment: e.APP_ENV,
    defaultLang: 'fi',
    features: resolveFeatures(e.APP_ENV, e.FEATURES),
    sessionTimeoutMinutes: e.SESSION_TIMEOUT_MINUTES,
    sentryDsn: e.SENTRY_DSN || null,
    remotes,
    shellDist: path.resolve(e.SHELL_DIST ?? path.join(repoRoot, 'shell', 'dist')),
    remotesDistRoot: path.resolve(e.REMOTES_DIST_ROOT ?? repoRoot),
    oidcIssuer: e.OIDC_ISSUER ?? null,
    oidcClientId: e.OIDC_CLIENT_ID,
    // The built-in broker registers this client itself; an external issuer needs a real secret.
    oidcClientSecret: e.OIDC_CLIENT_SECRET ?? 'demo-client-secret-for-the-built-in-broker',
    logLevel: e.LOG_LEVEL,
    attachmentStorage: loadStorageConfig(env),
    messaging: messagingConfigFrom(env),
    records: {
      questionnairesStatus: asConfigError(() => loadQuestionnairesStatus(env)),
      imagingApiStatus: asConfigError(() => loadImagingApiStatus(env)),
    },
  };
}
