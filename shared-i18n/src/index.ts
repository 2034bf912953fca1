// Everything here runs in browsers and in Node (the server): no DOM or Node-only imports.
// The catalogue check (node:fs) lives in catalogue-check.ts and is not exported here.
export * from './languages';
export * from './routing';
export * from './calendar';
export * from './formatters';
export * from './messages';
export { icuArgumentNames } from './icu-arguments';
export * from './generated/route-ids';
export * from './routing-ids';
