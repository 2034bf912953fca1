export * from './api-error';
export * from './create-api-client';
export * from './load-page';
export * from './messaging-client';
