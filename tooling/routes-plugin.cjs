// Emits dist/routes.json beside mf-manifest.json: the remote's routes.json with each menu label
// resolved from the remote's message catalogues, so the shell can show the menu entry without
// loading the remote's code.
const fs = require('node:fs');
const path = require('node:path');

const LANGS = ['fi', 'sv', 'en'];

function resolveRoutes(dirname) {
  const routes = JSON.parse(fs.readFileSync(path.join(dirname, 'routes.json'), 'utf8'));
  const catalogues = Object.fromEntries(
    LANGS.map((lang) => [lang, JSON.parse(fs.readFileSync(path.join(dirname, 'messages', `${lang}.json`), 'utf8'))]),
  );
  const problems = [];
  for (const route of routes) {
    if (!route.menu) continue;
    route.menu.label = {};
    for (const lang of LANGS) {
      const text = catalogues[lang][route.menu.labelId];
      if (!text) problems.push(`${route.id}: menu label '${route.menu.labelId}' missing in messages/${lang}.json`);
      route.menu.label[lang] = text;
    }
  }
  if (problems.length) throw new Error(`routes.json:\n  ${problems.join('\n  ')}`);
  return routes;
}

function emitRoutesPlugin(dirname) {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('EmitRoutes', (compilation) => {
        compilation.fileDependencies.add(path.join(dirname, 'routes.json'));
        for (const lang of LANGS) compilation.fileDependencies.add(path.join(dirname, 'messages', `${lang}.json`));
        compilation.hooks.processAssets.tap({ name: 'EmitRoutes', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          try {
            compilation.emitAsset('routes.json', new sources.RawSource(JSON.stringify(resolveRoutes(dirname), null, 2)));
          } catch (error) {
            compilation.errors.push(new compiler.webpack.WebpackError(String(error.message ?? error)));
          }
        });
      });
    },
  };
}

module.exports = { emitRoutesPlugin, resolveRoutes };
