// `npx jest` at the root runs every browser-side package's tests in one go (npm test uses it);
// each package also runs its own with `pnpm --filter <package> test`.
module.exports = {
  projects: ['<rootDir>/tooling', '<rootDir>/shared-api', '<rootDir>/shared-i18n', '<rootDir>/shared-ui', '<rootDir>/shell', '<rootDir>/mf-*'].filter(Boolean),
};
