// One webpack + Module Federation configuration for the shell (host) and every remote, so each
// package's webpack.config is a few lines (docs/architecture.md, "Architecture decisions").
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { textFilesPlugin } = require('./text-files-plugin.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const webpack = require('webpack');
const { emitRoutesPlugin } = require('./routes-plugin.cjs');
const { SHARED_ROUTER_MODULE } = require('./shared-router.cjs');

const repoRoot = path.resolve(__dirname, '..');

/**
 * Libraries that must exist once in the page (React state, contexts, stores, the router's history).
 * Their versions come from the shell's package.json: the shell is the reference every remote must match.
 * Not @portal/shared-api: it holds no state, only schemas and clients, so each build bundles the part
 * it uses (a shared module is bundled whole). Nothing may rely on its identity across bundles:
 * ApiError is checked by its brand (isApiError), never with `instanceof`.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'react-intl',
  'zustand',
  '@portal/shared-i18n',
  '@portal/shared-ui',
];
/**
 * Singletons whose shared copy is a slim module of the parts the portal uses rather than the whole
 * package (a shared module is bundled whole: all of react-router is about 62 KB compressed, on
 * every remote page). Given as the module to provide and to fall back to, with the package's
 * version. eslint.config.mjs allows importing only the names that module exports.
 */
const SLIM_SHARED = {
  'react-router-dom': {
    import: SHARED_ROUTER_MODULE,
    version: readJson(require.resolve('react-router-dom/package.json', { paths: [path.join(repoRoot, 'shared-ui')] })).version,
  },
};
/** Deep imports that must resolve to the same singleton instance as their package. */
const SINGLETON_SUBPATHS = { 'react/jsx-runtime': 'react', 'react-dom/client': 'react-dom' };

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function versionOf(pkgJson, name) {
  const deps = { ...pkgJson.peerDependencies, ...pkgJson.devDependencies, ...pkgJson.dependencies };
  const range = deps[name];
  if (!range) return undefined;
  if (range.startsWith('workspace:')) return readJson(path.join(repoRoot, name.replace('@portal/', ''), 'package.json')).version;
  return range;
}

/**
 * The `shared` block from the package's own dependencies, checked against the shell's: a remote whose
 * range differs from the shell's fails the build instead of loading a second React at run time.
 */
function sharedConfig(dirname) {
  const own = readJson(path.join(dirname, 'package.json'));
  const shell = readJson(path.join(repoRoot, 'shell', 'package.json'));
  const shared = {};
  const mismatches = [];
  for (const name of SINGLETONS) {
    const ownVersion = versionOf(own, name);
    if (!ownVersion) continue;
    const shellVersion = versionOf(shell, name);
    if (shellVersion && shellVersion !== ownVersion) mismatches.push(`${name}: ${own.name} has ${ownVersion}, the shell has ${shellVersion}`);
    shared[name] = { singleton: true, requiredVersion: ownVersion, strictVersion: false, ...SLIM_SHARED[name] };
  }
  for (const [subpath, pkg] of Object.entries(SINGLETON_SUBPATHS)) {
    if (shared[pkg]) shared[subpath] = { singleton: true, requiredVersion: shared[pkg].requiredVersion };
  }
  if (mismatches.length) {
    throw new Error(`Shared dependency versions differ from the shell's (Module Federation singletons must match):\n  ${mismatches.join('\n  ')}`);
  }
  return shared;
}

/**
 * What the shell provides to the remotes' share scope (shell/src/remotes/shared-libraries.ts): each
 * singleton's installed version and the shell's required range. The shell is built without the
 * federation plugin (its front page needs no federation runtime at all), so the versions the plugin
 * would have put in the shell's provides are handed to its code at build time instead.
 */
function hostSharedLibraries(dirname) {
  const libraries = {};
  for (const [name, { requiredVersion, version }] of Object.entries(sharedConfig(dirname))) {
    // the package folder itself (a package's exports need not list its package.json); deep imports are their package's
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
    const installed = version ?? readJson(path.join(dirname, 'node_modules', pkg, 'package.json')).version;
    libraries[name] = { version: installed, requiredVersion };
  }
  return libraries;
}

/**
 * react-router's package exports name only its development build (dist/development, with its dev
 * warnings and checks) for every condition, a known upstream issue (remix-run/react-router#14102);
 * a production build takes the production files it ships beside them. The page's shared router
 * (SLIM_SHARED) imports react-router by this alias in either mode.
 */
function reactRouterAlias(production) {
  const dev = require.resolve('react-router', { paths: [path.join(repoRoot, 'shared-ui')] });
  const devDir = path.dirname(dev);
  const dir = path.join(path.dirname(devDir), production ? 'production' : 'development');
  if (path.basename(devDir) !== 'development' || !fs.existsSync(path.join(dir, 'index.mjs')) || !fs.existsSync(path.join(dir, 'dom-export.mjs'))) {
    throw new Error(`react-router no longer resolves to dist/development beside dist/production (${dev}): check reactRouterAlias after upgrading it`);
  }
  return { 'react-router$': path.join(dir, 'index.mjs'), 'react-router/dom$': path.join(dir, 'dom-export.mjs') };
}

/** TypeScript and JSX through swc; the same rule in the browser build and the pre-render build. */
function swcRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          // Always the production JSX runtime: a remote in a dev server runs inside a portal whose
          // shared React may be a production build, and react/jsx-dev-runtime would not match it.
          transform: { react: { runtime: 'automatic', development: false } },
          target: 'es2022',
        },
      },
    },
  };
}

/**
 * css-loader with CSS Modules naming. The pre-render build (prerender-webpack.cjs) uses the same
 * options, so the class names in the server's HTML are the ones the browser build's CSS defines.
 */
function cssLoader(remoteId, production) {
  return {
    loader: require.resolve('css-loader'),
    options: {
      modules: {
        auto: /\.module\.css$/,
        // the remote's name in every class, so two remotes never collide. In production without the
        // local name: pre-rendered pages carry these names in their HTML (a kilobyte of the front
        // page's 40 KB budget, issue 31); the development build keeps names a reader can follow.
        localIdentName: production ? `${remoteId}-[hash:base64:5]` : `${remoteId}__[name]__[local]`,
        namedExport: false,
        exportLocalsConvention: 'as-is',
      },
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.dirname       the package folder
 * @param {'host'|'remote'} options.kind
 * @param {string} options.name          Module Federation container name (e.g. 'shell', 'mf_records')
 * @param {Record<string,string>} [options.exposes]
 * @param {number} options.devPort
 * @param {string} [options.entry]       default './src/index.ts'
 */
function createWebpackConfig({ dirname, kind, name, exposes = {}, devPort, entry = './src/index.ts' }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const remoteId = path.basename(dirname);
    return {
      mode: production ? 'production' : 'development',
      context: dirname,
      entry: { main: entry },
      // No eval-based source maps: the portal's CSP forbids eval, also for a remote in a dev server.
      devtool: production ? 'source-map' : 'cheap-module-source-map',
      output: {
        path: path.join(dirname, 'dist'),
        // The federation runtime chunk breaks with [contenthash] in entry names (docs/architecture.md, "Architecture decisions"); chunks keep it.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        publicPath: kind === 'host' ? '/shell/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        alias: {
          // The shell's own imports of react-router-dom are the slim module it provides to the remotes
          // (SLIM_SHARED): one router on the page, as the federation plugin's shared module made it.
          ...(kind === 'host' ? { 'react-router-dom$': SHARED_ROUTER_MODULE } : {}),
          ...reactRouterAlias(production),
        },
      },
      module: {
        rules: [
          swcRule(),
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, cssLoader(remoteId, production)] },
          { test: /\.(svg|png|webp|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        ...(kind === 'host'
          ? [
              // The shell is a federation host without the federation plugin: it loads the runtime
              // (shell/src/remotes/federation-runtime.ts) only when a page first needs a remote, and
              // provides its shared libraries then. The plugin would put the runtime (about 25 KB
              // compressed) in main.js and every shared library in a chunk of its own on every page,
              // the front page included, whose summaries the server renders whole (issue 15).
              // target 'web' drops the runtime's code for loading remotes in Node.js.
              new webpack.DefinePlugin({
                __PORTAL_SHARED_LIBRARIES__: JSON.stringify(hostSharedLibraries(dirname)),
                ENV_TARGET: JSON.stringify('web'),
              }),
            ]
          : [
              new ModuleFederationPlugin({
                name,
                filename: 'remoteEntry.js',
                exposes,
                remotes: {},
                shared: sharedConfig(dirname),
                // A shared library first asked for after start-up (react-router, with a remote's pages) is
                // taken from what is loaded or registered. The default, version-first, would first fetch
                // and initialise every registered remote's remoteEntry.js to compare versions: bytes for
                // nothing (the versions match, sharedConfig checks them) and a page that fails when any
                // one remote is unreachable.
                shareStrategy: 'loaded-first',
                manifest: true,
                dts: false,
                // One federation runtime on the page: the shell publishes its runtime-core on a global
                // (shell/src/remotes/federation-runtime.ts) and every remote's entry uses it instead of
                // bundling its own (about 20 KB compressed less per remote, and a page mounts several).
                // A remote therefore runs only inside the shell. target 'web' drops the runtime's code
                // for loading remotes in Node.js (these builds run only in the browser; the pre-render
                // builds have no federation). The snapshot plugin stays: the remotes are registered by
                // their mf-manifest.json.
                experiments: { externalRuntime: true, optimization: { target: 'web' } },
              }),
            ]),
        ...(kind === 'host'
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dirname, 'src', 'index.html'),
                filename: 'index.html',
                inject: 'body',
                scriptLoading: 'defer',
                minify: production,
              }),
            ]
          : [emitRoutesPlugin(dirname)]),
        // which chunk holds the texts of each language, for the server's preload hints
        textFilesPlugin(),
        // Pre-compressed copies, served by the server (or any static host) without compressing per request.
        ...(production
          ? [
              new CompressionPlugin({ test: /\.(js|css|html|json|svg)$/, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 }, threshold: 1024, minRatio: 0.9 }),
              new CompressionPlugin({
                test: /\.(js|css|html|json|svg)$/,
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
                threshold: 1024,
                minRatio: 0.9,
              }),
            ]
          : []),
      ],
      performance: { hints: false },
      optimization: { moduleIds: production ? 'deterministic' : 'named' },
      devServer: {
        port: devPort,
        host: '127.0.0.1',
        hot: true,
        liveReload: true,
        // The portal (another origin) fetches this remote's manifest and chunks.
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
        allowedHosts: 'all',
        // The page is the portal on another origin: the live-reload socket must point back here.
        client: { overlay: { errors: true, warnings: false }, webSocketURL: `ws://127.0.0.1:${devPort}/ws` },
        devMiddleware: { writeToDisk: (file) => /routes\.json$/.test(file) },
        static: false,
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createWebpackConfig, sharedConfig, hostSharedLibraries, swcRule, cssLoader, SINGLETONS };
