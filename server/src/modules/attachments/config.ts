import { z } from 'zod';
import { ConfigError, type Env } from '../../config/env';

/**
 * The attachments module's configuration: where the files live (S3_* variables, or the local disk
 * under DATA_DIR) and the local storage's URL secret (ATTACHMENT_URL_SECRET).
 */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** MinIO, Ceph, R2 …; null: AWS */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** null: the SDK's default credential chain (instance role, AWS_* variables …) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export type StorageConfig = (S3StorageConfig | { kind: 'local' }) & {
  /** signs the local storage's URLs; null: a random secret kept in the database */
  urlSecret: string | null;
};

const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  S3_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/ })),
  S3_BUCKET: unsetWhenEmpty(z.string().min(3).max(63)),
  S3_REGION: unsetWhenEmpty(z.string().min(1)),
  S3_ACCESS_KEY_ID: unsetWhenEmpty(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: unsetWhenEmpty(z.string().min(1)),
  S3_FORCE_PATH_STYLE: unsetWhenEmpty(z.enum(['true', 'false', '1', '0', 'yes', 'no'])),
  ATTACHMENT_URL_SECRET: unsetWhenEmpty(z.string().min(32, 'at least 32 characters')),
});

/**
 * Reads the attachment storage's environment: S3-compatible storage when S3_BUCKET is set,
 * local disk otherwise. Throws ConfigError naming every problem (never the secrets' values).
 */
export function loadStorageConfig(env: Env = process.env): StorageConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid attachment storage configuration:\n${z.prettifyError(parsed.error)}`);
  const e = parsed.data;
  const urlSecret = e.ATTACHMENT_URL_SECRET ?? null;
  if (!e.S3_BUCKET) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((k) => e[k]);
    if (stray.length > 0) throw new ConfigError(`Invalid attachment storage configuration: ${stray.join(', ')} set without S3_BUCKET`);
    return { kind: 'local', urlSecret };
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid attachment storage configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    // S3-compatible servers mostly ignore the region but the SDK's signature needs one.
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT ?? null,
    forcePathStyle: ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE ?? 'false'),
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : null,
    urlSecret,
  };
}
