import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  getNamedType,
  getOperationAST,
  GraphQLError,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ASTVisitor,
  type FieldNode,
  type GraphQLArgument,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { messagingTypeDefs, type MessagingErrorCode } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { patientAccess } from '../patients/index';
import type { MessagingConfig } from './config';
import { createLoaders, type MessagingContext, type MessagingServices } from './context';
import { isExpectedError, messagingError, type InputProblem } from './errors';
import { PAGINATION_MAX_LIMIT } from './inputs';
import { safeErrorForLog } from './log-safety';
import { customerUserIdOf } from './queries';
import { messagingResolvers } from './resolvers';
import { langFromAcceptLanguage } from './vocabulary';

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

/** The largest page size a `pagination` argument can stand for (the resolvers refuse larger ones). */
function pageSizeOf(field: FieldNode, argument: GraphQLArgument): number {
  const given = field.arguments?.find((arg) => arg.name.value === argument.name)?.value;
  const inputType = getNamedType(argument.type);
  const limitField = isInputObjectType(inputType) ? inputType.getFields().limit : undefined;
  const byDefault = typeof limitField?.defaultValue === 'number' ? limitField.defaultValue : PAGINATION_MAX_LIMIT;
  if (!given) return byDefault;
  // A variable, or a value only the resolver checks, may stand for any size the resolver accepts.
  if (given.kind !== Kind.OBJECT) return PAGINATION_MAX_LIMIT;
  const limit = given.fields.find((f) => f.name.value === 'limit')?.value;
  if (!limit) return byDefault;
  if (limit.kind !== Kind.INT) return PAGINATION_MAX_LIMIT;
  return Math.min(Math.max(Number.parseInt(limit.value, 10), 0), PAGINATION_MAX_LIMIT);
}

/**
 * The most items the selection can ask for: each field with a `pagination` argument multiplies the
 * items below it by its page size (fields without one are single objects or short fixed lists).
 */
function itemsAskedFor(context: ValidationContext, selectionSet: SelectionSetNode, parentType: GraphQLNamedType, factor: number, fragments: Set<string>): number {
  const schema = context.getSchema();
  let most = factor;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!selection.selectionSet || !(isObjectType(parentType) || isInterfaceType(parentType))) continue;
      const field = parentType.getFields()[selection.name.value];
      if (!field) continue;
      const paging = field.args.find((arg) => arg.name === 'pagination');
      const size = paging ? pageSizeOf(selection, paging) : 1;
      most = Math.max(most, itemsAskedFor(context, selection.selectionSet, getNamedType(field.type), factor * size, fragments));
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
      most = Math.max(most, itemsAskedFor(context, selection.selectionSet, type ?? parentType, factor, fragments));
    } else {
      const name = selection.name.value;
      const fragment = context.getFragment(name);
      // A cycle is refused by GraphQL's own NoFragmentCycles rule; here it only must not loop.
      if (!fragment || fragments.has(name)) continue;
      fragments.add(name);
      const type = schema.getType(fragment.typeCondition.name.value) ?? parentType;
      most = Math.max(most, itemsAskedFor(context, fragment.selectionSet, type, factor, fragments));
      fragments.delete(name);
    }
  }
  return most;
}

/**
 * Page sizes count in the cost of a document. A page of threads with a page of messages in each
 * asks for their product: 9999 threads × 9999 messages is a hundred million messages, which
 * graphql-armor's cost limit (a fixed cost per field) never sees. The product of the page sizes
 * along any path may not exceed the largest single page (PAGINATION_MAX_LIMIT, spec part 1 §9), so
 * the portal's own documents pass (9999 threads × their latest message; one thread × 9999 messages;
 * the list's pages of 10) and nested large pages are TOO_COMPLEX. A size given in a variable counts
 * as the largest the resolver accepts, so the verdict depends on the document alone (and is cached
 * with it).
 */
export function pageSizeCostRule(maxItems: number = PAGINATION_MAX_LIMIT) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const root = context.getSchema().getRootType(operation.operation);
      if (!root) return;
      const items = itemsAskedFor(context, operation.selectionSet, root, 1, new Set());
      if (items > maxItems) {
        context.reportError(
          new GraphQLError(`The document asks for up to ${items} items; nested page sizes multiply, and their product may be at most ${maxItems}`, {
            nodes: [operation],
            extensions: { code: 'TOO_COMPLEX' },
          }),
        );
      }
    },
  });
}

const pageSizeCost: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(pageSizeCostRule());
  },
};

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
const CLIENT_MISTAKE_CODES = new Set(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED', 'BAD_REQUEST', 'BAD_USER_INPUT', 'OPERATION_RESOLUTION_FAILURE']);
const DOCUMENT_CODES = new Set(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']);
const REQUEST_PARAMETERS = ['query', 'variables', 'operationName', 'extensions'];

/** 'firstMessage.attachments[0].key' (GraphQL's way of writing a value's path) → 'firstMessage.attachments.0.key' */
const dotted = (path: string) => path.replace(/\[(\d+)\]/g, '.$1');

/**
 * Where a client's mistake lies, for the problem's path: a variable's value (GraphQL names it in its
 * message: `Variable "$firstMessage" got invalid value … at "firstMessage.content"`), one of the
 * request's parameters (yoga's checks name it: `Expected "variables" param to be …`), the operation
 * to run (`operationName`), or else the document itself (`query`).
 */
export function problemPathOf(error: GraphQLError): string {
  const code = error.extensions?.code;
  if (typeof code === 'string' && DOCUMENT_CODES.has(code)) return 'query';
  if (code === 'OPERATION_RESOLUTION_FAILURE') return 'operationName';
  const variable = /^Variable "\$([A-Za-z_][A-Za-z0-9_]*)"/.exec(error.message);
  if (variable?.[1]) {
    const name = variable[1];
    // The value itself is printed before the path and may contain anything: the path is the
    // quoted part after ' at ' that starts with the variable's name.
    const at = [...error.message.matchAll(/ at "([^"]*)"/g)].map((m) => m[1] ?? '').find((p) => p === name || p.startsWith(`${name}.`) || p.startsWith(`${name}[`));
    return dotted(at ?? name);
  }
  const parameter = /"([A-Za-z_][A-Za-z0-9_]*)" param/.exec(error.message)?.[1] ?? /parameter "([^"]+)"/.exec(error.message)?.[1];
  if (parameter && (REQUEST_PARAMETERS.includes(parameter) || /Unexpected parameter/.test(error.message))) return parameter;
  if (/operation name/i.test(error.message)) return 'operationName';
  if (/body/i.test(error.message)) return 'body';
  return 'query';
}

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
      return withCode(error, 'BAD_USER_INPUT', error.message, [{ path: problemPathOf(error), message: error.message }]);
    }
    return error;
  }
  // Whatever code GraphQL or yoga gave it (OPERATION_RESOLUTION_FAILURE for two operations and no
  // operationName …): no exception of ours is inside, so it is about the request.
  if ((typeof code === 'string' && CLIENT_MISTAKE_CODES.has(code)) || raisedByGraphQL(error)) {
    return withCode(error, 'BAD_USER_INPUT', error.message, [{ path: problemPathOf(error), message: error.message }]);
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
        // Ours as they are; GraphQL's and yoga's own (bad variables, a bad request parameter …)
        // carry no exception of ours: the client's mistake, with the contract's code. yoga answers
        // a request it refuses before running anything with only this, not the normalizer below.
        if (isExpectedError(error) || raisedByGraphQL(error)) return normalizeError(error as GraphQLError);
        log.error({ err: safeErrorForLog(error) }, 'messaging operation failed');
        return messagingError('INTERNAL', 'Something went wrong');
      },
    },
    plugins: [
      ...armorPlugins(),
      pageSizeCost,
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
        lang: langFromAcceptLanguage(fastifyRequest.headers['accept-language']),
      };
    },
  });
}
