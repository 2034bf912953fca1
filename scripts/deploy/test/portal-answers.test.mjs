// What deploy:remote, rollback:remote, canary:remote and remotes make of each answer of the
// portal's remote-registry API, from a stub portal that records what it was sent.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REGISTRY, removeDir, runCli, startStubPortal, tempDir, writeFakeDist } from './helpers.mjs';

/** @type {string} */ let work;
/** @type {string} */ let dist;
before(async () => {
  work = await tempDir();
  dist = path.join(work, 'dist');
  await writeFakeDist(dist);
});
after(() => removeDir(work));

/**
 * deploy:remote of the fake dist to a folder, against a stub whose POST gets this answer.
 * @param {import('./helpers.mjs').StubAnswer} answer
 * @param {string[]} [extra]
 */
async function deployAnswered(answer, extra = []) {
  const portal = await startStubPortal((r) => (r.method === 'POST' ? answer : undefined));
  try {
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', path.join(work, 'srv'), '--public-url', 'https://static.example', '--portal', portal.url, ...extra], {
      REMOTE_DEPLOY_TOKEN: 'tok',
    });
    return { ...run, writes: portal.writes() };
  } finally {
    await portal.close();
  }
}

describe('deploy:remote and the portal’s answers', () => {
  it('201 canary: says who gets it and how to promote or abort', async () => {
    const run = await deployAnswered({ status: 201, body: { remoteId: 'mf-example', version: 'x', state: 'canary', previousVersion: 'old-1' } }, ['--canary', '10']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(/** @type {{ canaryPercent: number }} */ (run.writes[0].body).canaryPercent, 10);
    assert.match(run.stdout, /is the canary of mf-example for 10 % of visitors; old-1 stays active for the others/);
    assert.match(run.stdout, /npm run canary:remote -- promote mf-example/);
  });

  it('409: someone else deployed first, exit 2, run again', async () => {
    const run = await deployAnswered({ status: 409, body: { type: 'Conflict', message: 'the active version is new-3', activeVersion: 'new-3' } });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /someone else deployed first: the active version of mf-example is now new-3, not old-1/);
    assert.match(run.stderr, /Nothing changed\. Run the same command again/);
    assert.match(run.stderr, /The uploaded files stay at .*harmless/);
  });

  it('422: every reason printed, nothing changed, exit 1', async () => {
    const run = await deployAnswered({
      status: 422,
      body: {
        type: 'VersionRefused',
        message: 'the version was not accepted',
        reasons: [
          { code: 'integrity-mismatch', message: 'remoteEntry.js at the manifest URL does not match its integrity' },
          { code: 'shared-version', message: 'react 19.2.0 differs from the shell’s 19.3.1' },
        ],
      },
    });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /the portal refused version .* of mf-example: the version was not accepted/);
    assert.match(run.stderr, /\n {2}- integrity-mismatch: remoteEntry\.js at the manifest URL does not match its integrity/);
    assert.match(run.stderr, /\n {2}- shared-version: react 19\.2\.0 differs from the shell’s 19\.3\.1/);
    assert.match(run.stderr, /Nothing changed: old-1 stays active/);
    assert.match(run.stderr, /The uploaded files stay at/);
  });

  it('401: the token is missing or unknown, exit 1', async () => {
    const run = await deployAnswered({ status: 401, body: { type: 'Unauthorized', message: 'unknown deploy token' } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /the portal did not accept the token to deploy mf-example \(401: unknown deploy token\)/);
    assert.match(run.stderr, /REMOTE_DEPLOY_TOKEN/);
  });

  it('403: the token is for another remote, exit 1', async () => {
    const run = await deployAnswered({ status: 403, body: { type: 'Forbidden', message: 'this token deploys mf-booking' } });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /the token may not deploy mf-example \(403: this token deploys mf-booking\)\. A deploy token is issued for one remote/);
  });

  it("another remote's token (the registry read lists it only that remote): stops before uploading anything", async () => {
    const bookingOnly = { remotes: REGISTRY.remotes.filter((r) => r.remoteId === 'mf-booking') };
    const portal = await startStubPortal((r) => (r.method === 'GET' ? { status: 200, body: bookingOnly } : undefined));
    try {
      const out = path.join(work, 'never-other');
      const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', out, '--public-url', 'https://s.example', '--portal', portal.url, '--token', 'booking']);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /the portal lists no mf-example to this token \(it lists: mf-booking\).*Nothing was built or uploaded\./);
      assert.equal(existsSync(out), false);
      assert.deepEqual(portal.writes(), []);
    } finally {
      await portal.close();
    }
  });

  it('401 on the registry read: stops before uploading anything', async () => {
    const portal = await startStubPortal(() => ({ status: 401, body: { type: 'Unauthorized', message: 'no token' } }));
    try {
      const out = path.join(work, 'never');
      const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', out, '--public-url', 'https://s.example', '--portal', portal.url, '--token', 'bad']);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /did not accept the token to read the remote registry/);
      assert.equal(existsSync(out), false);
    } finally {
      await portal.close();
    }
  });

  it('the portal hangs up on the POST: exit 1, says the state is unknown', async () => {
    const run = await deployAnswered({ status: 0, hangUp: true });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /could not reach the portal at http:\/\/127\.0\.0\.1:\d+ \(POST \/api\/remote-registry\/mf-example\/versions\)/);
    assert.match(run.stderr, /may or may not be registered: see npm run remotes/);
  });

  it('no portal there: exit 1 with a clear message', async () => {
    const run = await runCli('deploy-remote.mjs', ['mf-example', '--dist', dist, '--to', path.join(work, 'srv'), '--public-url', 'https://s.example', '--portal', 'http://127.0.0.1:1', '--token', 't']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /deploy:remote: could not reach the portal at http:\/\/127\.0\.0\.1:1/);
  });
});

describe('rollback:remote', () => {
  it('sends the active version it read and --to, and says what is active now', async () => {
    const portal = await startStubPortal((r) => (r.method === 'POST' ? { status: 200, body: { remoteId: 'mf-example', activeVersion: 'older-0', canary: null, revision: 8 } } : undefined));
    try {
      const run = await runCli('rollback-remote.mjs', ['example', '--to', 'older-0', '--reason', 'broken on Safari', '--portal', portal.url], { REMOTE_DEPLOY_TOKEN: 'tok' });
      assert.equal(run.code, 0, run.stderr);
      const [post] = portal.writes();
      assert.equal(post.url, '/api/remote-registry/mf-example/rollback');
      assert.equal(post.authorization, 'Bearer tok');
      assert.deepEqual(post.body, { expectedActiveVersion: 'old-1', toVersion: 'older-0', reason: 'broken on Safari' });
      assert.match(run.stdout, /active +older-0 for every visitor \(was old-1\)/);
    } finally {
      await portal.close();
    }
  });

  it('without --to asks for the version before', async () => {
    const portal = await startStubPortal((r) => (r.method === 'POST' ? { status: 200, body: { remoteId: 'mf-example', activeVersion: 'older-0', canary: { version: 'new-2', percent: 10 }, revision: 8 } } : undefined));
    try {
      const run = await runCli('rollback-remote.mjs', ['mf-example', '--portal', portal.url, '--token', 't']);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(portal.writes()[0].body, { expectedActiveVersion: 'old-1' });
      assert.match(run.stdout, /active +older-0 for every visitor \(was old-1\)\n {2}canary +new-2 for 10 % of visitors/);
    } finally {
      await portal.close();
    }
  });

  it('404: nothing to roll back to, exit 1; 409: changed meanwhile, exit 2', async () => {
    const portal = await startStubPortal((r) => {
      if (r.method !== 'POST') return undefined;
      const to = /** @type {{ toVersion?: string }} */ (r.body).toVersion;
      return to === 'nope'
        ? { status: 404, body: { type: 'NotFound', message: 'no version nope' } }
        : { status: 409, body: { type: 'Conflict', message: 'the active version is new-3', activeVersion: 'new-3' } };
    });
    try {
      const missing = await runCli('rollback-remote.mjs', ['mf-example', '--to', 'nope', '--portal', portal.url, '--token', 't']);
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /no version nope of mf-example to roll back to \(404: no version nope\)\. Nothing changed/);
      const conflict = await runCli('rollback-remote.mjs', ['mf-example', '--to', 'older-0', '--portal', portal.url, '--token', 't']);
      assert.equal(conflict.code, 2);
      assert.match(conflict.stderr, /it is now new-3, not old-1/);
    } finally {
      await portal.close();
    }
  });

  it('a remote the portal does not have: exit 1 before any change', async () => {
    const portal = await startStubPortal(() => undefined);
    try {
      const run = await runCli('rollback-remote.mjs', ['mf-nothing', '--portal', portal.url, '--token', 't']);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /has no remote mf-nothing/);
      assert.equal(portal.writes().length, 0);
    } finally {
      await portal.close();
    }
  });
});

describe('canary:remote', () => {
  it('promote and abort POST to the canary routes with the reason', async () => {
    const portal = await startStubPortal((r) => {
      if (r.url.endsWith('/canary/promote')) return { status: 200, body: { remoteId: 'mf-example', activeVersion: 'new-2', canary: null, revision: 8 } };
      if (r.url.endsWith('/canary/abort')) return { status: 200, body: { remoteId: 'mf-example', activeVersion: 'old-1', canary: null, revision: 8 } };
      return undefined;
    });
    try {
      const promote = await runCli('canary-remote.mjs', ['promote', 'mf-example', '--reason', 'error rate fine', '--portal', portal.url, '--token', 't']);
      assert.equal(promote.code, 0, promote.stderr);
      assert.match(promote.stdout, /active +new-2 for every visitor \(was old-1\)/);
      const abort = await runCli('canary-remote.mjs', ['abort', 'example', '--portal', portal.url, '--token', 't']);
      assert.equal(abort.code, 0, abort.stderr);
      assert.match(abort.stdout, /canary +new-2 ended: every visitor gets the active version old-1/);
      assert.deepEqual(
        portal.writes().map((w) => [w.url, w.body, w.authorization]),
        [
          ['/api/remote-registry/mf-example/canary/promote', { reason: 'error rate fine' }, 'Bearer t'],
          ['/api/remote-registry/mf-example/canary/abort', {}, 'Bearer t'],
        ],
      );
    } finally {
      await portal.close();
    }
  });

  it('404 no canary: exit 1; 409: exit 2; a wrong action: usage', async () => {
    const portal = await startStubPortal((r) => {
      if (r.method === 'GET') return undefined;
      return r.url.endsWith('/promote')
        ? { status: 404, body: { type: 'NotFound', message: 'no remote mf-example' } }
        : { status: 409, body: { type: 'Conflict', message: 'mf-example has no canary', activeVersion: 'old-1' } };
    });
    try {
      const none = await runCli('canary-remote.mjs', ['promote', 'mf-example', '--portal', portal.url, '--token', 't']);
      assert.equal(none.code, 1);
      assert.match(none.stderr, /mf-example has no canary to promote \(404: no remote mf-example\)/);
      const changed = await runCli('canary-remote.mjs', ['abort', 'mf-example', '--portal', portal.url, '--token', 't']);
      assert.equal(changed.code, 2);
      assert.match(changed.stderr, /did not abort the canary of mf-example \(409: mf-example has no canary\)/);
      const wrong = await runCli('canary-remote.mjs', ['publish', 'mf-example', '--portal', portal.url, '--token', 't']);
      assert.equal(wrong.code, 1);
      assert.match(wrong.stderr, /say promote or abort first \(got publish\)/);
    } finally {
      await portal.close();
    }
  });
});

describe('remotes', () => {
  it('lists each remote: active version, who and when, canary, earlier versions, origin', async () => {
    const portal = await startStubPortal(() => undefined);
    try {
      const run = await runCli('list-remotes.mjs', [], { PORTAL_URL: portal.url, REMOTE_DEPLOY_TOKEN: 'tok' });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(portal.received[0].authorization, 'Bearer tok');
      const lines = run.stdout.split('\n');
      const heading = lines.find((l) => l.startsWith('REMOTE'));
      assert.ok(heading);
      assert.match(heading, /^REMOTE +ACTIVE +DEPLOYED +CANARY +EARLIER +SERVED FROM$/);
      assert.match(run.stdout, /mf-example +old-1 +team-example, 2026-05-04 09:30 UTC +new-2 \(10 %; 3 errors in 600 served\) +2 +https:\/\/static\.example/);
      assert.match(run.stdout, /mf-booking +builtin-abc +server, 2026-05-01 00:00 UTC +- +0 +the portal itself/);

      const json = await runCli('list-remotes.mjs', ['--json', '--portal', portal.url]);
      assert.deepEqual(JSON.parse(json.stdout), REGISTRY);
    } finally {
      await portal.close();
    }
  });

  it('reads the { id, active: { version, … } } shape too', async () => {
    const portal = await startStubPortal(() => ({
      status: 200,
      body: {
        remotes: [
          {
            id: 'mf-example',
            active: { version: 'old-1', manifestUrl: 'https://cdn.example/mf-example/old-1/mf-manifest.json', deployedBy: 'ci', deployedAt: '2026-05-04T09:30:00.000Z' },
            canary: { version: 'new-2', percent: 25 },
            versions: ['new-2', 'old-1', 'older-0'],
          },
        ],
      },
    }));
    try {
      const run = await runCli('list-remotes.mjs', ['--portal', portal.url]);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /mf-example +old-1 +ci, 2026-05-04 09:30 UTC +new-2 \(25 %\) +1 +https:\/\/cdn\.example/);
    } finally {
      await portal.close();
    }
  });

  it('--help prints the usage and exits 0', async () => {
    for (const file of ['deploy-remote.mjs', 'rollback-remote.mjs', 'canary-remote.mjs', 'list-remotes.mjs']) {
      const run = await runCli(file, ['--help']);
      assert.equal(run.code, 0, file);
      assert.match(run.stdout, /^usage: npm run /, file);
    }
  });

  it('an unknown option: the usage, exit 1', async () => {
    const run = await runCli('list-remotes.mjs', ['--portl', 'http://x']);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /Unknown option '--portl'/);
  });
});
