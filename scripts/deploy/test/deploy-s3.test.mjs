// deploy:remote to an S3-compatible bucket: a real S3 server (s3rver, on 127.0.0.1, its files in a
// temporary folder) and the real SDK, as an operator's MinIO, Ceph or AWS would be used.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { IMMUTABLE, NO_CACHE } from '../dist.mjs';
import { removeDir, runCli, startStubPortal, tempDir, writeFakeDist } from './helpers.mjs';

const BUCKET = 'portal-static';

/**
 * The part of s3rver (a CommonJS package without types) this test uses.
 * @typedef {{ run(): Promise<import('node:net').AddressInfo>, close(): Promise<void> }} S3Server
 * @type {new (options: { address: string, port: number, silent: boolean, directory: string, configureBuckets: Array<{ name: string, configs: string[] }> }) => S3Server}
 */
const S3rver = createRequire(import.meta.url)('s3rver');

describe('deploy:remote to an S3-compatible bucket', () => {
  /** @type {string} */ let work;
  /** @type {Record<string, Buffer>} */ let files;
  /** @type {S3Server} */ let s3;
  /** @type {string} */ let endpoint;
  /** @type {S3Client} */ let client;
  /** @type {Awaited<ReturnType<typeof startStubPortal>>} */ let portal;

  before(async () => {
    work = await tempDir();
    files = await writeFakeDist(path.join(work, 'dist'));
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] });
    const address = await s3.run();
    endpoint = `http://127.0.0.1:${address.port}`;
    // s3rver's fixed credentials
    client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    portal = await startStubPortal((r) =>
      r.method === 'POST' ? { status: 201, body: { remoteId: 'mf-example', version: /** @type {{ version: string }} */ (r.body).version, state: 'active', previousVersion: 'old-1' } } : undefined,
    );
  });
  after(async () => {
    client.destroy();
    await portal.close();
    await s3.close();
    await removeDir(work);
  });

  it('puts every object under <prefix>/<remote>/<version>/ with its Content-Type and Cache-Control', async () => {
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', path.join(work, 'dist'), '--to', `s3://${BUCKET}/remotes`, '--portal', portal.url, '--token', 't'], {
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    assert.equal(run.code, 0, run.stderr);
    const body = /** @type {{ version: string, manifestUrl: string }} */ (portal.writes()[0].body);
    const base = `remotes/mf-example/${body.version}`;
    assert.match(run.stdout, new RegExp(`uploaded +11 files, .* to s3://${BUCKET}/${base}/`));

    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'remotes/' }));
    assert.deepEqual(
      (listed.Contents ?? []).map((o) => o.Key).sort(),
      Object.keys(files).map((rel) => `${base}/${rel}`).sort(),
    );
    /** @type {Record<string, [string, string]>} */
    const expected = {
      'mf-manifest.json': ['application/json; charset=utf-8', NO_CACHE],
      'remoteEntry.js': ['text/javascript; charset=utf-8', NO_CACHE],
      'main.js': ['text/javascript; charset=utf-8', NO_CACHE],
      'routes.json': ['application/json; charset=utf-8', NO_CACHE],
      'text-files.json': ['application/json; charset=utf-8', NO_CACHE],
      'prerender/index.cjs': ['text/javascript; charset=utf-8', NO_CACHE],
      '812.0a1b2c3d4e.js': ['text/javascript; charset=utf-8', IMMUTABLE],
      '812.0a1b2c3d4e.js.map': ['application/json; charset=utf-8', IMMUTABLE],
      '812.0a1b2c3d4e.js.br': ['application/octet-stream', IMMUTABLE],
      '812.5f6a7b8c9d.css': ['text/css; charset=utf-8', IMMUTABLE],
      'assets/logo.00aa11bb22.svg': ['image/svg+xml', IMMUTABLE],
    };
    assert.deepEqual(Object.keys(expected).sort(), Object.keys(files).sort());
    for (const [rel, [contentType, cacheControl]] of Object.entries(expected)) {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${base}/${rel}` }));
      assert.equal(head.ContentType, contentType, rel);
      assert.equal(head.CacheControl, cacheControl, rel);
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `${base}/${rel}` }));
      assert.deepEqual(Buffer.from(await /** @type {NonNullable<typeof object.Body>} */ (object.Body).transformToByteArray()), files[rel], rel);
    }

    // Without --public-url the files are served at the bucket's own URL: the manifest URL finds them.
    assert.equal(body.manifestUrl, `${endpoint}/${BUCKET}/${base}/mf-manifest.json`);
    const manifest = await fetch(body.manifestUrl);
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers.get('cache-control'), NO_CACHE);
    assert.deepEqual(Buffer.from(await manifest.arrayBuffer()), files['mf-manifest.json']);
    const chunk = await fetch(new URL('812.0a1b2c3d4e.js', body.manifestUrl));
    assert.equal(chunk.headers.get('cache-control'), IMMUTABLE);
  });

  it('says what the bucket answered when it refuses', async () => {
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', path.join(work, 'dist'), '--to', 's3://no-such-bucket/remotes', '--portal', portal.url, '--token', 't'], {
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /could not (read|upload) s3:\/\/no-such-bucket\/remotes\/mf-example\/.*NoSuchBucket/);
    assert.equal(portal.writes().length, 1, 'nothing more registered');
  });
});
