const { createWebpackConfig } = require('@portal/tooling/webpack');

module.exports = createWebpackConfig({
  dirname: __dirname,
  kind: 'remote',
  name: 'mf_records',
  devPort: 3101,
  exposes: { './app': './src/app.tsx', './summary': './src/parcels/summary.tsx' },
});
