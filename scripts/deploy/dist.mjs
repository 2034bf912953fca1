// A remote's build output (its dist/ folder, tooling/webpack.cjs and tooling/prerender-webpack.cjs)
// as deploy:remote uploads it: every file with its hashes, Content-Type and Cache-Control, the
// version id, and the integrity values the portal's registry checks.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError, containerNameOf } from './common.mjs';

export const MANIFEST = 'mf-manifest.json';
/** What the portal's registry accepts as a version id. */
export const VERSION_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * @typedef {object} DistFile
 * @property {string} rel          path inside dist, with forward slashes
 * @property {Buffer} bytes
 * @property {string} sha256       hex, for the version id
 * @property {string} integrity    'sha384-<base64>', for the portal
 * @property {string} contentType
 * @property {string} cacheControl
 */

/**
 * @typedef {object} Dist
 * @property {string} dir
 * @property {DistFile[]} files    sorted by path
 * @property {number} bytes
 * @property {DistFile} manifest
 * @property {DistFile} entry      the remote entry the manifest names
 */

/**
 * A file's name carries its content hash: webpack's `[contenthash:10]` (tooling/webpack.cjs), e.g.
 * 1095.77e9aa7a0e.js, its .map, .gz and .br, assets/logo.0a1b2c3d4e.svg. Such a file never changes
 * under its name. mf-manifest.json, remoteEntry.js, main.js, routes.json, text-files.json and the
 * pre-render bundle keep their names from build to build.
 * @param {string} rel
 */
export function isContentHashed(rel) {
  return /(^|\.)[0-9a-f]{8,}\./i.test(path.posix.basename(rel));
}

/** @param {string} rel */
export function cacheControlOf(rel) {
  return isContentHashed(rel) ? IMMUTABLE : NO_CACHE;
}

/** @type {Record<string, string>} */
const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  // The build's pre-compressed copies (x.js.gz, x.js.br) are stored as the files they are: a static
  // server that serves them for x.js (nginx gzip_static/brotli_static) sets the encoding itself.
  '.gz': 'application/gzip',
  '.br': 'application/octet-stream',
};

/** @param {string} rel */
export function contentTypeOf(rel) {
  return CONTENT_TYPES[path.posix.extname(rel).toLowerCase()] ?? 'application/octet-stream';
}

/** @param {Buffer} bytes */
export function sha384(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Every file under dir, as paths relative to it with forward slashes.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * Reads a remote's dist folder and checks it is one a portal can load from any URL: its
 * mf-manifest.json names the remote's container, a remote entry that exists, and publicPath 'auto'
 * (the files are then found beside the manifest, wherever it is served).
 * @param {string} dir
 * @param {string} remoteId e.g. mf-booking
 * @returns {Promise<Dist>}
 */
export async function readDist(dir, remoteId) {
  /** @type {string[]} */
  let rels;
  try {
    rels = await listFiles(dir);
  } catch (err) {
    const code = /** @type {{ code?: string }} */ (err).code;
    if (code === 'ENOENT') throw new CliError(`no build output at ${dir}: build the remote first (drop --no-build) or give --dist <folder>`);
    throw err;
  }
  if (!rels.includes(MANIFEST)) throw new CliError(`${dir} has no ${MANIFEST}: is it a remote's build output (tooling/webpack.cjs writes one)?`);
  /** @type {DistFile[]} */
  const files = [];
  let bytes = 0;
  for (const rel of rels) {
    const content = await readFile(path.join(dir, ...rel.split('/')));
    bytes += content.length;
    files.push({
      rel,
      bytes: content,
      sha256: createHash('sha256').update(content).digest('hex'),
      integrity: sha384(content),
      contentType: contentTypeOf(rel),
      cacheControl: cacheControlOf(rel),
    });
  }
  const manifest = /** @type {DistFile} */ (files.find((f) => f.rel === MANIFEST));
  /** @type {{ name?: unknown, metaData?: { publicPath?: unknown, remoteEntry?: { name?: unknown, path?: unknown } } }} */
  let parsed;
  try {
    parsed = JSON.parse(manifest.bytes.toString('utf8'));
  } catch (err) {
    throw new CliError(`${path.join(dir, MANIFEST)} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const container = containerNameOf(remoteId);
  if (parsed.name !== container) {
    throw new CliError(`${path.join(dir, MANIFEST)} is the build of '${String(parsed.name)}', not of ${remoteId} (container ${container})`);
  }
  const publicPath = parsed.metaData?.publicPath;
  if (publicPath !== 'auto' && publicPath !== '') {
    throw new CliError(
      `${path.join(dir, MANIFEST)} has publicPath ${JSON.stringify(publicPath)}: a deployed version is served from <public-url>/<prefix>/<remote>/<version>/, ` +
        "so its files must be found beside the manifest (publicPath 'auto', as tooling/webpack.cjs sets for remotes)",
    );
  }
  const entryName = parsed.metaData?.remoteEntry?.name;
  const entryPath = parsed.metaData?.remoteEntry?.path;
  if (typeof entryName !== 'string' || !entryName) throw new CliError(`${path.join(dir, MANIFEST)} names no remote entry (metaData.remoteEntry.name)`);
  const entryRel = path.posix.join(typeof entryPath === 'string' ? entryPath : '', entryName);
  const entry = files.find((f) => f.rel === entryRel);
  if (!entry) throw new CliError(`${path.join(dir, MANIFEST)} names the remote entry ${entryRel}, which is not in ${dir}`);
  return { dir, files, bytes, manifest, entry };
}

/**
 * The files' part of a version id: the first 8 hex digits of SHA-256 over every file's path and
 * SHA-256, sorted by path. The same build output gives the same id; a changed, added, removed or
 * renamed file a different one.
 * @param {Dist} dist
 */
export function contentHashOf(dist) {
  const hash = createHash('sha256');
  for (const f of dist.files) hash.update(`${f.rel}\0${f.sha256}\n`);
  return hash.digest('hex').slice(0, 8);
}

/**
 * `<git short sha or 'nogit'>-<content hash>`.
 * @param {Dist} dist
 * @param {string | null} gitCommit the full commit id
 */
export function defaultVersionOf(dist, gitCommit) {
  return `${gitCommit ? gitCommit.slice(0, 8) : 'nogit'}-${contentHashOf(dist)}`;
}

/**
 * What the portal checks a version against before it serves it: the manifest's and the entry's
 * integrity, and every file's.
 * @param {Dist} dist
 */
export function integrityOf(dist) {
  /** @type {Record<string, string>} */
  const files = {};
  for (const f of dist.files) files[f.rel] = f.integrity;
  return { integrity: { manifest: dist.manifest.integrity, entry: dist.entry.integrity }, files };
}
