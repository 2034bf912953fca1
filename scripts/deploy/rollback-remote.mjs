#!/usr/bin/env node
// `npm run rollback:remote -- <remote> [--to <version>]`: the portal serves an earlier version of the
// remote again (by default the one before the active one). Nothing is built or uploaded: every
// registered version's files are still where it was deployed.
import {
  CliError,
  EXIT,
  callPortal,
  line,
  messageOf,
  parseCommandLine,
  portalUrlOf,
  readRegistry,
  releaseOf,
  remoteIdOf,
  remotePath,
  requireToken,
  runCommand,
  tokenOf,
  unexpectedAnswer,
} from './common.mjs';
import { VERSION_PATTERN } from './dist.mjs';

const USAGE = `usage: npm run rollback:remote -- <remote> [--to <version>] [options]
  e.g. npm run rollback:remote -- mf-booking --reason "booking form broken on Safari"

Makes an earlier version of the remote active again for every visitor.

  <remote>              mf-booking or booking
  --to <version>        the version to serve (default: the one active before the current one);
                        npm run remotes lists them
  --reason <text>       recorded in the registry
  --portal <URL>        the portal (default: PORTAL_URL, else http://localhost:8080)
  --token <token>       the remote's deploy token (default: REMOTE_DEPLOY_TOKEN)
  -h, --help            this text

Exit codes: 0 rolled back; 1 failed, nothing changed; 2 the active version changed since this
command read it (someone else deployed or rolled back): nothing changed, check and run it again.`;

const OPTIONS = /** @type {const} */ ({
  to: { type: 'string' },
  reason: { type: 'string' },
  portal: { type: 'string' },
  token: { type: 'string' },
});

async function main() {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), OPTIONS, USAGE);
  if (positionals.length > 1) throw new CliError(`one remote at a time (got ${positionals.join(', ')})\n\n${USAGE}`);
  const remoteId = remoteIdOf(positionals[0]);
  const portal = portalUrlOf(values.portal);
  const token = requireToken(tokenOf(values.token));
  if (values.to !== undefined && !VERSION_PATTERN.test(values.to)) throw new CliError(`--to ${values.to} is not a version id`);

  const remote = (await readRegistry(portal, token)).remotes.find((r) => r.id === remoteId);
  if (!remote) throw new CliError(`the portal at ${portal} has no remote ${remoteId}`);
  const expectedActiveVersion = remote.activeVersion;
  /** @type {Record<string, unknown>} */
  const body = {};
  if (expectedActiveVersion) body.expectedActiveVersion = expectedActiveVersion;
  if (values.to !== undefined) body.toVersion = values.to;
  if (values.reason) body.reason = values.reason;

  const answer = await callPortal({ portal, token, method: 'POST', path: remotePath(remoteId, '/rollback'), body });
  if (answer.status === 200) {
    const release = releaseOf(answer.body);
    const version = release.activeVersion ?? '(none)';
    const previous = release.previousVersion ?? (expectedActiveVersion !== release.activeVersion ? expectedActiveVersion : null);
    console.log(`rollback:remote ${remoteId} at ${portal}`);
    line('active', `${version} for every visitor${previous ? ` (was ${previous})` : ''}`);
    if (release.canary) line('canary', `${release.canary.version}${release.canary.percent ? ` for ${release.canary.percent} % of visitors` : ''}`);
    if (previous) console.log(`\n${previous} stays registered: npm run rollback:remote -- ${remoteId} --to ${previous} serves it again.`);
    return;
  }
  if (answer.status === 404) {
    throw new CliError(
      `${values.to ? `no version ${values.to} of ${remoteId} to roll back to` : `nothing to roll back to for ${remoteId}`} (404: ${messageOf(answer)}). ` +
        `Nothing changed. npm run remotes -- --portal ${portal} lists the versions.`,
    );
  }
  if (answer.status === 409) {
    const now = typeof answer.body.activeVersion === 'string' ? answer.body.activeVersion : null;
    throw new CliError(
      `the active version of ${remoteId} changed while this command ran: it is now ${now ?? 'none'}, not ${expectedActiveVersion ?? 'none'} (${messageOf(answer)}). ` +
        'Nothing changed: check with npm run remotes, then run the command again if it is still needed.',
      EXIT.conflict,
    );
  }
  throw unexpectedAnswer(answer, `roll back ${remoteId}`);
}

runCommand('rollback:remote', main);
