// Bundles the server into dist/main.js: our code and the @portal/* workspace packages (TypeScript
// sources) are bundled; every other dependency stays in node_modules. Migrations go beside it.
import { build } from 'esbuild';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

const pkg = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const serverDependencies = new Set(Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@portal/')));
const builtins = new Set(builtinModules);
const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * The server's own dependencies stay in node_modules; what the bundled workspace packages import
 * besides them (e.g. ky of shared-api's client) is bundled, since the server cannot resolve it.
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
      if (serverDependencies.has(packageName(args.path))) return { path: args.path, external: true };
      return undefined;
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDependencies],
  // Bundled CommonJS helpers may call require; give the ES module one.
  banner: { js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);" },
  logLevel: 'info',
});
// The tracing entry, loaded before main.js with `node --import ./dist/instrument.js` (src/telemetry/instrument.ts).
await build({
  entryPoints: [path.join(here, 'src/telemetry/instrument.ts')],
  outfile: path.join(dist, 'instrument.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDependencies],
  logLevel: 'info',
});
cpSync(path.join(here, 'drizzle'), path.join(dist, 'drizzle'), { recursive: true });
console.log('copied migrations to dist/drizzle');
