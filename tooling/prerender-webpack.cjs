// The pre-render build of a package with anonymous pages or front-page parcels (the shell, every remote): its
// src/prerender.tsx bundled for Node into dist/prerender/index.cjs, beside the package's other build
// output, where the server finds it (server/src/pages/prerendered.ts). The server calls it for an
// anonymous page and puts the HTML in the page's <main>, so the page is readable and its links work
// before any script has run; the browser build then mounts the same components over it.
// Run by the package's build script after its browser build:
//   webpack --mode production --config ../tooling/prerender-webpack.cjs
const path = require('node:path');
const { swcRule, cssLoader } = require('./webpack.cjs');

/** @param {{ dirname: string }} options the package folder */
function createPrerenderConfig({ dirname }) {
  const remoteId = path.basename(dirname);
  return {
    mode: 'production',
    target: 'node22',
    context: dirname,
    entry: { index: path.join(__dirname, 'prerender-entry.cjs') },
    output: {
      path: path.join(dirname, 'dist', 'prerender'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      // one file: the server loads it with require()
      chunkFormat: 'commonjs',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: { 'portal-prerender-page$': path.join(dirname, 'src', 'prerender.tsx') },
    },
    module: {
      parser: { javascript: { dynamicImportMode: 'eager' } },
      rules: [
        swcRule(),
        // The CSS the pages import (their CSS Modules, shared-ui's components) is collected as text for
        // the server's HTML: without scripts nothing else would load the remote's and shared-ui's CSS.
        { test: /\.css$/, use: [{ loader: path.join(__dirname, 'prerender-css-loader.cjs') }, cssLoader(remoteId, true)] },
        // Assets keep their browser-build names and are not emitted twice.
        { test: /\.(svg|png|webp|woff2?)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:10][ext]', emit: false } },
      ],
    },
    // Readable stack traces in the server's log; minifying would only cost build time.
    optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
    devtool: false,
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = () => createPrerenderConfig({ dirname: process.cwd() });
module.exports.createPrerenderConfig = createPrerenderConfig;
