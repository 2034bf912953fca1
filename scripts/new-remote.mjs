#!/usr/bin/env node
// `npm run new:remote -- <name> [--summary] [--no-menu] [--no-install]`: a working remote in one step, from the
// templates in tooling/remote-template/ (docs/feature-teams.md). `example` and
// `mf-example` both make the remote mf-example, whose route ids and message ids start `example.`
// and whose server module is server/src/modules/example/.
//
// It writes:
//   mf-<name>/                      package, webpack/jest/ts configs, routes.json (one page, fi/sv/en
//                                   paths, a menu entry unless --no-menu), messages/{fi,sv,en}.json,
//                                   src/ (index, bootstrap, remote, app, pages/home/HomePage.tsx with its jest test)
//   shared-api/src/schemas/<name>/pages.ts   the page's item schema
//   shared-api/src/schemas/<name>/states/home.ts   the page's state schema, by convention (pageStateSchema)
//   server/src/modules/<name>/index.ts       the module, listed in modules/index.ts; its install registers its pages' loaders
//   server/src/modules/<name>/pages/home.ts  the page's loader by convention (pages/deps.ts: what loaders are made from)
//   server/test/<name>.test.ts               the loader over HTTP
//   server/test/fixtures/remotes/mf-<name>/dist/routes.json   its routes in the server tests' table
//   e2e/tests/<name>.spec.ts                 the page in the composed portal
// and with --summary (opt-in: most remotes have no block on the front page) a front-page summary:
//   mf-<name>/src/parcels/summary.tsx (+ summary/, its jest test)   the `./summary` parcel, exposed
//   mf-<name>/src/prerender.tsx (+ its jest test)   the summary rendered into the server's front page
//   shared-api/src/schemas/<name>/summary.ts  its schema, a key of FrontPageState.summaries
//   server/src/modules/<name>/summary.ts      app.frontPageSummaries.register('mf-<name>', …)
//   server/test/<name>-summary.test.ts        the summary in the front page's state over HTTP
//   e2e/tests/<name>-summary.spec.ts          the block on the composed front page
//   (and './summary' in the remote's frontPageParcels of the default remotes manifest)
// and edits: shared-api's index.ts, server/src/modules/index.ts, the default remotes manifest
// (server/src/config/core.ts); tooling/route-ids.cjs then generates from its routes.json the RouteId
// union, its schema maps (shared-api/src/schemas/<name>/page-states.ts, page-state-imports.ts, and
// its place in pageStateSchemas), its page map (mf-<name>/src/pages/index.ts) and its loaders'
// registration (server/src/modules/<name>/pages/index.generated.ts); then `pnpm install
// --offline` links the new package and records it in pnpm-lock.yaml (--no-install skips that).
// The build, type check, jest projects and catalogue check find mf-* folders by themselves.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const templates = path.join(root, 'tooling', 'remote-template');
const require = createRequire(import.meta.url);

function fail(message) {
  console.error(`new:remote: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const names = args.filter((a) => !a.startsWith('--'));
const OPTIONS = ['--summary', '--no-menu', '--no-install'];
for (const flag of flags) if (!OPTIONS.includes(flag)) fail(`unknown option ${flag} (options: ${OPTIONS.join(', ')})`);
if (names.length !== 1) {
  fail(
    'usage: npm run new:remote -- <name> [--summary] [--no-menu] [--no-install]   e.g. npm run new:remote -- mf-example --summary\n' +
      '  --summary     also a front-page summary: the `./summary` parcel and its server summary (app.frontPageSummaries)\n' +
      '  --no-menu     no side-menu entry for the page\n' +
      '  --no-install  skip `pnpm install --offline` (link the package yourself)',
  );
}
const summary = flags.has('--summary');

// ---- the name -------------------------------------------------------------------------------
const name = names[0].replace(/^mf-/, '');
if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || name.length > 30) {
  fail(`'${names[0]}' is not a valid remote name: lower-case letters and digits in words joined by single hyphens, starting with a letter, at most 30 characters (e.g. mf-example, mf-lab-results)`);
}
const reserved = ['shell', 'shared', 'server', 'e2e', 'tooling', 'common', 'ui', 'pages', 'front-page', 'remote', 'template'];
if (reserved.includes(name)) fail(`'${name}' is reserved (it names another part of the portal); choose another name`);
const remote = `mf-${name}`;
const words = name.split('-');
const camel = words[0] + words.slice(1).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const pascal = camel[0].toUpperCase() + camel.slice(1);
const title = words.map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');

const routeIdsFile = path.join(root, 'shared-api', 'src', 'generated', 'route-ids.ts');
const existing = [
  [remote, `folder ${remote}/`],
  [path.join('server', 'src', 'modules', name), `server module server/src/modules/${name}/`],
  [path.join('shared-api', 'src', 'schemas', name), `schemas folder shared-api/src/schemas/${name}/`],
  [path.join('server', 'test', `${name}.test.ts`), `server test server/test/${name}.test.ts`],
  [path.join('e2e', 'tests', `${name}.spec.ts`), `e2e spec e2e/tests/${name}.spec.ts`],
  [path.join('server', 'test', `${name}-summary.test.ts`), `server test server/test/${name}-summary.test.ts`],
  [path.join('e2e', 'tests', `${name}-summary.spec.ts`), `e2e spec e2e/tests/${name}-summary.spec.ts`],
].filter(([p]) => existsSync(path.join(root, p)));
if (existing.length) fail(`a remote named '${name}' exists already (${existing.map(([, what]) => what).join(', ')}); choose another name`);
if (readFileSync(routeIdsFile, 'utf8').includes(`'${name}.`)) fail(`route ids starting '${name}.' exist already (shared-api/src/generated/route-ids.ts); choose another name`);

// ---- values ---------------------------------------------------------------------------------
const devPorts = readdirSync(root)
  .filter((dir) => dir.startsWith('mf-') && existsSync(path.join(root, dir, 'webpack.config.cjs')))
  .map((dir) => Number(/devPort:\s*(\d+)/.exec(readFileSync(path.join(root, dir, 'webpack.config.cjs'), 'utf8'))?.[1] ?? 0));
const port = Math.max(3100, ...devPorts) + 1;

const shellPackage = JSON.parse(readFileSync(path.join(root, 'shell', 'package.json'), 'utf8'));
// The remote's shared libraries at the shell's versions (the build refuses a mismatch).
const dependencies = ['react', 'react-dom', 'react-router-dom', 'react-intl', 'zustand', '@portal/shared-api', '@portal/shared-i18n', '@portal/shared-ui'];
const dependencyLines = dependencies
  .map((dep) => {
    const version = shellPackage.dependencies?.[dep];
    if (!version) fail(`the shell's package.json has no ${dep}: update scripts/new-remote.mjs`);
    return `    "${dep}": "${version}"`;
  })
  .join(',\n');

const texts = {
  fi: { title, empty: 'Täällä ei ole vielä mitään.', summaryEmpty: 'Ei vielä näytettävää.', summaryError: 'Tietoja ei voitu ladata.', showAll: 'Näytä kaikki' },
  sv: { title, empty: 'Här finns ingenting ännu.', summaryEmpty: 'Inget att visa ännu.', summaryError: 'Uppgifterna kunde inte laddas.', showAll: 'Visa alla' },
  en: { title, empty: 'There is nothing here yet.', summaryEmpty: 'Nothing to show yet.', summaryError: 'The information could not be loaded.', showAll: 'Show all' },
};
const paths = { fi: name, sv: name, en: name };

const values = {
  __REMOTE__: remote,
  __MF_NAME__: remote.replace(/-/g, '_'),
  __NAME__: name,
  __CAMEL__: camel,
  __PASCAL__: pascal,
  __TITLE__: title,
  __PORT__: String(port),
  __DEPENDENCIES__: dependencyLines,
  __TITLE_FI__: texts.fi.title,
  __TITLE_SV__: texts.sv.title,
  __TITLE_EN__: texts.en.title,
  __EMPTY_FI__: texts.fi.empty,
  __PATH_FI__: paths.fi,
  __PATH_SV__: paths.sv,
  __PATH_EN__: paths.en,
  // the front-page summary (--summary); an empty value removes a line that holds only its placeholder
  __CONST__: `${name.toUpperCase().replace(/-/g, '_')}_`,
  __EXPOSES__: summary ? ", './summary': './src/parcels/summary.tsx'" : '',
  // with a summary, the build's second step is the pre-render bundle the server renders it with
  __BUILD__: summary ? 'webpack --mode production && webpack --mode production --config ../tooling/prerender-webpack.cjs' : 'webpack --mode production',
  __SUMMARY_IMPORT__: summary ? `import { install${pascal}Summary } from './summary';` : '',
  __SUMMARY_INSTALL__: summary ? `    install${pascal}Summary(app);` : '',
  __SUMMARY_EMPTY_FI__: texts.fi.summaryEmpty,
  __SUMMARY_ERROR_EN__: texts.en.summaryError,
  __SHOW_ALL_FI__: texts.fi.showAll,
  __SHOW_ALL_EN__: texts.en.showAll,
};
const render = (text) =>
  text
    .replace(/^[ \t]*(__[A-Z_]+?__)[ \t]*\n/gm, (line, key) => (values[key] === '' ? '' : line))
    .replace(/__[A-Z_]+?__/g, (key) => (key in values ? values[key] : fail(`unknown placeholder ${key} in a template`)));

// ---- files ----------------------------------------------------------------------------------
const written = [];
function write(relative, content) {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push(relative);
}
function renderTree(fromDir, toDir) {
  for (const entry of readdirSync(fromDir)) {
    const from = path.join(fromDir, entry);
    if (statSync(from).isDirectory()) renderTree(from, path.join(toDir, entry));
    else write(path.join(toDir, entry.replace(/\.tmpl$/, '')), render(readFileSync(from, 'utf8')));
  }
}
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

renderTree(path.join(templates, 'remote'), remote);
const route = { id: `${name}.home`, paths, kind: 'logged-in' };
if (!flags.has('--no-menu')) route.menu = { group: 'other', order: 100, labelId: `${name}.menu.home` };
// in the style of the other routes.json files: one line per object
const inline = (value) =>
  Array.isArray(value)
    ? `[${value.map(inline).join(', ')}]`
    : value && typeof value === 'object'
      ? `{ ${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`).join(', ')} }`
      : JSON.stringify(value);
const routeLines = Object.entries(route).map(([key, value]) => `    "${key}": ${inline(value)}`);
write(path.join(remote, 'routes.json'), `[\n  {\n${routeLines.join(',\n')}\n  }\n]\n`);
for (const [lang, text] of Object.entries(texts)) {
  const messages = {};
  if (!flags.has('--no-menu')) messages[`${name}.menu.home`] = text.title;
  messages[`${name}.home.title`] = text.title;
  messages[`${name}.home.empty`] = text.empty;
  if (summary) {
    messages[`${name}.summary.empty`] = text.summaryEmpty;
    messages[`${name}.summary.error`] = text.summaryError;
    messages[`${name}.summary.showAll`] = text.showAll;
  }
  write(path.join(remote, 'messages', `${lang}.json`), json(messages));
}
// The server tests compose their route table from test fixtures (REMOTES_DIST_ROOT): the remote's
// routes.json as its build emits it (menu labels resolved), so every-loader tests find its route.
const { resolveRoutes } = require(path.join(root, 'tooling', 'routes-plugin.cjs'));
write(path.join('server', 'test', 'fixtures', 'remotes', remote, 'dist', 'routes.json'), json(resolveRoutes(path.join(root, remote))));
write(path.join('shared-api', 'src', 'schemas', name, 'pages.ts'), render(readFileSync(path.join(templates, 'shared-api', 'pages.ts.tmpl'), 'utf8')));
write(path.join('shared-api', 'src', 'schemas', name, 'states', 'home.ts'), render(readFileSync(path.join(templates, 'shared-api', 'states', 'home.ts.tmpl'), 'utf8')));
write(path.join('server', 'src', 'modules', name, 'index.ts'), render(readFileSync(path.join(templates, 'server', 'index.ts.tmpl'), 'utf8')));
write(path.join('server', 'src', 'modules', name, 'pages', 'deps.ts'), render(readFileSync(path.join(templates, 'server', 'pages', 'deps.ts.tmpl'), 'utf8')));
write(path.join('server', 'src', 'modules', name, 'pages', 'home.ts'), render(readFileSync(path.join(templates, 'server', 'pages', 'home.ts.tmpl'), 'utf8')));
write(path.join('server', 'test', `${name}.test.ts`), render(readFileSync(path.join(templates, 'server', 'test.ts.tmpl'), 'utf8')));
write(path.join('e2e', 'tests', `${name}.spec.ts`), render(readFileSync(path.join(templates, 'e2e', 'spec.ts.tmpl'), 'utf8')));
if (summary) {
  const summaryTemplates = path.join(templates, 'summary');
  const from = (...parts) => render(readFileSync(path.join(summaryTemplates, ...parts), 'utf8'));
  write(path.join(remote, 'src', 'parcels', 'summary.tsx'), from('remote', 'src', 'parcels', 'summary.tsx.tmpl'));
  write(path.join(remote, 'src', 'parcels', 'summary.test.tsx'), from('remote', 'src', 'parcels', 'summary.test.tsx.tmpl'));
  write(path.join(remote, 'src', 'parcels', 'summary', `${pascal}Summary.tsx`), from('remote', 'src', 'parcels', 'summary', 'Summary.tsx.tmpl'));
  write(path.join(remote, 'src', 'prerender.tsx'), from('remote', 'src', 'prerender.tsx.tmpl'));
  write(path.join(remote, 'src', 'prerender-summary.test.tsx'), from('remote', 'src', 'prerender-summary.test.tsx.tmpl'));
  write(path.join('shared-api', 'src', 'schemas', name, 'summary.ts'), from('shared-api', 'summary.ts.tmpl'));
  write(path.join('server', 'src', 'modules', name, 'summary.ts'), from('server', 'summary.ts.tmpl'));
  write(path.join('server', 'test', `${name}-summary.test.ts`), from('server', 'test.ts.tmpl'));
  write(path.join('e2e', 'tests', `${name}-summary.spec.ts`), from('e2e', 'spec.ts.tmpl'));
}

// ---- registrations --------------------------------------------------------------------------
/** Inserts `lines` before (or after) the line matching `anchor`; fails clearly when the file changed shape. */
function insert(relative, anchor, lines, { after = false, last = false } = {}) {
  const file = path.join(root, relative);
  const content = readFileSync(file, 'utf8').split('\n');
  const matches = content.map((line, i) => (anchor.test(line) ? i : -1)).filter((i) => i >= 0);
  if (!matches.length) fail(`${relative} no longer has a line matching ${anchor}: register ${remote} there by hand, and update scripts/new-remote.mjs (files written: ${written.join(', ')})`);
  let at = last ? matches[matches.length - 1] : matches[0];
  // after a statement that spans lines (a formatted multi-line import): after its last line
  if (after && /^import /.test(content[at])) while (at < content.length - 1 && !/;\s*$/.test(content[at])) at++;
  at += after ? 1 : 0;
  content.splice(at, 0, ...lines);
  writeFileSync(file, content.join('\n'));
  written.push(`${relative} (edited)`);
}

insert(path.join('shared-api', 'src', 'index.ts'), /^export \* from '\.\/client';/, [
  `export * from './schemas/${name}/pages';`,
  `export { pageStateSchema as ${camel}HomePageStateSchema, type PageState as ${pascal}HomePageState } from './schemas/${name}/states/home';`,
  `export * from './schemas/${name}/page-states';`,
  `export * from './schemas/${name}/page-state-imports';`,
  ...(summary ? [`export * from './schemas/${name}/summary';`] : []),
]);
if (summary) {
  // the summary's key in the front page's state (the server's SummaryRegistry is typed by these keys)
  const frontPage = path.join('shared-api', 'src', 'schemas', 'shell', 'states', 'front-page.ts');
  insert(frontPage, /^import /, [`import { ${camel}SummarySchema } from '../../${name}/summary';`], { after: true, last: true });
  // `summaries` is the state's last member: its closing line is the last one indented by two
  insert(frontPage, /^ {2}\}\),$/, [`    '${remote}': ${camel}SummarySchema.optional(),`], { last: true });
}
const modules = path.join('server', 'src', 'modules', 'index.ts');
insert(modules, /^import /, [`import { ${camel}Module } from './${name}/index';`], { after: true, last: true });
insert(modules, /^\] as const;/, [`  ${camel}Module,`]);
{
  // the default remotes manifest: the new remote last (manifest order is the front page's order)
  const relative = path.join('server', 'src', 'config', 'core.ts');
  const file = path.join(root, relative);
  const content = readFileSync(file, 'utf8');
  const anchor = /(\n {4}\],\n {4}overridesAllowed,\n)/;
  if (!anchor.test(content)) fail(`${relative}: defaultRemotes changed shape; add ${remote} there by hand`);
  const entry = ['      {', `        id: '${remote}',`, `        name: '${values.__MF_NAME__}',`, `        entry: '/remotes/${remote}/mf-manifest.json',`, `        frontPageParcels: [${summary ? "'./summary'" : ''}],`, '      },'].join('\n');
  writeFileSync(file, content.replace(anchor, `\n${entry}$1`));
  written.push(`${relative} (edited)`);
}

// everything keyed by route id: the RouteId union, the remote's schema maps, its page map and its loaders' registration
const { writeGenerated } = require(path.join(root, 'tooling', 'route-ids.cjs'));
for (const file of writeGenerated()) written.push(`${file} (generated)`);

console.info(
  `Created ${remote} (route ${name}.home at /fi/${paths.fi}, /sv/${paths.sv}, /en/${paths.en}; dev port ${port}${summary ? '; a front-page summary parcel' : ''}):`,
);
for (const file of new Set(written)) console.info(`  ${file}`);

if (!flags.has('--no-install')) {
  console.info('\nLinking the new package (pnpm install --offline)…');
  execFileSync('bash', [path.join(root, 'scripts', 'pnpm.sh'), 'install', '--offline', '--no-frozen-lockfile', '--reporter=append-only'], { cwd: root, stdio: 'inherit' });
}
console.info(`
Next:
  pnpm --filter @portal/${remote} test                        the page's jest test
  pnpm --filter @portal/${remote} run build                   the remote's build
  (cd server && node --import tsx --test test/${name}.test.ts)   its loader over HTTP${summary ? `\n  (cd server && node --import tsx --test test/${name}-summary.test.ts)   its front-page summary` : ''}
  npm run dev:remote -- ${remote}                             the remote with hot reload
After changing ${remote}/routes.json: node tooling/route-ids.cjs (a new page: docs/feature-teams.md), and copy its built dist/routes.json
to server/test/fixtures/remotes/${remote}/dist/ (the server tests' route table).`);
