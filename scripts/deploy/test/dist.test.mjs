// How deploy:remote reads a build output: which files are content-hashed (cached for a year), their
// Content-Type, the version id, and the build outputs it refuses.
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CliError } from '../common.mjs';
import { IMMUTABLE, NO_CACHE, VERSION_PATTERN, cacheControlOf, contentTypeOf, defaultVersionOf, integrityOf, readDist } from '../dist.mjs';
import { removeDir, sha384, tempDir, writeFakeDist } from './helpers.mjs';

describe('a build output', () => {
  /** @type {string} */ let work;
  before(async () => {
    work = await tempDir();
  });
  after(() => removeDir(work));

  it('caches content-hashed files for a year and revalidates the others', () => {
    for (const rel of ['1095.77e9aa7a0e.js', '1095.77e9aa7a0e.js.map', '1095.77e9aa7a0e.js.br', '1095.0db58c20ca.css.gz', '3262.605b0c7833.js.LICENSE.txt', 'assets/logo.0a1b2c3d4e.svg']) {
      assert.equal(cacheControlOf(rel), IMMUTABLE, rel);
    }
    for (const rel of ['mf-manifest.json', 'mf-manifest.json.gz', 'remoteEntry.js', 'remoteEntry.js.map', 'main.js', 'routes.json', 'text-files.json', 'mf-stats.json', 'prerender/index.cjs', '1095.js']) {
      assert.equal(cacheControlOf(rel), NO_CACHE, rel);
    }
  });

  it('gives each file its Content-Type', () => {
    assert.equal(contentTypeOf('remoteEntry.js'), 'text/javascript; charset=utf-8');
    assert.equal(contentTypeOf('a.0a1b2c3d4e.css'), 'text/css; charset=utf-8');
    assert.equal(contentTypeOf('mf-manifest.json'), 'application/json; charset=utf-8');
    assert.equal(contentTypeOf('a.js.map'), 'application/json; charset=utf-8');
    assert.equal(contentTypeOf('assets/x.svg'), 'image/svg+xml');
    assert.equal(contentTypeOf('assets/x.woff2'), 'font/woff2');
    assert.equal(contentTypeOf('a.js.gz'), 'application/gzip');
    assert.equal(contentTypeOf('unknown.bin'), 'application/octet-stream');
  });

  it('has a version id from the commit and the files, the same for the same files', async () => {
    const dir = path.join(work, 'same');
    const files = await writeFakeDist(dir);
    const dist = await readDist(dir, 'mf-example');
    const commit = '0123456789abcdef0123456789abcdef01234567';
    const version = defaultVersionOf(dist, commit);
    assert.match(version, /^01234567-[0-9a-f]{8}$/);
    assert.match(version, VERSION_PATTERN);
    assert.equal(defaultVersionOf(await readDist(dir, 'mf-example'), commit), version);
    assert.match(defaultVersionOf(dist, null), /^nogit-[0-9a-f]{8}$/);
    await writeFile(path.join(dir, 'routes.json'), '[]');
    assert.notEqual(defaultVersionOf(await readDist(dir, 'mf-example'), commit), version, 'an unhashed file changed');
    const { integrity } = integrityOf(dist);
    assert.deepEqual(integrity, { manifest: sha384(files['mf-manifest.json']), entry: sha384(files['remoteEntry.js']) });
  });

  it('is refused without a manifest, with a missing entry, or missing altogether', async () => {
    const dir = path.join(work, 'broken');
    await writeFakeDist(dir);
    await rm(path.join(dir, 'remoteEntry.js'));
    await assert.rejects(readDist(dir, 'mf-example'), (err) => err instanceof CliError && /names the remote entry remoteEntry\.js, which is not in/.test(err.message));
    await rm(path.join(dir, 'mf-manifest.json'));
    await assert.rejects(readDist(dir, 'mf-example'), /has no mf-manifest\.json/);
    await assert.rejects(readDist(path.join(work, 'none'), 'mf-example'), /no build output at .*drop --no-build/);
  });
});
