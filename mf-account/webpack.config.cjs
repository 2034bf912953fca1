const { createWebpackConfig } = require('@portal/tooling/webpack');

module.exports = createWebpackConfig({
  dirname: __dirname,
  kind: 'remote',
  name: 'mf_account',
  devPort: 3103,
  exposes: { './app': './src/app.tsx', './consent-form': './src/parcels/consent-form.tsx', './registration-form': './src/parcels/registration-form.tsx' },
});
