import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { getOperationAST, GraphQLError, NoSchemaIntrospectionCustomRule, type ValidationContext } from 'graphql';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { messagingTypeDefs, type MessagingErrorCode } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { patientAccess } from '../patients/access';
import type { MessagingConfig } from './config';
import { createLoaders, type MessagingContext, type MessagingServices } from './context';
import { isExpectedError, messagingError, type InputProblem } from './errors';
import { safeErrorForLog } from './log-safety';
import { customerUserIdOf } from './queries';
import { messagingResolvers } from './resolvers';

export const MESSAGING_ENDPOINT = '/api/customer-messaging';

/** What the Fastify route hands each GraphQL request. */
export interface MessagingServerContext {
  fastifyRequest: FastifyRequest;
}

export interface MessagingGraphQLOptions {
  db: Database;
  config: MessagingConfig;
  environment: 'development' | 'production';
  /** the environment's features (customer-messaging-allowed gates every operation) */
  features: readonly string[];
  services: MessagingServices;
  log: FastifyBaseLogger;
}

/**
 * Limits on what one document may ask (graphql-armor), sized so the portal's own operations
 * (shared-api operations.ts) pass with room to spare while nested or repeated selections that
 * would make the server do far more work are refused as TOO_COMPLEX.
 */
export const QUERY_LIMITS = {
  depth: 8,
  cost: 2_000,
  aliases: 5,
  tokens: 1_000,
  directives: 10,
} as const;

/** Marks an armor rejection as TOO_COMPLEX; armor throws it afterwards. */
function tooComplex(_context: ValidationContext | null, error: GraphQLError): void {
  // GraphQLError's extensions object is its own (never shared), so tagging it is safe.
  (error.extensions as Record<string, unknown>).code = 'TOO_COMPLEX';
}

function armorPlugins() {
  const reject = { onReject: [tooComplex], propagateOnRejection: true, exposeLimits: true };
  return new EnvelopArmor({
    // Fragments do not count as a level: the portal's operations spell their messages with one.
    maxDepth: { n: QUERY_LIMITS.depth, flattenFragments: true, ...reject },
    costLimit: { maxCost: QUERY_LIMITS.cost, ...reject },
    maxAliases: { n: QUERY_LIMITS.aliases, ...reject },
    maxTokens: { n: QUERY_LIMITS.tokens, ...reject },
    maxDirectives: { n: QUERY_LIMITS.directives, ...reject },
    blockFieldSuggestion: { enabled: true },
  }).protect().plugins;
}

/** Production answers no schema introspection (__schema, __type); __typename stays. */
const noIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

/**
 * An error GraphQL itself raised (a bad document, a variable of the wrong type …): a GraphQLError
 * whose causes, if any, are GraphQLErrors too. A resolver's exception is an Error somewhere inside.
 */
function raisedByGraphQL(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  const original: unknown = error.originalError;
  return original == null || raisedByGraphQL(original);
}

/** Errors GraphQL itself raises for a bad document or bad variables: the client's mistake. */
const CLIENT_MISTAKE_CODES = new Set(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_REQUEST', 'BAD_USER_INPUT']);

function withCode(error: GraphQLError, code: MessagingErrorCode, message: string, details?: InputProblem[]): GraphQLError {
  const http = error.extensions?.http;
  return new GraphQLError(message, {
    ...(error.source ? { source: error.source } : {}),
    ...(error.positions ? { positions: error.positions } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code, ...(details ? { details } : {}), ...(http ? { http } : {}) },
  });
}

/**
 * Every error leaves with a code from the contract: ours as they are, GraphQL's own document and
 * variable errors as BAD_USER_INPUT with the message as the detail, anything else as INTERNAL.
 */
function normalizeError(error: GraphQLError): GraphQLError {
  const code = error.extensions?.code;
  if (isExpectedError(error)) {
    if (code === 'BAD_USER_INPUT' && !Array.isArray(error.extensions.details)) {
      return withCode(error, 'BAD_USER_INPUT', error.message, [{ path: '', message: error.message }]);
    }
    return error;
  }
  if ((typeof code === 'string' && CLIENT_MISTAKE_CODES.has(code)) || (code === undefined && raisedByGraphQL(error))) {
    return withCode(error, 'BAD_USER_INPUT', error.message, [{ path: '', message: error.message }]);
  }
  return withCode(error, 'INTERNAL', 'Something went wrong');
}

// On the execution result (not yoga's onResultProcess): the route answers most requests without
// yoga's HTTP layer (graphql-http.ts), and every answer must carry the contract's codes.
const errorNormalizer: Plugin = {
  onExecutionResult({ result, setResult }) {
    if (!result || Array.isArray(result) || !('errors' in result) || !result.errors?.length) return;
    setResult({ ...result, errors: result.errors.map(normalizeError) });
  },
};

/**
 * A person's customer messaging user never changes once it exists, so a found one is remembered
 * (per server instance, bounded): every operation needs it, and one statement less per request
 * matters for the polled list. A person without one is asked again next time (one may be created).
 */
function customerUserCache(db: Database, maxEntries = 50_000) {
  const known = new Map<string, number>();
  return {
    async lookup(personId: string): Promise<number | null> {
      const cached = known.get(personId);
      if (cached !== undefined) return cached;
      const found = await customerUserIdOf(db, personId);
      if (found !== null) {
        if (known.size >= maxEntries) known.clear();
        known.set(personId, found);
      }
      return found;
    },
  };
}

/**
 * The customer messaging GraphQL server (graphql-yoga). Before any operation runs, the context
 * checks the gate: maintenance mode answers MAINTENANCE; without the feature
 * customer-messaging-allowed or a customer messaging user for the subject, FEATURE_DISABLED.
 */
export function createMessagingGraphQL(options: MessagingGraphQLOptions): YogaServerInstance<MessagingServerContext, MessagingContext> {
  const { db, config, services, log } = options;
  const featureOn = options.features.includes('customer-messaging-allowed');
  const customerUsers = customerUserCache(db);

  return createYoga<MessagingServerContext, MessagingContext>({
    schema: createSchema<MessagingContext & MessagingServerContext>({ typeDefs: messagingTypeDefs, resolvers: messagingResolvers }),
    graphqlEndpoint: MESSAGING_ENDPOINT,
    graphiql: false,
    landingPage: false,
    batching: false,
    cors: false,
    // yoga would log raw errors (a database error carries its query's parameters, e.g. a message's
    // text); maskError below logs a scrubbed form instead.
    logging: false,
    maskedErrors: {
      maskError(error) {
        // Ours as they are; GraphQL's own (bad variables …) carry no exception of ours: the client's mistake.
        if (isExpectedError(error) || raisedByGraphQL(error)) return error as GraphQLError;
        log.error({ err: safeErrorForLog(error) }, 'messaging operation failed');
        return messagingError('INTERNAL', 'Something went wrong');
      },
    },
    plugins: [
      ...armorPlugins(),
      ...(options.environment === 'production' ? [noIntrospection] : []),
      // The portal sends a handful of fixed documents, the list one every poll: each query is
      // compiled to a function once (graphql-jit) instead of walked field by field on every
      // request. Not mutations: graphql-jit 0.8 leaves out input-object field defaults
      // (attachments: [] …) when it reads variables, and mutations are not what is polled.
      useGraphQlJit({}, { enableIf: ({ document, operationName }) => getOperationAST(document, operationName)?.operation === 'query' }),
      errorNormalizer,
    ],
    context: async ({ fastifyRequest }): Promise<MessagingContext> => {
      if (config.status === 'maintenance-mode') throw messagingError('MAINTENANCE', 'Messaging is currently offline');
      const access = patientAccess(fastifyRequest);
      if (!featureOn) throw messagingError('FEATURE_DISABLED', 'Messaging is not available');
      const customerUserId = await customerUsers.lookup(access.subjectPersonId);
      if (customerUserId === null) throw messagingError('FEATURE_DISABLED', 'Messaging is not available');
      const now = new Date();
      return {
        db,
        access,
        customerUserId,
        loaders: createLoaders(db, services.attachments, now),
        services,
        now,
      };
    },
  });
}
