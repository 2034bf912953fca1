// For the deploy commands' tests: a small fake build output, a stub portal answering like the
// remote-registry API (server/src/modules/remote-registry/) and recording what it received, and
// running a command as a user would, in its own process.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = path.resolve(DEPLOY_DIR, '..', '..');

/** @param {string} [prefix] */
export async function tempDir(prefix = 'deploy-test-') {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** @param {string} dir */
export async function removeDir(dir) {
  await rm(dir, { recursive: true, force: true });
}

/** @param {Buffer | string} bytes */
export function sha384(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * A remote's build output in the shape tooling/webpack.cjs writes, a few files of it: the manifest,
 * the entry, hashed chunks with their source map and a pre-compressed copy (random bytes), an asset,
 * routes.json, text-files.json and the pre-render bundle.
 * @param {string} dir
 * @param {{ remote?: string, publicPath?: string, chunk?: string }} [options]
 * @returns {Promise<Record<string, Buffer>>} every file by its path in dir
 */
export async function writeFakeDist(dir, { remote = 'mf-example', publicPath = 'auto', chunk = 'export const app = 1;' } = {}) {
  const name = remote.replace(/-/g, '_');
  const short = remote.replace(/^mf-/, '');
  const manifest = {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '0.1.0', buildName: `@portal/${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '2.9.2',
      publicPath,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: `${name}:app`,
        name: 'app',
        path: './app',
        assets: { js: { sync: ['812.0a1b2c3d4e.js'], async: [] }, css: { sync: ['812.5f6a7b8c9d.css'], async: [] } },
      },
    ],
  };
  /** @type {Record<string, Buffer>} */
  const files = {
    'mf-manifest.json': Buffer.from(JSON.stringify(manifest, null, 2)),
    'remoteEntry.js': Buffer.from(`var ${name};(()=>{/* the container */})();\n`),
    'main.js': Buffer.from('(()=>{})();\n'),
    '812.0a1b2c3d4e.js': Buffer.from(chunk),
    '812.0a1b2c3d4e.js.map': Buffer.from('{"version":3,"sources":[],"mappings":""}'),
    '812.0a1b2c3d4e.js.br': randomBytes(300),
    '812.5f6a7b8c9d.css': Buffer.from(`.${remote}-title-abc12{color:#123}`),
    'assets/logo.00aa11bb22.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    'routes.json': Buffer.from(JSON.stringify([{ id: `${short}.home`, paths: { fi: short, sv: short, en: short }, kind: 'private' }])),
    'text-files.json': Buffer.from(JSON.stringify({ packages: { [remote]: { fi: ['9.1234567890.js'] } } })),
    'prerender/index.cjs': Buffer.from('module.exports = {};\n'),
  };
  for (const [rel, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), bytes);
  }
  return files;
}

/**
 * @typedef {object} Received
 * @property {string} method
 * @property {string} url
 * @property {string | undefined} authorization
 * @property {unknown} body
 */

/**
 * @typedef {object} StubAnswer
 * @property {number} status
 * @property {unknown} [body]
 * @property {boolean} [hangUp]   close the connection without an answer
 */

/**
 * A stub portal: `answer(method, path, body)` decides each answer; every request is recorded.
 * Its registry read (GET /api/remote-registry) has mf-example active at old-1 unless answer says otherwise.
 * @param {(request: Received) => StubAnswer | undefined} answer
 */
export async function startStubPortal(answer) {
  /** @type {Received[]} */
  const received = [];
  const server = createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      /** @type {Received} */
      const request = { method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: text ? JSON.parse(text) : undefined };
      received.push(request);
      const reply = answer(request) ?? defaultAnswer(request);
      if (reply.hangUp) {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    /** the requests other than the registry read */
    writes: () => received.filter((r) => r.method !== 'GET'),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** GET /api/remote-registry as the portal answers it (shared-api/src/schemas/remote-registry.ts). */
export const REGISTRY = {
  remotes: [
    {
      remoteId: 'mf-example',
      activeVersion: 'old-1',
      canary: { version: 'new-2', percent: 10 },
      revision: 7,
      counts: { active: { served: 5400, clientErrors: 2 }, canary: { served: 600, clientErrors: 3 } },
      versions: [
        { version: 'new-2', manifestUrl: 'https://static.example/remotes/mf-example/new-2/mf-manifest.json', gitCommit: '89abcdef', deployedBy: 'team-example', deployedAt: '2026-05-05T12:00:00.000Z' },
        {
          version: 'old-1',
          manifestUrl: 'https://static.example/remotes/mf-example/old-1/mf-manifest.json',
          gitCommit: '0123456789abcdef0123456789abcdef01234567',
          deployedBy: 'team-example',
          deployedAt: '2026-05-04T09:30:00.000Z',
        },
        { version: 'older-0', manifestUrl: 'https://static.example/remotes/mf-example/older-0/mf-manifest.json', gitCommit: null, deployedBy: 'team-example', deployedAt: '2026-05-01T09:30:00.000Z' },
        { version: 'oldest', manifestUrl: 'https://static.example/remotes/mf-example/oldest/mf-manifest.json', gitCommit: null, deployedBy: 'team-example', deployedAt: '2026-04-01T09:30:00.000Z' },
      ],
    },
    {
      remoteId: 'mf-booking',
      activeVersion: 'builtin-abc',
      canary: null,
      revision: 1,
      counts: { active: null, canary: null },
      versions: [{ version: 'builtin-abc', manifestUrl: '/remotes/mf-booking/mf-manifest.json', gitCommit: null, deployedBy: 'server', deployedAt: '2026-05-01T00:00:00.000Z' }],
    },
  ],
};

/**
 * @param {Received} request
 * @returns {StubAnswer}
 */
function defaultAnswer(request) {
  if (request.method === 'GET' && request.url === '/api/remote-registry') return { status: 200, body: REGISTRY };
  return { status: 404, body: { type: 'NotFound', message: `no route ${request.method} ${request.url}` } };
}

/**
 * Runs one of the commands (scripts/deploy/<file>) in a process of its own, without the caller's
 * PORTAL_URL, REMOTE_DEPLOY_TOKEN and S3_* variables unless env gives them.
 * @param {string} file e.g. 'deploy-remote.mjs'
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
export function runCli(file, args, env = {}) {
  /** @type {Record<string, string>} */
  const base = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !/^(S3_|PORTAL_URL$|REMOTE_DEPLOY_TOKEN$|INIT_CWD$)/.test(k)) base[k] = v;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(DEPLOY_DIR, file), ...args], { env: { ...base, ...env }, cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
