// For tests only (`@portal/shared-ui/test-utils`): uses jest's globals.
export * from './render';
export * from './fake-shell';
export * from './remote';
export * from './prerender';
