#!/usr/bin/env node
// `npm run deploy:remote -- <remote> --to <target> …`: builds one remote, uploads its files under
// `<prefix>/<remote>/<version>/` and registers the version with the portal, which then serves it
// (or, with --canary, serves it to that share of visitors). docs/deploying-a-remote.md tells the whole loop.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  CliError,
  EXIT,
  ROOT,
  callPortal,
  formatBytes,
  formatSeconds,
  line,
  messageOf,
  parseCommandLine,
  portalUrlOf,
  readRegistry,
  remoteIdOf,
  remotePath,
  requireToken,
  runCommand,
  tokenOf,
  unexpectedAnswer,
  userPath,
} from './common.mjs';
import { MANIFEST, VERSION_PATTERN, defaultVersionOf, integrityOf, readDist } from './dist.mjs';
import { targetOf, uploadVersion } from './targets.mjs';

const USAGE = `usage: npm run deploy:remote -- <remote> --to <target> [options]
  e.g. npm run deploy:remote -- mf-booking --to s3://portal-static/remotes --public-url https://static.example --portal https://portal.example

Builds the remote, uploads every file of its dist/ under <prefix>/<remote>/<version>/ (the manifest
last) and registers the version with the portal.

  <remote>              mf-booking or booking
  --to <target>         s3://<bucket>/<prefix>   an S3-compatible bucket: S3_ENDPOINT, S3_REGION (us-east-1),
                                                 S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE
                        file:///srv/remotes or ./folder   a folder that a static web server serves
  --public-url <URL>    where the target's root is served (the folder's, the bucket's); needed for a
                        folder, default for a bucket: its S3 URL
  --portal <URL>        the portal (default: PORTAL_URL, else http://localhost:8080)
  --token <token>       the remote's deploy token (default: REMOTE_DEPLOY_TOKEN)
  --canary <1-99>       serve the version to this percentage of visitors only; then
                        npm run canary:remote -- promote|abort <remote>
  --reason <text>       recorded with the version in the registry
  --no-build            upload the remote's existing dist/ without building
  --dist <folder>       upload this build output instead of <remote>/dist (implies --no-build)
  --version <id>        the version id (default: <git commit, 8 digits>-<hash of the files, 8 digits>);
                        letters, digits, '.', '_', '-', at most 64
  -h, --help            this text

Exit codes: 0 registered; 1 failed, nothing changed in the portal; 2 the remote's active version
changed since this command read it (someone else deployed first): nothing changed, run it again.`;

const OPTIONS = /** @type {const} */ ({
  to: { type: 'string' },
  'public-url': { type: 'string' },
  portal: { type: 'string' },
  token: { type: 'string' },
  canary: { type: 'string' },
  reason: { type: 'string' },
  'no-build': { type: 'boolean' },
  dist: { type: 'string' },
  version: { type: 'string' },
});

/** @param {string[]} args */
function git(args) {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * Builds the remote with its own build script (the browser build, then the pre-render build).
 * @param {string} remoteId
 */
async function build(remoteId) {
  const dir = path.join(ROOT, remoteId);
  if (!existsSync(path.join(dir, 'package.json'))) {
    const remotes = readdirSync(ROOT).filter((d) => d.startsWith('mf-') && existsSync(path.join(ROOT, d, 'package.json')));
    throw new CliError(`there is no remote ${remoteId} in this repository (there are ${remotes.join(', ')}); to upload a build made elsewhere give --dist <folder>`);
  }
  const pkg = /** @type {{ name: string }} */ (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
  console.log(`Building ${remoteId} (${pkg.name}: webpack production build and pre-render build)…`);
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn('bash', [path.join(ROOT, 'scripts', 'pnpm.sh'), '--filter', pkg.name, 'run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    child.on('error', () => resolve(-1));
    child.on('exit', (code) => resolve(code ?? -1));
  });
  if (status !== 0) throw new CliError(`the build of ${remoteId} failed (exit ${status}); nothing was uploaded`);
  return Date.now() - started;
}

/**
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
function canaryOf(value) {
  if (value === undefined) return undefined;
  if (!/^\d{1,2}$/.test(value) || Number(value) < 1 || Number(value) > 99) throw new CliError(`--canary ${value}: give a whole percentage from 1 to 99`);
  return Number(value);
}

/**
 * @param {string | undefined} value
 * @param {string | null} fallback
 */
function publicUrlOf(value, fallback) {
  const raw = value ?? fallback;
  if (!raw) throw new CliError('say where the folder is served: --public-url <URL>, e.g. --public-url https://static.example');
  /** @type {URL} */
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`--public-url ${raw} is not a URL: give an absolute http:// or https:// URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--public-url ${raw}: give an http:// or https:// URL`);
  if (url.search || url.hash) throw new CliError(`--public-url ${raw}: give it without ?query or #fragment`);
  return url.href.replace(/\/+$/, '');
}

async function main() {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), OPTIONS, USAGE);
  if (positionals.length > 1) throw new CliError(`one remote at a time (got ${positionals.join(', ')})\n\n${USAGE}`);
  const remoteId = remoteIdOf(positionals[0]);
  const portal = portalUrlOf(values.portal);
  const token = requireToken(tokenOf(values.token));
  const canaryPercent = canaryOf(values.canary);
  if (values.version !== undefined && (!VERSION_PATTERN.test(values.version) || !/^[A-Za-z0-9]/.test(values.version) || values.version.startsWith('builtin-'))) {
    throw new CliError(`--version ${values.version}: letters, digits, '.', '_' and '-', 1 to 64 of them, starting with a letter or a digit, not 'builtin-…' (the portal's own builds)`);
  }
  const target = await targetOf(values.to);
  const publicUrl = publicUrlOf(values['public-url'], target.defaultPublicUrl);

  // The active version before anything is built: the portal registers ours only on top of it.
  const { remotes } = await readRegistry(portal, token);
  const before = remotes.find((r) => r.id === remoteId);
  // The portal lists to a token only the remotes it may deploy: stop before building and uploading.
  if (!before) {
    const listed = remotes.map((r) => r.id).join(', ') || 'none';
    throw new CliError(
      `the portal lists no ${remoteId} to this token (it lists: ${listed}): the token is another remote's, or the portal has no such remote. ` +
        'A deploy token is issued for one remote: use the token of this remote, or ask an operator for one. Nothing was built or uploaded.',
    );
  }
  const expectedActiveVersion = before.activeVersion ?? null;

  console.log(`deploy:remote ${remoteId} → ${portal}`);
  const distDir = values.dist ? userPath(values.dist) : path.join(ROOT, remoteId, 'dist');
  let built = `none: ${distDir.startsWith(ROOT + path.sep) ? path.relative(ROOT, distDir) : distDir} as it is (${values.dist ? '--dist' : '--no-build'})`;
  if (!values.dist && !values['no-build']) built = `${remoteId}/dist in ${formatSeconds(await build(remoteId))} (production and pre-render builds)`;
  const dist = await readDist(distDir, remoteId);
  const gitCommit = git(['rev-parse', 'HEAD']);
  const version = values.version ?? defaultVersionOf(dist, gitCommit);
  const dirty = gitCommit && !values.dist ? git(['status', '--porcelain', '--', remoteId]) : null;

  console.log('');
  line('build', built);
  line('version', `${version}${gitCommit ? ` (commit ${gitCommit.slice(0, 12)}${dirty ? `, with uncommitted changes in ${remoteId}/` : ''})` : ' (not in a git repository)'}`);

  const started = Date.now();
  const { base, alreadyThere } = await uploadVersion(dist, target, remoteId, version);
  const manifestUrl = `${publicUrl}/${base}/${MANIFEST}`;
  line(
    'uploaded',
    `${dist.files.length} files, ${formatBytes(dist.bytes)} to ${target.where(base)}/ in ${formatSeconds(Date.now() - started)}, ${MANIFEST} last` +
      (alreadyThere ? ' (the same files were there already)' : ''),
  );
  line('served at', manifestUrl);

  const { integrity, files } = integrityOf(dist);
  /** @type {Record<string, unknown>} */
  const body = { version, manifestUrl, integrity, files, expectedActiveVersion };
  if (gitCommit) body.gitCommit = gitCommit;
  if (canaryPercent !== undefined) body.canaryPercent = canaryPercent;
  if (values.reason) body.reason = values.reason;
  const filesStay = `The uploaded files stay at ${target.where(base)}/: nothing points to them, and a version's folder never changes, so they are harmless.`;
  /** @type {import('./common.mjs').PortalAnswer} */
  let answer;
  try {
    answer = await callPortal({ portal, token, method: 'POST', path: remotePath(remoteId, '/versions'), body, timeoutMs: 120_000 });
  } catch (err) {
    if (err instanceof CliError) {
      throw new CliError(`${err.message}\nThe version may or may not be registered: see npm run remotes -- --portal ${portal}. ${filesStay}`);
    }
    throw err;
  }

  if (answer.status === 201) {
    const state = answer.body.state;
    const previous = typeof answer.body.previousVersion === 'string' ? answer.body.previousVersion : null;
    if (state === 'canary') {
      const percent = typeof answer.body.canaryPercent === 'number' ? answer.body.canaryPercent : canaryPercent;
      line('portal', `${version} is the canary of ${remoteId}${percent ? ` for ${percent} % of visitors` : ''}; ${previous ? `${previous} stays active for the others` : 'the others keep the active version'}`);
      console.log(`\nNext: npm run canary:remote -- promote ${remoteId}   (every visitor)\n      npm run canary:remote -- abort ${remoteId}     (nobody)`);
    } else {
      line('portal', `${version} is the active version of ${remoteId} for every visitor${previous ? ` (was ${previous})` : ''}`);
      if (previous) console.log(`\nBack to ${previous}: npm run rollback:remote -- ${remoteId}`);
    }
    return;
  }
  if (answer.status === 409) {
    const now = typeof answer.body.activeVersion === 'string' ? answer.body.activeVersion : null;
    throw new CliError(
      `someone else deployed first: the active version of ${remoteId} is now ${now ?? 'none'}, not ${expectedActiveVersion ?? 'none'} as it was when this deploy began ` +
        `(${messageOf(answer)}). Nothing changed. Run the same command again to deploy on top of ${now ?? 'it'}. ${filesStay}`,
      EXIT.conflict,
    );
  }
  if (answer.status === 422) {
    const reasons = Array.isArray(answer.body.reasons) ? answer.body.reasons : [];
    const listed = reasons.map((r) => {
      const reason = /** @type {{ code?: unknown, message?: unknown }} */ (r ?? {});
      return `\n  - ${String(reason.code ?? 'refused')}: ${String(reason.message ?? '')}`;
    });
    throw new CliError(
      `the portal refused version ${version} of ${remoteId}: ${messageOf(answer)}${listed.join('')}\n` +
        `Nothing changed: ${expectedActiveVersion ?? 'the built-in version'} stays active. ${filesStay}`,
    );
  }
  const error = unexpectedAnswer(answer, `deploy ${remoteId}`);
  throw new CliError(`${error.message}\nNothing changed. ${filesStay}`);
}

runCommand('deploy:remote', main);
