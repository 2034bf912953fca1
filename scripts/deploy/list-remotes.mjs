#!/usr/bin/env node
// `npm run remotes`: which version of each remote the portal serves, its canary, how many earlier
// versions a rollback can return to, and where the files are served from.
import { CliError, parseCommandLine, portalUrlOf, readRegistry, runCommand, tokenOf } from './common.mjs';

const USAGE = `usage: npm run remotes -- [options]

Lists the portal's remotes: the active version (who deployed it, when), the canary (version and
share of visitors), how many earlier versions are registered, and where the files are served from.

  --portal <URL>        the portal (default: PORTAL_URL, else http://localhost:8080)
  --token <token>       a deploy token (default: REMOTE_DEPLOY_TOKEN): a remote's token lists that
                        remote, an operator's token for every remote lists them all
  --json                the portal's answer as it is
  -h, --help            this text`;

const OPTIONS = /** @type {const} */ ({
  portal: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
});

/** @param {string | undefined} iso */
function when(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** @param {string | undefined} manifestUrl */
function servedFrom(manifestUrl) {
  if (!manifestUrl) return '';
  try {
    return new URL(manifestUrl).origin;
  } catch {
    return 'the portal itself';
  }
}

/** @param {string[][]} rows the first one the heading */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ').trimEnd()).join('\n');
}

async function main() {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), OPTIONS, USAGE);
  if (positionals.length) throw new CliError(`no arguments but options (got ${positionals.join(' ')})\n\n${USAGE}`);
  const portal = portalUrlOf(values.portal);
  const { remotes, raw } = await readRegistry(portal, tokenOf(values.token));
  if (values.json) {
    console.log(JSON.stringify(raw, null, 2));
    return;
  }
  console.log(`Remotes at ${portal}\n`);
  /** @type {string[][]} */
  const rows = [['REMOTE', 'ACTIVE', 'DEPLOYED', 'CANARY', 'EARLIER', 'SERVED FROM']];
  for (const r of remotes) {
    const active = r.active;
    const current = new Set([r.activeVersion, r.canary?.version].filter(Boolean));
    const earlier = r.versions.filter((v) => !current.has(v.version)).length;
    const deployed = active ? [active.deployedBy, when(active.deployedAt)].filter(Boolean).join(', ') : '';
    let canary = '-';
    if (r.canary) {
      const counts = r.counts.canary;
      const share = r.canary.percent === null ? '' : `${r.canary.percent} %`;
      const errors = counts ? `${counts.clientErrors} errors in ${counts.served} served` : '';
      canary = `${r.canary.version}${share || errors ? ` (${[share, errors].filter(Boolean).join('; ')})` : ''}`;
    }
    rows.push([r.id, r.activeVersion ?? '(none)', deployed || '-', canary, String(earlier), servedFrom(active?.manifestUrl) || (r.activeVersion?.startsWith('builtin-') ? 'the portal itself' : '-')]);
  }
  console.log(table(rows));
  if (!remotes.length) console.log('(no remotes)');
}

runCommand('remotes', main);
