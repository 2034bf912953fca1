// CLI: `pnpm --filter @portal/shared-i18n check:messages` (run by tsx). Exit 1 with a readable list on any problem.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkWorkspaceCatalogues, formatProblems } from './catalogue-check';

// The workspace root is the parent of this package (shared-i18n/src → ../..); an argument overrides it.
const workspaceRoot = resolve(process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url)));
const { packages, problems } = checkWorkspaceCatalogues(workspaceRoot);

if (problems.length > 0) {
  console.error(`Message catalogues are incomplete (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${formatProblems(problems)}`);
  process.exit(1);
}
console.log(`Message catalogues complete: ${packages.join(', ') || 'no messages/ folders found'}`);
