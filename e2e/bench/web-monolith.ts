/**
 * The monolithic variant bench:web compares the composed portal with: the shell built by
 * shell/monolith/webpack.config.cjs (every remote's exposed modules imported straight into the
 * shell, the same webpack settings without Module Federation) into .bench/monolith-shell/, served
 * by the same server with SHELL_DIST pointing there. The server renders the same HTML for both: the
 * shell's pre-render bundle (its pages, header and menu) is the composed build's, copied beside the
 * monolith's files, and the summaries come from the remotes' bundles, which both variants share.
 */
import { execSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startPortalServer, type PortalServer } from '../../tooling/harness/bench-portal';

export const MONOLITH_SHELL_DIST = path.join(repoRoot, '.bench', 'monolith-shell');

/** Builds the monolithic shell unless BENCH_SKIP_BUILD is set (then the last one is reused). */
export function buildMonolith(): void {
  if (process.env.BENCH_SKIP_BUILD) return;
  console.log('\n== Building the monolithic variant (shell/monolith/webpack.config.cjs)');
  execSync(`"${path.join(repoRoot, 'node_modules', '.bin', 'webpack')}" --mode production --config monolith/webpack.config.cjs`, {
    cwd: path.join(repoRoot, 'shell'),
    stdio: 'inherit',
  });
}

/** The built server, serving the monolithic shell instead of shell/dist (the remotes' files stay, unused). */
export function startMonolithServer(): Promise<PortalServer> {
  // the same server-rendered HTML as the composed portal (the pre-render bundle renders the same components)
  cpSync(path.join(repoRoot, 'shell', 'dist', 'prerender'), path.join(MONOLITH_SHELL_DIST, 'prerender'), { recursive: true });
  return startPortalServer({ env: { SHELL_DIST: MONOLITH_SHELL_DIST } });
}
