// What the deploy commands share (docs/deploying-a-remote.md): their command lines, the remote's
// id, and the portal's remote-registry API (server/src/modules/remote-registry/) with its answers.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Exit codes of every deploy command. */
export const EXIT = {
  ok: 0,
  /** anything failed, nothing changed in the portal */
  failed: 1,
  /** the portal's registry changed since this command read it (someone else deployed first) */
  conflict: 2,
};

/** An error that ends the command with a message for its user and an exit code. */
export class CliError extends Error {
  /**
   * @param {string} message
   * @param {number} [exitCode]
   */
  constructor(message, exitCode = EXIT.failed) {
    super(message);
    this.exitCode = exitCode;
  }
}

/**
 * Runs a command's main function: its CliError becomes `<command>: <message>` on stderr and its exit
 * code; anything else is a bug and keeps its stack trace.
 * @param {string} command e.g. 'deploy:remote'
 * @param {() => Promise<void>} main
 */
export function runCommand(command, main) {
  main().then(
    () => process.exit(EXIT.ok),
    (err) => {
      if (err instanceof CliError) {
        console.error(`${command}: ${err.message}`);
        process.exit(err.exitCode);
      }
      console.error(err);
      process.exit(EXIT.failed);
    },
  );
}

/**
 * @typedef {{ type: 'string' | 'boolean', short?: string }} OptionSpec
 */

/**
 * Parses a command line with node:util's parseArgs (`--flag value` and `--flag=value`); `--help`
 * prints the usage and ends the command. An unknown option or a missing value is a CliError.
 * @template {Record<string, OptionSpec>} T
 * @param {string[]} argv
 * @param {T} options
 * @param {string} usage
 * @returns {{ values: { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string }, positionals: string[] }}
 */
export function parseCommandLine(argv, options, usage) {
  /** @type {ReturnType<typeof parseArgs>} */
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new CliError(`${err instanceof Error ? err.message : String(err)}\n\n${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(EXIT.ok);
  }
  return /** @type {never} */ (parsed);
}

/**
 * A path the user typed, resolved against the folder they typed it in: `npm run` runs the script in
 * the repository's root and keeps the user's folder in INIT_CWD.
 * @param {string} p
 */
export function userPath(p) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

/**
 * The remote's id from `booking` or `mf-booking`: `mf-booking`, its folder and its registry id.
 * @param {string | undefined} name
 */
export function remoteIdOf(name) {
  if (!name) throw new CliError('name the remote, e.g. mf-booking (see --help)');
  const short = name.replace(/^mf-/, '').replace(/\/+$/, '');
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(short) || short.length > 30) {
    throw new CliError(`'${name}' is not a remote's name (e.g. mf-booking: lower-case words joined by hyphens)`);
  }
  return `mf-${short}`;
}

/** @param {string} id e.g. mf-booking */
export function containerNameOf(id) {
  return id.replace(/-/g, '_');
}

/**
 * The portal's base URL: --portal, else PORTAL_URL, else the local development server.
 * @param {string | undefined} value
 */
export function portalUrlOf(value) {
  const raw = value ?? process.env.PORTAL_URL ?? 'http://localhost:8080';
  /** @type {URL} */
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`--portal ${raw} is not a URL (e.g. https://portal.example)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`--portal ${raw}: give an http:// or https:// URL`);
  return url.href.replace(/\/+$/, '');
}

/**
 * The deploy token: --token, else REMOTE_DEPLOY_TOKEN.
 * @param {string | undefined} value
 * @returns {string | undefined}
 */
export function tokenOf(value) {
  return value || process.env.REMOTE_DEPLOY_TOKEN || undefined;
}

/** @param {string | undefined} token */
export function requireToken(token) {
  if (!token) {
    throw new CliError('no deploy token: pass --token <token> or set REMOTE_DEPLOY_TOKEN (an operator issues one for each remote)');
  }
  return token;
}

/**
 * @typedef {object} PortalAnswer
 * @property {number} status
 * @property {Record<string, unknown>} body the JSON answer; `{ message: <text> }` when it was not JSON
 */

/**
 * Calls the portal's API. A network failure (refused, unknown host, time-out) is a CliError saying
 * so; every HTTP answer is returned for the caller to judge.
 * @param {{ portal: string, token?: string, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs?: number }} request
 * @returns {Promise<PortalAnswer>}
 */
export async function callPortal({ portal, token, method, path: apiPath, body, timeoutMs = 30_000 }) {
  const url = `${portal}${apiPath}`;
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  /** @type {Response} */
  let response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new CliError(`could not reach the portal at ${portal} (${method} ${apiPath}): ${networkReason(err)}. Check --portal (or PORTAL_URL) and that the portal is running.`);
  }
  const text = await response.text();
  /** @type {Record<string, unknown>} */
  let parsed;
  try {
    const json = text ? JSON.parse(text) : {};
    parsed = json !== null && typeof json === 'object' && !Array.isArray(json) ? json : { value: json };
  } catch {
    parsed = { message: text.trim().slice(0, 300) || response.statusText };
  }
  return { status: response.status, body: parsed };
}

/** @param {unknown} err */
function networkReason(err) {
  if (err instanceof Error && err.name === 'TimeoutError') return 'no answer in time';
  const cause = err instanceof Error ? /** @type {{ code?: string, message?: string, errors?: Array<{ code?: string }> } | undefined} */ (err.cause) : undefined;
  const code = cause?.code ?? cause?.errors?.find((e) => e.code)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused (nothing listens there)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  if (code) return `${code}${cause?.message ? ` ${cause.message}` : ''}`;
  if (cause?.message) return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The text of an answer's `message`, or its status.
 * @param {PortalAnswer} answer
 */
export function messageOf(answer) {
  const message = answer.body.message;
  return typeof message === 'string' && message ? message : `HTTP ${answer.status}`;
}

/**
 * The CliError for an answer the command has no special meaning for: 401 and 403 say what is wrong
 * with the token, others quote the portal.
 * @param {PortalAnswer} answer
 * @param {string} doing e.g. 'deploy mf-booking'
 * @returns {CliError}
 */
export function unexpectedAnswer(answer, doing) {
  const said = messageOf(answer);
  if (answer.status === 401) {
    return new CliError(
      `the portal did not accept the token to ${doing} (401: ${said}). ` +
        'It is missing, mistyped, revoked or unknown to this portal: pass --token or set REMOTE_DEPLOY_TOKEN with a token an operator issued for this portal.',
    );
  }
  if (answer.status === 403) {
    return new CliError(
      `the token may not ${doing} (403: ${said}). A deploy token is issued for one remote: use the token of this remote, or ask an operator for one.`,
    );
  }
  return new CliError(`the portal answered ${answer.status} to ${doing}: ${said}`);
}

/**
 * @typedef {object} RegistryVersion
 * @property {string} version
 * @property {string} [manifestUrl]
 * @property {string | null} [gitCommit]
 * @property {string} [deployedBy]
 * @property {string} [deployedAt]
 */

/** @typedef {{ served: number, clientErrors: number }} Counts */

/**
 * One remote of the registry, as the commands use it.
 * @typedef {object} RegistryRemote
 * @property {string} id
 * @property {string | null} activeVersion
 * @property {RegistryVersion | null} active        the active version's details, when listed
 * @property {{ version: string, percent: number | null } | null} canary
 * @property {RegistryVersion[]} versions           newest first
 * @property {{ active: Counts | null, canary: Counts | null }} counts
 */

/** @param {unknown} v */
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** @param {unknown} v */
const stringOrNull = (v) => (typeof v === 'string' ? v : null);

/**
 * A remote of GET /api/remote-registry's answer: `{ remoteId, activeVersion, canary, counts,
 * versions: [{ version, manifestUrl, gitCommit, deployedBy, deployedAt }] }`
 * (shared-api/src/schemas/remote-registry.ts); `{ id, active: { version, … }, canary, versions }`
 * is read too.
 * @param {unknown} raw
 * @returns {RegistryRemote}
 */
function registryRemoteOf(raw) {
  const r = /** @type {Record<string, unknown>} */ (isObject(raw) ? raw : {});
  /** @type {RegistryVersion[]} */
  const versions = (Array.isArray(r.versions) ? r.versions : [])
    .map((v) => (typeof v === 'string' ? { version: v } : isObject(v) ? /** @type {RegistryVersion} */ (v) : null))
    .filter(/** @returns {v is RegistryVersion} */ (v) => v !== null && typeof v.version === 'string');
  const activeObject = isObject(r.active) ? /** @type {RegistryVersion} */ (r.active) : null;
  const activeVersion = stringOrNull(r.activeVersion) ?? stringOrNull(activeObject?.version);
  const canaryRaw = /** @type {Record<string, unknown> | null} */ (isObject(r.canary) ? r.canary : null);
  const counts = /** @type {Record<string, unknown>} */ (isObject(r.counts) ? r.counts : {});
  /** @param {unknown} c */
  const countsOf = (c) => (isObject(c) ? /** @type {Counts} */ (c) : null);
  return {
    id: String(r.remoteId ?? r.id ?? ''),
    activeVersion,
    active: activeVersion ? { ...activeObject, ...versions.find((v) => v.version === activeVersion), version: activeVersion } : null,
    canary: canaryRaw && typeof canaryRaw.version === 'string' ? { version: canaryRaw.version, percent: typeof canaryRaw.percent === 'number' ? canaryRaw.percent : null } : null,
    versions,
    counts: { active: countsOf(counts.active), canary: countsOf(counts.canary) },
  };
}

/**
 * GET /api/remote-registry: every remote with its active version and canary.
 * @param {string} portal
 * @param {string | undefined} token
 * @returns {Promise<{ remotes: RegistryRemote[], raw: Record<string, unknown> }>}
 */
export async function readRegistry(portal, token) {
  const answer = await callPortal({ portal, token, method: 'GET', path: '/api/remote-registry' });
  if (answer.status !== 200) throw unexpectedAnswer(answer, 'read the remote registry');
  const remotes = answer.body.remotes;
  if (!Array.isArray(remotes)) throw new CliError(`the portal's GET /api/remote-registry answer has no remotes list: is ${portal} the portal?`);
  return { remotes: remotes.map(registryRemoteOf), raw: answer.body };
}

/**
 * What a remote serves after a rollback, a promotion or an abort: the 200 answer's
 * `{ activeVersion, canary }` (or `{ version, previousVersion }`).
 * @param {Record<string, unknown>} body
 */
export function releaseOf(body) {
  const canary = isObject(body.canary) ? /** @type {{ version?: unknown, percent?: unknown }} */ (body.canary) : null;
  return {
    activeVersion: stringOrNull(body.activeVersion) ?? stringOrNull(body.version),
    previousVersion: stringOrNull(body.previousVersion),
    canary: canary && typeof canary.version === 'string' ? { version: canary.version, percent: typeof canary.percent === 'number' ? canary.percent : null } : null,
  };
}

/**
 * `/api/remote-registry/<id>` and the rest of the path.
 * @param {string} id
 * @param {string} rest e.g. '/versions'
 */
export function remotePath(id, rest) {
  return `/api/remote-registry/${encodeURIComponent(id)}${rest}`;
}

/** @param {number} bytes */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** @param {number} ms */
export function formatSeconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * One summary line: a label in a fixed column, then the text.
 * @param {string} label
 * @param {string} text
 */
export function line(label, text) {
  console.log(`  ${label.padEnd(10)} ${text}`);
}
