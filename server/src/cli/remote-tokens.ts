import path from 'node:path';
import { parseArgs } from 'node:util';
import { isStorableText, textCharacterProblem } from '@portal/shared-api';
import { loadConfig } from '../config';
import { DataDirLockedError, migrate, openDatabase } from '../db/index';
import { ALL_REMOTES, createDeployToken, listDeployTokens, revokeDeployToken, type DeployToken } from '../modules/remote-registry/tokens';

/**
 * The deploy tokens of the remote registry (docs/remote-registry.md), from the command line:
 *
 *   npm run remote:token -- create mf-records --label "records team CI"   prints the new token once
 *   npm run remote:token -- create '*' --label "operations"                an operator's: every remote
 *   npm run remote:token -- list                                           every token, without secrets
 *   npm run remote:token -- revoke 3                                       token 3 stops working at once
 *
 * A token is 32 random bytes (base64url); only its SHA-256 is stored, so a lost token is revoked
 * and a new one made. The label is who the audit rows name as having deployed.
 *
 * It opens the database as the server does (DATABASE_URL, else the PGlite folder in DATA_DIR); the
 * embedded PGlite database takes one process at a time, so stop the server first there.
 */

const USAGE = `usage: remote-tokens <command> [options]
  create <remoteId|*> --label <text>
  list
  revoke <id>`;

class UsageError extends Error {}

function line(token: DeployToken): string {
  return [
    String(token.id).padStart(5),
    token.remoteId.padEnd(14),
    token.revokedAt ? `revoked ${token.revokedAt.toISOString()}` : 'live',
    `created ${token.createdAt.toISOString()}`,
    token.label,
  ].join('  ');
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { label: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  const [command, argument] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  if (command !== 'create' && command !== 'list' && command !== 'revoke') throw new UsageError(`unknown command '${command}'`);

  const config = loadConfig();
  const remoteIds = config.remotes.remotes.map((remote) => remote.id);
  if (command === 'create') {
    if (!argument || (argument !== ALL_REMOTES && !remoteIds.includes(argument))) throw new UsageError(`create needs a remote of this portal (${remoteIds.join(', ')}) or '*'`);
    const label = values.label?.trim() ?? '';
    if (label.length < 1 || label.length > 100 || !isStorableText(label) || textCharacterProblem(label) !== null) throw new UsageError('--label needs a text of 1–100 characters: the audit rows name it as the deployer');
  }
  if (command === 'revoke' && (argument === undefined || !/^[0-9]{1,9}$/.test(argument))) throw new UsageError('revoke needs a numeric token id (see list)');

  const handle = await openDatabase({ databaseUrl: config.databaseUrl, connectionTimeoutMs: config.databaseConnectionTimeoutMs, pgliteDataDir: path.join(config.dataDir, 'pglite') });
  try {
    // An operator may make the first tokens before the server's first start, or right after an upgrade.
    await migrate(handle);
    if (command === 'create') {
      const { id, token } = await createDeployToken(handle.db, argument as string, (values.label as string).trim());
      console.log(`token ${id} for ${argument} (shown once; keep it in the team's CI secrets):`);
      console.log(token);
    } else if (command === 'list') {
      const tokens = await listDeployTokens(handle.db);
      if (tokens.length === 0) console.log('no deploy tokens');
      for (const token of tokens) console.log(line(token));
    } else {
      if (!(await revokeDeployToken(handle.db, Number(argument)))) throw new UsageError(`there is no live token ${argument}`);
      console.log(`token ${argument} revoked`);
    }
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message} Stop the server first (the embedded database takes one process at a time), or run the server on PostgreSQL (DATABASE_URL).`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
