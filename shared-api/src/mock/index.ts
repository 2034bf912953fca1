/**
 * `@portal/shared-api/mock`: everything the real entry exports, plus typed fakes. A remote's tests may
 * alias `@portal/shared-api` to this entry (docs/testing.md, "Running one suite") and still find every schema.
 */
export * from '../index';
export * from './builders';
export * from './mock-api-client';
export * from './mock-messaging-client';
