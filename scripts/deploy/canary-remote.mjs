#!/usr/bin/env node
// `npm run canary:remote -- promote|abort <remote>`: the remote's canary version (deployed with
// deploy:remote --canary <percent>) becomes active for every visitor, or is served to nobody.
import {
  CliError,
  EXIT,
  callPortal,
  line,
  messageOf,
  parseCommandLine,
  readRegistry,
  releaseOf,
  portalUrlOf,
  remoteIdOf,
  remotePath,
  requireToken,
  runCommand,
  tokenOf,
  unexpectedAnswer,
} from './common.mjs';

const USAGE = `usage: npm run canary:remote -- promote|abort <remote> [options]
  e.g. npm run canary:remote -- promote mf-booking

  promote               the canary version becomes the active version for every visitor
  abort                 the canary version is served to nobody; the active version stays
  <remote>              mf-booking or booking
  --reason <text>       recorded in the registry
  --portal <URL>        the portal (default: PORTAL_URL, else http://localhost:8080)
  --token <token>       the remote's deploy token (default: REMOTE_DEPLOY_TOKEN)
  -h, --help            this text

Exit codes: 0 done; 1 failed (e.g. the remote has no canary), nothing changed; 2 the canary changed
while this command ran: nothing changed, check with npm run remotes.`;

const OPTIONS = /** @type {const} */ ({
  reason: { type: 'string' },
  portal: { type: 'string' },
  token: { type: 'string' },
});

async function main() {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), OPTIONS, USAGE);
  const [action, name, ...rest] = positionals;
  if (action !== 'promote' && action !== 'abort') throw new CliError(`say promote or abort first (got ${action ?? 'nothing'})\n\n${USAGE}`);
  if (rest.length) throw new CliError(`one remote at a time (got ${[name, ...rest].join(', ')})`);
  const remoteId = remoteIdOf(name);
  const portal = portalUrlOf(values.portal);
  const token = requireToken(tokenOf(values.token));
  /** @type {Record<string, unknown>} */
  const body = {};
  if (values.reason) body.reason = values.reason;

  // the canary's version before, to name it in the summary
  const before = (await readRegistry(portal, token)).remotes.find((r) => r.id === remoteId);
  const answer = await callPortal({ portal, token, method: 'POST', path: remotePath(remoteId, `/canary/${action}`), body });
  if (answer.status === 200 || answer.status === 201) {
    const release = releaseOf(answer.body);
    const canaryVersion = before?.canary?.version ?? null;
    const previous = release.previousVersion ?? (before?.activeVersion !== release.activeVersion ? (before?.activeVersion ?? null) : null);
    console.log(`canary:remote ${action} ${remoteId} at ${portal}`);
    if (action === 'promote') {
      line('active', `${release.activeVersion ?? canaryVersion ?? 'the canary version'} for every visitor${previous ? ` (was ${previous})` : ''}`);
      if (previous) console.log(`\nBack to ${previous}: npm run rollback:remote -- ${remoteId}`);
    } else {
      line('canary', `${canaryVersion ? `${canaryVersion} ` : ''}ended: every visitor gets the active version${release.activeVersion ? ` ${release.activeVersion}` : ''}`);
    }
    return;
  }
  if (answer.status === 404) throw new CliError(`${remoteId} has no canary to ${action} (404: ${messageOf(answer)}). Nothing changed.`);
  if (answer.status === 409) {
    throw new CliError(
      `the portal did not ${action} the canary of ${remoteId} (409: ${messageOf(answer)}): it changed while this command ran, or there is none. Nothing changed: look with npm run remotes.`,
      EXIT.conflict,
    );
  }
  throw unexpectedAnswer(answer, `${action} the canary of ${remoteId}`);
}

runCommand('canary:remote', main);
