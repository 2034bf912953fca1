import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../src/db/index';
import { authenticateDeployToken, hashToken, listDeployTokens } from '../src/modules/remote-registry/tokens';
import { commandHarness, type CommandHarness } from './cli-harness';
import { testDriver } from './helpers';

/**
 * `npm run remote:token` (src/cli/remote-tokens.ts) on the database the server would open: PGlite
 * in DATA_DIR, or PostgreSQL (a database of this test's own on DATABASE_URL's server). No migration
 * here: the command prepares a fresh database itself (an operator makes the first tokens before the
 * server's first start).
 */

let command: CommandHarness;
const cli = (...args: string[]) => command.run(...args);
const withDatabase = <T>(work: (handle: DatabaseHandle) => Promise<T>) => command.withDatabase(work);

before(async () => {
  command = await commandHarness('remote-tokens.ts', 'remote-tokens');
});
after(async () => {
  await command.dispose();
});

describe(`remote:token on ${testDriver}`, () => {
  it('creates a token on a fresh database, shows it once, keeps only its hash; lists and revokes tokens', async () => {
    const created = await cli('create', 'mf-records', '--label', 'records team CI');
    assert.equal(created.code, 0, created.stderr);
    const token = created.stdout.trim().split('\n').at(-1) ?? '';
    // 32 random bytes, base64url, after a prefix: a token never starts with '-', which the deploy
    // commands' `--token <token>` would take for an option (seen once in CI: 1 in 64 bare tokens)
    assert.match(token, /^rdt_[A-Za-z0-9_-]{43}$/);
    const operator = await cli('create', '*', '--label', 'operations');
    assert.equal(operator.code, 0, operator.stderr);

    await withDatabase(async ({ db }) => {
      const tokens = await listDeployTokens(db);
      assert.deepEqual(
        tokens.map((t) => [t.remoteId, t.label, t.revokedAt]),
        [
          ['mf-records', 'records team CI', null],
          ['*', 'operations', null],
        ],
      );
      const found = await authenticateDeployToken(db, `Bearer ${token}`);
      assert.equal(found?.remoteId, 'mf-records');
      assert.equal(found?.label, 'records team CI');
      assert.equal(await authenticateDeployToken(db, `Bearer ${token}x`), null);
      assert.notEqual(hashToken(token), token);
    });

    const listed = await cli('list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /mf-records\s+live .*records team CI/);
    assert.ok(!listed.stdout.includes(token), 'the token is never shown again');

    const id = (await withDatabase(async ({ db }) => listDeployTokens(db)))[0]!.id;
    const revoked = await cli('revoke', String(id));
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match((await cli('list')).stdout, /mf-records\s+revoked /);
    await withDatabase(async ({ db }) => assert.equal(await authenticateDeployToken(db, `Bearer ${token}`), null));
    assert.equal((await cli('revoke', String(id))).code, 2, 'a revoked token cannot be revoked again');
  });

  it('refuses a remote the portal does not have, a missing label and an unknown command', async () => {
    const unknown = await cli('create', 'mf-nothing', '--label', 'x');
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /remote of this portal/);
    assert.equal((await cli('create', 'mf-records')).code, 2);
    assert.equal((await cli('rotate')).code, 2);
    assert.equal((await cli('revoke', 'abc')).code, 2);
  });
});
