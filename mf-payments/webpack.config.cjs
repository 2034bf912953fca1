const { createWebpackConfig } = require('@portal/tooling/webpack');

module.exports = createWebpackConfig({
  dirname: __dirname,
  kind: 'remote',
  name: 'mf_payments',
  devPort: 3105,
  exposes: { './app': './src/app.tsx', './summary': './src/parcels/summary.tsx' },
});
