// Tests run without the server: the API package resolves to its /mock entry (every schema plus typed fakes).
module.exports = require('@portal/tooling/jest').createJestConfig(__dirname, {
  moduleNameMapper: { '^@portal/shared-api$': require.resolve('@portal/shared-api/mock') },
});
