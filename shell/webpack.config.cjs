const path = require('node:path');
const { createWebpackConfig } = require('@portal/tooling/webpack');
// routes-plugin is not in the tooling package's exports; it sits beside webpack.cjs.
const { emitRoutesPlugin } = require(path.join(path.dirname(require.resolve('@portal/tooling/webpack')), 'routes-plugin.cjs'));
const { bootFilesPlugin } = require('./boot-files-plugin.cjs');

const INITIAL_STATE_MARKER = '<!--portal-initial-state-->';

/**
 * The server injects the initial state at the marker comment in <head>. The production HTML minifier
 * drops comments, so the marker is put back before </head> after minification (and before the
 * compression plugins copy the file). The build fails if index.html has no <head> to put it in.
 */
function keepInitialStateMarker() {
  return {
    apply(compiler) {
      const { Compilation, sources, WebpackError } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('KeepInitialStateMarker', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'KeepInitialStateMarker', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER - 1 },
          () => {
            const asset = compilation.getAsset('index.html');
            if (!asset) return;
            const html = asset.source.source().toString();
            if (html.includes(INITIAL_STATE_MARKER)) return;
            if (!html.includes('</head>')) {
              compilation.errors.push(new WebpackError('index.html has no </head> for the initial-state marker'));
              return;
            }
            compilation.updateAsset('index.html', new sources.RawSource(html.replace('</head>', `${INITIAL_STATE_MARKER}</head>`)));
          },
        );
      });
    },
  };
}

/** Message ids the server needs for the skeleton it renders before the shell's code runs. */
const SKELETON_MESSAGE_PREFIXES = ['shell.brand.', 'shell.footer.', 'shell.header.frontPageLink', 'shell.skipToContent'];

/** Emits dist/skeleton-messages.json: { fi: {...}, sv: {...}, en: {...} } (see server/src/pages/skeleton.ts). */
function skeletonMessages() {
  const fs = require('node:fs');
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.webpack;
      compiler.hooks.thisCompilation.tap('SkeletonMessages', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'SkeletonMessages', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          const out = {};
          for (const lang of ['fi', 'sv', 'en']) {
            const file = path.join(__dirname, 'messages', `${lang}.json`);
            compilation.fileDependencies.add(file);
            const all = JSON.parse(fs.readFileSync(file, 'utf8'));
            out[lang] = Object.fromEntries(Object.entries(all).filter(([id]) => SKELETON_MESSAGE_PREFIXES.some((p) => id.startsWith(p))));
          }
          compilation.emitAsset('skeleton-messages.json', new sources.RawSource(JSON.stringify(out)));
        });
      });
    },
  };
}

const base = createWebpackConfig({ dirname: __dirname, kind: 'host', name: 'shell', devPort: 3100 });

module.exports = (env, argv) => {
  const config = base(env, argv);
  // The shell's own routes ship like a remote's: dist/routes.json with the menu labels resolved from
  // messages/*.json, so whoever composes the route table can show the shell's menu entry too.
  config.plugins.push(emitRoutesPlugin(__dirname), keepInitialStateMarker(), skeletonMessages(), bootFilesPlugin());
  return config;
};
