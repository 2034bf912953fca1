// Issue 32: a page is its routes.json entry plus files named by convention from its route id
// (tooling/route-ids.cjs pageFiles), or those of the page its entry names with "state" or "variantOf":
// each route must have them, or the generated maps import nothing.
// The third file, the server loader, is named by tooling/route-ids-server.cjs loaderFile
// (server/src/modules/<module>/pages/<page>.ts, exporting `loader`): checked here, and its generated
// registration by server/test/page-loaders.test.ts, which names a route whose loader is not registered.
const fs = require('node:fs');
const path = require('node:path');
const { pageFiles, parts, repoRoot } = require('../route-ids.cjs');
const { loaderFile } = require('../route-ids-server.cjs');

const routes = parts().flatMap((part) => part.routes.map((route) => [route.id, part, route]));

/** The first of `candidates` (paths relative to the repository root) that exists. */
const existing = (candidates) => candidates.find((file) => fs.existsSync(path.join(repoRoot, file)));

test.each(routes)('%s has its page component by convention', (routeId, part, route) => {
  const { component, componentFile } = pageFiles(part.owner, route);
  const file = existing([`${componentFile}.tsx`, `${componentFile}.ts`]);
  if (!file) throw new Error(`${routeId} (${part.routesFile}) has no page component: expected ${componentFile}.tsx exporting ${component}`);
  const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  if (!new RegExp(`export (function|const) ${component}\\b|\\bas ${component}\\b|export \\{[^}]*\\b${component}\\b`).test(source)) {
    throw new Error(`${routeId} (${part.routesFile}): ${file} does not export ${component}`);
  }
});

test.each(routes)('%s has its page state schema by convention, or says "state": false', (routeId, part, route) => {
  const { schema } = pageFiles(part.owner, route);
  if (schema === null) return;
  if (!existing([schema])) {
    throw new Error(`${routeId} (${part.routesFile}) has no page state schema: expected ${schema} exporting pageStateSchema, or "state": false in its routes.json entry for a page without server state`);
  }
  if (!/\bpageStateSchema\b/.test(fs.readFileSync(path.join(repoRoot, schema), 'utf8'))) throw new Error(`${routeId}: ${schema} does not export pageStateSchema`);
});

test('"state" is false, absent or another route of the same routes.json with a schema of its own; so is "variantOf"', () => {
  const odd = [];
  for (const [routeId, part, route] of routes) {
    const { state, variantOf } = route;
    if (variantOf !== undefined && state !== undefined) odd.push(`${routeId}: a variant's state is the page it varies, it says no "state"`);
    for (const [key, named] of [['state', state], ['variantOf', variantOf]]) {
      if (named === undefined || named === false) continue;
      const target = part.routes.find((other) => other.id === named);
      if (typeof named !== 'string' || !target || named === routeId) odd.push(`${routeId}: "${key}" names no other route of ${part.routesFile}: ${named}`);
      else if (target.state !== undefined || target.variantOf !== undefined) odd.push(`${routeId}: "${key}" names ${named}, which has no state schema of its own`);
    }
  }
  expect(odd).toEqual([]);
});

test('every states/<page>.ts is the schema of a route (a page that shares another\'s says so in routes.json)', () => {
  const schemas = new Set(routes.map(([, part, route]) => pageFiles(part.owner, route).schema).filter(Boolean));
  const stray = parts()
    .map((part) => path.join('shared-api', 'src', 'schemas', part.name, 'states'))
    .filter((dir) => fs.existsSync(path.join(repoRoot, dir)))
    .flatMap((dir) => fs.readdirSync(path.join(repoRoot, dir)).map((file) => path.join(dir, file).split(path.sep).join('/')))
    .filter((file) => !schemas.has(file));
  expect(stray).toEqual([]);
});

test('the shell\'s own page map lists every shell route under its conventional component', () => {
  const shellPages = fs.readFileSync(path.join(repoRoot, 'shell', 'src', 'pages', 'index.ts'), 'utf8');
  for (const [routeId, part, route] of routes.filter(([, p]) => p.owner === 'shell')) {
    const { component } = pageFiles(part.owner, route);
    expect(shellPages).toContain(`'./${component}').then((m) => m.${component})`);
    expect(shellPages).toMatch(new RegExp(`'?${routeId}'?: lazyPage`));
  }
});

test.each(routes)('%s has its server loader by convention, or says "state": false', (routeId, part, route) => {
  const loader = loaderFile(part.owner, route);
  if (loader === null) return;
  if (!existing([loader.file])) {
    throw new Error(
      `${routeId} (${part.routesFile}) has no server loader: expected ${loader.file} exporting \`loader: PageLoaderFactory<'${routeId}', PageDeps>\` (server/src/pages/loaders.ts; the ${loader.module} module's pages/index.generated.ts registers it), or "state": false in its routes.json entry for a page without server state`,
    );
  }
  if (!/export const loader\b/.test(fs.readFileSync(path.join(repoRoot, loader.file), 'utf8'))) throw new Error(`${routeId}: ${loader.file} does not export loader`);
});
