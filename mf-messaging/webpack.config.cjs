const { createWebpackConfig } = require('@portal/tooling/webpack');

module.exports = createWebpackConfig({
  dirname: __dirname,
  kind: 'remote',
  name: 'mf_messaging',
  devPort: 3102,
  exposes: { './app': './src/app.tsx', './summary': './src/parcels/summary.tsx' },
});
