export * from './pages';
export * from './graphql-schema';
export * from './generated';
export * as MessagingSchema from './schema-types';
