// Where deploy:remote puts a version's files: a folder (served by any static web server) or an
// S3-compatible bucket. Either way under `<prefix>/<remote>/<version>/`, every other file first and
// mf-manifest.json last, so a manifest that can be read names only files that are there.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, userPath } from './common.mjs';
import { MANIFEST } from './dist.mjs';

/**
 * @typedef {object} PutOptions
 * @property {string} contentType
 * @property {string} cacheControl
 */

/**
 * @typedef {object} Target
 * @property {string} description         e.g. `folder /srv/remotes` or `s3://bucket/prefix`
 * @property {string} prefix              key prefix inside the target, '' or e.g. 'remotes'
 * @property {string | null} defaultPublicUrl  where the target's root is served when --public-url is not given
 * @property {(key: string) => string} where   a key as the user knows the place, e.g. s3://bucket/key
 * @property {(key: string) => Promise<Buffer | null>} get
 * @property {(key: string, bytes: Buffer, options: PutOptions) => Promise<void>} put
 */

/**
 * The target of `--to`: `s3://bucket[/prefix]`, `file:///path` or a folder path.
 * @param {string | undefined} to
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<Target>}
 */
export async function targetOf(to, env = process.env) {
  if (!to) throw new CliError('say where to upload the files: --to s3://bucket/prefix, --to file:///srv/remotes or --to ./folder');
  if (to.startsWith('s3://')) return s3Target(to, env);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(to) && !to.startsWith('file://')) {
    throw new CliError(`--to ${to}: give s3://bucket/prefix, file:///folder or a folder path`);
  }
  return folderTarget(to.startsWith('file://') ? fileURLToPath(to) : userPath(to));
}

/** @param {...string} parts */
export function joinKey(...parts) {
  return parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/');
}

/**
 * A folder: each file is written under a temporary name beside its place and renamed into it, so a
 * web server never serves half a file.
 * @param {string} root
 * @returns {Target}
 */
export function folderTarget(root) {
  const fileOf = (/** @type {string} */ key) => path.join(root, ...key.split('/'));
  return {
    description: `folder ${root}`,
    prefix: '',
    defaultPublicUrl: null,
    where: (key) => fileOf(key),
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if (/** @type {{ code?: string }} */ (err).code === 'ENOENT') return null;
        throw err;
      }
    },
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw new CliError(`could not write ${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

/**
 * The S3 client's settings from the same variables as the server's attachment storage
 * (server/src/modules/attachments/config.ts); the bucket and prefix come from the s3:// URL.
 * @param {NodeJS.ProcessEnv} env
 */
export function s3SettingsOf(env) {
  const empty = (/** @type {string | undefined} */ v) => (v === '' ? undefined : v);
  const endpoint = empty(env.S3_ENDPOINT);
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new CliError(`S3_ENDPOINT=${endpoint}: give an http:// or https:// URL`);
  const accessKeyId = empty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = empty(env.S3_SECRET_ACCESS_KEY);
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new CliError('set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)');
  const forcePathStyle = empty(env.S3_FORCE_PATH_STYLE);
  if (forcePathStyle !== undefined && !['true', 'false', '1', '0', 'yes', 'no'].includes(forcePathStyle)) {
    throw new CliError(`S3_FORCE_PATH_STYLE=${forcePathStyle}: give true or false`);
  }
  return {
    endpoint: endpoint ? endpoint.replace(/\/+$/, '') : null,
    region: empty(env.S3_REGION) ?? 'us-east-1',
    forcePathStyle: ['true', '1', 'yes'].includes(forcePathStyle ?? 'false'),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
  };
}

/**
 * @param {string} to s3://bucket[/prefix]
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<Target>}
 */
async function s3Target(to, env) {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(to);
  if (!match || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(match[1])) throw new CliError(`--to ${to}: give s3://<bucket>/<prefix> with a valid bucket name`);
  const bucket = match[1];
  const prefix = joinKey(match[2]);
  const settings = s3SettingsOf(env);
  const { S3Client, GetObjectCommand, PutObjectCommand, S3ServiceException } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // as the server's client: checksums only where S3 requires them, which every S3-compatible store takes
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  /** @param {unknown} err */
  const explain = (err) => {
    if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'}): ${err.message}`;
    const cause = err instanceof Error ? /** @type {{ code?: string } | undefined} */ (err.cause) : undefined;
    return `${err instanceof Error ? err.message : String(err)}${cause?.code ? ` (${cause.code})` : ''}`;
  };
  let defaultPublicUrl = `https://${bucket}.s3.${settings.region}.amazonaws.com`;
  if (settings.endpoint) {
    const endpoint = new URL(settings.endpoint);
    defaultPublicUrl = settings.forcePathStyle ? `${settings.endpoint}/${bucket}` : `${endpoint.protocol}//${bucket}.${endpoint.host}`;
  }
  return {
    description: `s3://${joinKey(bucket, prefix)}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`,
    prefix,
    defaultPublicUrl,
    where: (key) => `s3://${bucket}/${key}`,
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)) return null;
        throw new CliError(`could not read s3://${bucket}/${key}: ${explain(err)}`);
      }
    },
    async put(key, bytes, { contentType, cacheControl }) {
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: contentType, CacheControl: cacheControl }));
      } catch (err) {
        throw new CliError(`could not upload s3://${bucket}/${key}: ${explain(err)}`);
      }
    },
  };
}

/**
 * Runs work for every item, a few at once.
 * @template T
 * @param {T[]} items
 * @param {number} concurrency
 * @param {(item: T) => Promise<void>} work
 */
async function eachConcurrently(items, concurrency, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * Uploads a dist under `<prefix>/<remote>/<version>/`: every file but the manifest (a few at once),
 * then the manifest. A version's files never change (browsers and CDNs keep them for a year), so
 * when the version's manifest is at the target already (a deploy run again, e.g. after a conflict)
 * every file there is compared first, and a version uploaded from other files is refused before
 * anything is written. The same files again are written again, harmlessly.
 * @param {import('./dist.mjs').Dist} dist
 * @param {Target} target
 * @param {string} remoteId
 * @param {string} version
 * @param {{ concurrency?: number }} [options]
 * @returns {Promise<{ base: string, alreadyThere: boolean }>} base: the version's key prefix
 */
export async function uploadVersion(dist, target, remoteId, version, { concurrency = 8 } = {}) {
  const base = joinKey(target.prefix, remoteId, version);
  const alreadyThere = (await target.get(`${base}/${MANIFEST}`)) !== null;
  if (alreadyThere) {
    /** @type {string[]} */
    const differing = [];
    await eachConcurrently(dist.files, concurrency, async (file) => {
      const there = await target.get(`${base}/${file.rel}`);
      if (there && !there.equals(file.bytes)) differing.push(file.rel);
    });
    if (differing.length) {
      throw new CliError(
        `version ${version} of ${remoteId} is at ${target.where(base)}/ already, from another build (${differing.sort().slice(0, 5).join(', ')}${differing.length > 5 ? ', …' : ''} differ), ` +
          "and a version's files never change (caches keep them). Give another --version, or leave --version out for one computed from the files.",
      );
    }
  }
  await eachConcurrently(
    dist.files.filter((f) => f !== dist.manifest),
    concurrency,
    (file) => target.put(`${base}/${file.rel}`, file.bytes, file),
  );
  await target.put(`${base}/${MANIFEST}`, dist.manifest.bytes, dist.manifest);
  return { base, alreadyThere };
}
