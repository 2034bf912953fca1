// Shared jest preset: @swc/jest for TS/TSX (automatic React runtime), jsdom, Testing Library matchers.
// ESM-only packages (ky, react-intl, @formatjs/*) are transformed too; pnpm nests them under .pnpm.
const path = require('node:path');

const esmPackages = ['ky', 'react-intl', '@formatjs', 'intl-messageformat', '@formatjs\\+[^/]+'];

function createJestConfig(dirname, overrides = {}) {
  return {
    rootDir: dirname,
    displayName: path.basename(dirname),
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmPackages.join('|')})([@/+]|$))`],
    moduleNameMapper: {
      '\\.(css)$': require.resolve('identity-obj-proxy'),
      ...(overrides.moduleNameMapper ?? {}),
    },
    setupFiles: [path.join(__dirname, 'jest-setup-env.cjs')],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs'), ...(overrides.setupFilesAfterEnv ?? [])],
    ...Object.fromEntries(Object.entries(overrides).filter(([k]) => !['moduleNameMapper', 'setupFilesAfterEnv'].includes(k))),
  };
}

module.exports = { createJestConfig };
