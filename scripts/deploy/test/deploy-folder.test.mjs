// deploy:remote to a folder, against a stub portal: where the files land, in which order, intact,
// and what the portal is told.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { contentHashOf, readDist } from '../dist.mjs';
import { folderTarget, uploadVersion } from '../targets.mjs';
import { REGISTRY, ROOT, removeDir, runCli, sha384, startStubPortal, tempDir, writeFakeDist } from './helpers.mjs';

/** @param {string} dir */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

describe('deploy:remote to a folder', () => {
  /** @type {string} */ let work;
  /** @type {string} */ let dist;
  /** @type {string} */ let served;
  /** @type {Record<string, Buffer>} */ let files;
  /** @type {Awaited<ReturnType<typeof startStubPortal>>} */ let portal;

  before(async () => {
    work = await tempDir();
    dist = path.join(work, 'dist');
    served = path.join(work, 'srv', 'remotes');
    files = await writeFakeDist(dist);
    portal = await startStubPortal((r) =>
      r.method === 'POST' ? { status: 201, body: { remoteId: 'mf-example', version: /** @type {{ version: string }} */ (r.body).version, state: 'active', previousVersion: 'old-1' } } : undefined,
    );
  });
  after(async () => {
    await portal.close();
    await removeDir(work);
  });

  /** @type {string} */ let version;

  it('uploads every file under <remote>/<version>/, bytes intact, and registers the version', async () => {
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', pathToFileURL(served).href, '--public-url', 'https://static.example/', '--portal', portal.url, '--reason', 'first deploy'], {
      REMOTE_DEPLOY_TOKEN: 'token-of-example',
    });
    assert.equal(run.code, 0, run.stderr);
    const [remoteDir] = await readdir(served);
    assert.equal(remoteDir, 'mf-example');
    const versions = await readdir(path.join(served, 'mf-example'));
    assert.equal(versions.length, 1);
    version = versions[0];
    assert.match(version, /^([0-9a-f]{8}|nogit)-[0-9a-f]{8}$/);
    const versionDir = path.join(served, 'mf-example', version);
    assert.deepEqual(await filesUnder(versionDir), Object.keys(files).sort(), 'every file, and no temporary file left');
    for (const [rel, bytes] of Object.entries(files)) assert.deepEqual(await readFile(path.join(versionDir, rel)), bytes, rel);

    const writes = portal.writes();
    assert.equal(writes.length, 1);
    const [post] = writes;
    assert.equal(post.url, '/api/remote-registry/mf-example/versions');
    assert.equal(post.authorization, 'Bearer token-of-example');
    const body = /** @type {{ version: string, manifestUrl: string, expectedActiveVersion: string | null, reason?: string, integrity: { manifest: string, entry: string }, files: Record<string, string>, gitCommit?: string }} */ (post.body);
    assert.equal(body.version, version);
    assert.equal(body.manifestUrl, `https://static.example/mf-example/${version}/mf-manifest.json`);
    assert.equal(body.expectedActiveVersion, 'old-1', 'the active version read from GET /api/remote-registry');
    assert.equal(body.reason, 'first deploy');
    assert.equal('canaryPercent' in body, false);
    assert.equal(body.integrity.manifest, sha384(files['mf-manifest.json']));
    assert.equal(body.integrity.entry, sha384(files['remoteEntry.js']));
    assert.deepEqual(Object.keys(body.files).sort(), Object.keys(files).sort());
    for (const [rel, bytes] of Object.entries(files)) assert.equal(body.files[rel], sha384(bytes), rel);
    assert.ok(body.gitCommit === undefined || /^[0-9a-f]{40}$/.test(body.gitCommit), 'the commit, or nothing outside git');
    if (body.gitCommit) assert.ok(version.startsWith(body.gitCommit.slice(0, 8)));

    assert.match(run.stdout, /uploaded +11 files, .* to .*mf-example\/.*mf-manifest\.json last/);
    assert.match(run.stdout, new RegExp(`${version} is the active version of mf-example for every visitor \\(was old-1\\)`));
  });

  it('gives the same build the same version id, and a changed file another', async () => {
    const again = await runCli('deploy-remote.mjs', ['example', '--dist', dist, '--to', served, '--public-url', 'https://static.example', '--portal', portal.url, '--token', 't']);
    assert.equal(again.code, 0, again.stderr);
    assert.equal(/** @type {{ version: string }} */ (portal.writes()[1].body).version, version);
    assert.match(again.stdout, /the same files were there already/);

    const changed = path.join(work, 'changed');
    await writeFakeDist(changed, { chunk: 'export const app = 2;' });
    const a = await readDist(dist, 'mf-example');
    const b = await readDist(changed, 'mf-example');
    assert.notEqual(contentHashOf(a), contentHashOf(b));
    assert.equal(contentHashOf(a), contentHashOf(await readDist(dist, 'mf-example')));
  });

  it('refuses to overwrite a version uploaded before from other files', async () => {
    const changed = path.join(work, 'changed-2');
    await writeFakeDist(changed, { chunk: 'export const app = 3;' });
    const before = portal.writes().length;
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', changed, '--to', served, '--public-url', 'https://static.example', '--portal', portal.url, '--token', 't', '--version', version]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /is at .* already, from another build \(812\.0a1b2c3d4e\.js, /);
    assert.equal(portal.writes().length, before, 'nothing registered');
    assert.deepEqual(await readFile(path.join(served, 'mf-example', version, '812.0a1b2c3d4e.js')), files['812.0a1b2c3d4e.js']);
  });

  it('writes the manifest last, each file under a temporary name first', async () => {
    const target = folderTarget(path.join(work, 'order'));
    /** @type {string[]} */
    const order = [];
    const put = target.put;
    target.put = async (key, bytes, options) => {
      await put(key, bytes, options);
      order.push(key);
      // a reader at this moment sees the whole file or none: no temporary file has the final name
      const names = await readdir(path.dirname(path.join(work, 'order', ...key.split('/'))));
      assert.ok(names.filter((n) => n.endsWith('.tmp')).every((n) => n.startsWith('.')));
    };
    await uploadVersion(await readDist(dist, 'mf-example'), target, 'mf-example', 'v1', { concurrency: 3 });
    assert.equal(order.length, Object.keys(files).length);
    assert.equal(order.at(-1), 'mf-example/v1/mf-manifest.json');
    assert.equal(existsSync(path.join(work, 'order', 'mf-example', 'v1', 'mf-manifest.json')), true);
  });

  it("refuses a build whose publicPath is not 'auto' before uploading anything", async () => {
    const fixed = path.join(work, 'fixed-public-path');
    await writeFakeDist(fixed, { publicPath: '/remotes/mf-example/' });
    const out = path.join(work, 'not-written');
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', fixed, '--to', out, '--public-url', 'https://static.example', '--portal', portal.url, '--token', 't']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /publicPath "\/remotes\/mf-example\/"/);
    assert.equal(existsSync(out), false);
  });

  it('refuses the build of another remote', async () => {
    // a portal that has mf-other, and a token that may deploy it
    const withOther = { remotes: [...REGISTRY.remotes, { ...REGISTRY.remotes[1], remoteId: 'mf-other' }] };
    const otherPortal = await startStubPortal((r) => (r.method === 'GET' ? { status: 200, body: withOther } : undefined));
    try {
      const run = await runCli('deploy-remote.mjs', ['mf-other', '--dist', dist, '--to', path.join(work, 'x'), '--public-url', 'https://static.example', '--portal', otherPortal.url, '--token', 't']);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /is the build of 'mf_example', not of mf-other/);
    } finally {
      await otherPortal.close();
    }
  });

  it('needs --public-url for a folder, and a token', async () => {
    const noUrl = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', served, '--portal', portal.url, '--token', 't']);
    assert.equal(noUrl.code, 1);
    assert.match(noUrl.stderr, /--public-url/);
    const noToken = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', served, '--public-url', 'https://s.example', '--portal', portal.url]);
    assert.equal(noToken.code, 1);
    assert.match(noToken.stderr, /no deploy token: pass --token <token> or set REMOTE_DEPLOY_TOKEN/);
  });

  it('sends --canary as canaryPercent and checks it', async () => {
    const bad = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', served, '--public-url', 'https://s.example', '--portal', portal.url, '--token', 't', '--canary', '100']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--canary 100: give a whole percentage from 1 to 99/);
  });
});

// The real build output of a remote, when one has been built (npm run build, or a remote's build):
// every file of it uploaded and described to the portal.
const realDist = path.join(ROOT, 'mf-booking', 'dist');
describe('deploy:remote --no-build with a real build of mf-booking', { skip: !existsSync(path.join(realDist, 'mf-manifest.json')) && 'mf-booking/dist is not built' }, () => {
  it('uploads and registers every file of it', async () => {
    const work = await tempDir();
    /** @type {unknown} */
    let registered;
    const portal = await startStubPortal((r) => {
      if (r.method !== 'POST') return undefined;
      registered = r.body;
      return { status: 201, body: { remoteId: 'mf-booking', version: /** @type {{ version: string }} */ (r.body).version, state: 'canary', previousVersion: 'builtin-abc' } };
    });
    try {
      const run = await runCli('deploy-remote.mjs', ['mf-booking', '--no-build', '--to', work, '--public-url', 'http://127.0.0.1:9999/static', '--portal', portal.url, '--token', 't', '--canary', '5']);
      assert.equal(run.code, 0, run.stderr);
      const body = /** @type {{ version: string, files: Record<string, string>, integrity: { entry: string }, canaryPercent: number, expectedActiveVersion: string }} */ (registered);
      assert.equal(body.canaryPercent, 5);
      assert.equal(body.expectedActiveVersion, 'builtin-abc');
      const uploaded = await filesUnder(path.join(work, 'mf-booking', body.version));
      assert.deepEqual(uploaded, await filesUnder(realDist));
      assert.deepEqual(Object.keys(body.files).sort(), uploaded);
      for (const rel of ['mf-manifest.json', 'remoteEntry.js', 'routes.json', 'text-files.json', 'prerender/index.cjs']) {
        assert.equal(body.files[rel], sha384(await readFile(path.join(realDist, rel))), rel);
      }
      assert.equal(body.integrity.entry, sha384(await readFile(path.join(realDist, 'remoteEntry.js'))));
      assert.match(run.stdout, /is the canary of mf-booking for 5 % of visitors; builtin-abc stays active for the others/);
      await writeFile(path.join(work, 'deploy-output.txt'), run.stdout);
    } finally {
      await portal.close();
      await removeDir(work);
    }
  });
});
