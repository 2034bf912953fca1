module.exports = require('./jest.cjs').createJestConfig(__dirname, { testEnvironment: 'node', testMatch: ['<rootDir>/test/**/*.test.cjs'], transform: {} });
