// `npx jest` at the root runs every browser-side package's tests in one go (npm test uses it);
// each package also runs its own with `pnpm --filter <package> test`.
module.exports = {
  // A limit for a test that hangs, not a time budget: the form tests type character by character
  // through user-event, and on a 2-core machine running a build beside them some took 5-10 s (jest's
  // default of 5 s failed them). Budgets live in the benchmark scripts (docs/performance.md).
  testTimeout: 30_000,
  projects: ['<rootDir>/tooling', '<rootDir>/shared-api', '<rootDir>/shared-i18n', '<rootDir>/shared-ui', '<rootDir>/shell', '<rootDir>/mf-*'].filter(Boolean),
};
