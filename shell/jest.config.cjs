module.exports = require('@portal/tooling/jest').createJestConfig(__dirname);
