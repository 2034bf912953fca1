// Generates, from the shell's and every remote's routes.json, everything that is keyed by a route id
// and used to be kept by hand (issue 32: the route id is the only key):
//   shared-api/src/generated/route-ids.ts           the RouteId union (shell.href('records.visits') is checked at build time)
//   shared-api/src/schemas/<part>/page-states.ts    the part's page state schemas (its part of pageStateSchemas)
//   shared-api/src/schemas/<part>/page-state-imports.ts   the same, each behind a dynamic import (remotes only)
//   shared-api/src/schemas/pages/all-page-states.ts  every part's map in one (the server's pageStateSchemas)
//   mf-<part>/src/pages/index.ts                    the remote's route id → page component map
//   server/src/modules/<module>/pages/index.generated.ts   the module's page loaders' registration (route-ids-server.cjs)
// each from the files a page has by convention (pageFiles below). The RouteId union lives in
// shared-api (the contract), not shared-i18n: shared-api's map of page state schemas is keyed by it,
// and shared-i18n depends on shared-api, never the reverse (shared-i18n re-exports it).
// Run: node tooling/route-ids.cjs  (tooling/test/route-ids.test.cjs fails when a committed file is out
// of date, and tooling/test/page-files.test.cjs when a page's conventional file is missing)
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');
const target = path.join(repoRoot, 'shared-api', 'src', 'generated', 'route-ids.ts');

function routeFiles() {
  const remotes = fs
    .readdirSync(repoRoot)
    .filter((dir) => dir.startsWith('mf-') && fs.existsSync(path.join(repoRoot, dir, 'routes.json')))
    .sort();
  return ['shell', ...remotes].map((dir) => path.join(repoRoot, dir, 'routes.json'));
}

const pascal = (kebab) => kebab.replace(/(^|-)([a-z0-9])/g, (_, _dash, c) => c.toUpperCase());
const camel = (kebab) => kebab.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

/**
 * A part: the shell or one remote, its routes in routes.json order. A remote mf-<name>'s route ids
 * start `<name>.`, its schemas live in shared-api/src/schemas/<name>/.
 */
function parts() {
  return routeFiles().map((file) => {
    const owner = path.basename(path.dirname(file));
    const name = owner === 'shell' ? 'shell' : owner.replace(/^mf-/, '');
    const routes = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { owner, name, routesFile: path.relative(repoRoot, file), routes };
  });
}

/** The page name of route id `id` of `owner`: the id less its `<part>.` (a shell route's id is its page's name). */
const pageOf = (owner, id) => (owner === 'shell' ? id : id.slice(id.indexOf('.') + 1));

/** A page's component name: PascalCase of the page name, `Page` appended unless it ends so. */
const componentOf = (page) => (page.endsWith('page') ? pascal(page) : `${pascal(page)}Page`);

/**
 * The files a page has by convention, named from its route id (`<part>.<page>`, or `<page>` for the
 * shell): paths relative to the repository root.
 * - schema: exports `pageStateSchema`, the state its server loader answers: its own
 *   shared-api/src/schemas/<part>/states/<page>.ts, or that of the page its entry names with
 *   `"state": "<route id>"` or `"variantOf": "<route id>"` (null when the route says `"state": false`)
 * - component: exports the page component `<Page>` (PascalCase of the page name, `Page` appended
 *   unless it ends so), from the page's own src/pages/<page>/<Page>.tsx, or for a `"variantOf"` page
 *   from that page's component file (the variant's component is next to the one it varies)
 * `state` and `variantOf` name another route of the same routes.json (shared-api's
 * remoteRoutesFileSchema checks it). The server loader is the third file,
 * server/src/modules/<part>/pages/<page>.ts, registered by the module's generated
 * pages/index.generated.ts (route-ids-server.cjs); tooling/test/page-files.test.cjs and
 * server/test/page-loaders.test.ts name a route whose loader is missing.
 */
function pageFiles(owner, route) {
  const page = pageOf(owner, route.id);
  const part = owner === 'shell' ? 'shell' : owner.replace(/^mf-/, '');
  const component = componentOf(page);
  const stateOf = route.variantOf ?? (typeof route.state === 'string' ? route.state : route.id);
  const schemaPage = pageOf(owner, stateOf);
  const componentPage = pageOf(owner, route.variantOf ?? route.id);
  return {
    page,
    /** the page whose states/<page>.ts is this page's schema: the page itself unless `state` or `variantOf` names another */
    schemaPage,
    schema: route.state === false ? null : `shared-api/src/schemas/${part}/states/${schemaPage}.ts`,
    component,
    /** the component file's path under the part's src/pages, without its extension */
    componentModule: owner === 'shell' ? componentOf(componentPage) : `${componentPage}/${componentOf(componentPage)}`,
    componentFile:
      owner === 'shell' ? `shell/src/pages/${componentOf(componentPage)}` : `${owner}/src/pages/${componentPage}/${componentOf(componentPage)}`,
  };
}

function renderRouteIds() {
  const ids = parts().flatMap((part) => part.routes.map((route) => route.id));
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (duplicates.length) throw new Error(`route ids declared twice: ${duplicates.join(', ')}`);
  return [
    '// Generated by tooling/route-ids.cjs from shell/routes.json and every mf-*/routes.json. Do not edit.',
    'export const routeIds = [',
    ...ids.map((id) => `  '${id}',`),
    '] as const;',
    '',
    '/** Every page id of the composed portal (some may be absent in a brand or environment: see hasRoute). */',
    'export type RouteId = (typeof routeIds)[number];',
    '',
  ].join('\n');
}

const header = (part) => `// Generated by tooling/route-ids.cjs from ${part.routesFile}. Do not edit: run \`node tooling/route-ids.cjs\`.`;

function statefulPages(part) {
  return part.routes.filter((route) => route.state !== false).map((route) => ({ id: route.id, ...pageFiles(part.owner, route) }));
}

function renderPageStates(part) {
  const pages = statefulPages(part);
  const schemaOf = (page) => `${camel(page.schemaPage)}Schema`;
  const schemaPages = [...new Set(pages.map((page) => page.schemaPage))];
  return [
    header(part),
    "import type { z } from 'zod';",
    "import type { RouteId } from '../../generated/route-ids';",
    ...schemaPages.map((schemaPage) => `import { pageStateSchema as ${camel(schemaPage)}Schema } from './states/${schemaPage}';`),
    '',
    '/**',
    ...(part.owner === 'shell'
      ? [
          " * The page state schemas of the shell's routes (see pageStateSchemas), each its page's states/<page>.ts:",
          " * for the server and the types; in the browser each of the shell's pages provides its own (shell/src/pages).",
        ]
      : [
          ` * The page state schemas of the routes of ${part.owner} (see pageStateSchemas), each its page's states/<page>.ts:`,
          ` * its ./app bundles them through ${camel(part.name)}PageStateImports, one import each.`,
        ]),
    " * A page whose routes.json entry names another page (`state`, `variantOf`) has that page's schema.",
    ' */',
    `export const ${camel(part.name)}PageStates = {`,
    ...pages.map((page) => `  '${page.id}': ${schemaOf(page)},`),
    '} as const satisfies Partial<Record<RouteId, z.ZodType>>;',
    '',
  ].join('\n');
}

function renderPageStateImports(part) {
  const pages = statefulPages(part);
  const map = `${camel(part.name)}PageStates`;
  return [
    header(part),
    "import type { PageStateImports } from '../pages/page-state-imports';",
    `import type { ${map} } from './page-states';`,
    '',
    '/**',
    ` * ${map}, each schema imported when its route is first shown: the remote's browser bundle`,
    " * (createRemote's `pageStates`) constructs only the schemas of the pages the visitor opens.",
    ' */',
    `export const ${camel(part.name)}PageStateImports = {`,
    ...pages.map((page) => `  '${page.id}': () => import('./states/${page.schemaPage}').then((m) => m.pageStateSchema),`),
    `} as const satisfies PageStateImports<keyof typeof ${map}>;`,
    '',
  ].join('\n');
}

function renderPages(part) {
  return [
    header(part),
    "import { lazyPage, type RemotePageMap } from '@portal/shared-ui';",
    '',
    '/**',
    ' * Route id (routes.json) → page, each its own chunk fetched when its route is first shown (lazyPage):',
    ' * the page of route `<part>.<page>` is src/pages/<page>/<Page>.tsx, a `variantOf` page\'s is exported',
    " * by the component file of the page it varies (routes.json).",
    ' */',
    'export const pages: RemotePageMap = {',
    ...part.routes.map((route) => {
      const files = pageFiles(part.owner, route);
      return `  '${route.id}': lazyPage(() => import('./${files.componentModule}').then((m) => m.${files.component})),`;
    }),
    '};',
    '',
  ].join('\n');
}

function renderAllPageStates(all) {
  const maps = all.map((part) => [`${camel(part.name)}PageStates`, part]);
  return [
    '// Generated by tooling/route-ids.cjs from shell/routes.json and every mf-*/routes.json. Do not edit.',
    ...maps.map(([map, part]) => `import { ${map} } from '../${part.name}/page-states';`),
    '',
    '/** Every part\'s page state schemas in one map: what pageStateSchemas (./page-states.ts) is made of. */',
    'export const allPageStates = {',
    ...maps.map(([map]) => `  ...${map},`),
    '} as const;',
    '',
  ].join('\n');
}

/** Every generated file: absolute path → content. */
function generatedFiles() {
  const files = new Map([[target, renderRouteIds()]]);
  files.set(path.join(repoRoot, 'shared-api', 'src', 'schemas', 'pages', 'all-page-states.ts'), renderAllPageStates(parts()));
  for (const part of parts()) {
    const schemas = path.join(repoRoot, 'shared-api', 'src', 'schemas', part.name);
    files.set(path.join(schemas, 'page-states.ts'), renderPageStates(part));
    // the shell's pages import their own schemas (shell/src/pages), and its page map is its own
    if (part.owner === 'shell') continue;
    files.set(path.join(schemas, 'page-state-imports.ts'), renderPageStateImports(part));
    files.set(path.join(repoRoot, part.owner, 'src', 'pages', 'index.ts'), renderPages(part));
  }
  for (const [file, content] of require('./route-ids-server.cjs').serverLoaderFiles(parts(), repoRoot)) files.set(file, content); // the server's loader registrations
  return files;
}

function writeGenerated() {
  const written = [];
  for (const [file, content] of generatedFiles()) {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    written.push(path.relative(repoRoot, file));
  }
  return written;
}

if (require.main === module) {
  const written = writeGenerated();
  console.info(written.length ? `wrote ${written.join(', ')}` : 'generated files up to date');
}

module.exports = { generatedFiles, pageFiles, parts, renderRouteIds, repoRoot, target, writeGenerated };
