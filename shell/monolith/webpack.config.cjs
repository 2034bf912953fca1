// The monolithic variant of the portal, for `npm run bench:web` only: the shell's own webpack
// configuration (tooling/webpack.cjs and shell/webpack.config.cjs: swc, CSS, HTML, compression,
// routes.json, the skeleton's messages) without Module Federation, and with every remote's exposed
// modules imported straight into the shell (./federation.ts stands in for the federation loader).
// Built into .bench/monolith-shell/ and served with SHELL_DIST; the normal build is untouched.
//   webpack --mode production --config shell/monolith/webpack.config.cjs
const path = require('node:path');
const webpack = require('webpack');

const shellConfig = require('../webpack.config.cjs');
const repoRoot = path.resolve(__dirname, '..', '..');
const outputPath = path.join(repoRoot, '.bench', 'monolith-shell');

module.exports = (env, argv) => {
  const config = shellConfig(env, argv);
  config.output = { ...config.output, path: outputPath, uniqueName: 'shell_monolith' };
  config.plugins = config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin');
  // start.tsx's './remotes/federation' becomes ./federation.ts (the only import of it that is not `import type`)
  const federationModule = path.join(repoRoot, 'shell', 'src', 'remotes', 'federation');
  config.plugins.push(
    new webpack.NormalModuleReplacementPlugin(/[\\/]federation$/, (resource) => {
      if (path.resolve(resource.context, resource.request) === federationModule) resource.request = path.join(__dirname, 'federation.ts');
    }),
  );
  const swcRule = config.module.rules[0];
  config.module.rules = [
    { test: path.join(__dirname, 'exposed-modules.ts'), use: [swcRule.use, { loader: path.join(__dirname, 'exposed-modules-loader.cjs') }] },
    { ...swcRule, exclude: [/node_modules/, path.join(__dirname, 'exposed-modules.ts')] },
    ...config.module.rules.slice(1),
  ];
  return config;
};
