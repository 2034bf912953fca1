const { createWebpackConfig } = require('@portal/tooling/webpack');

module.exports = createWebpackConfig({
  dirname: __dirname,
  kind: 'remote',
  name: 'mf_booking',
  devPort: 3104,
  exposes: { './app': './src/app.tsx', './summary': './src/parcels/summary.tsx' },
});
