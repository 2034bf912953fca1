import type { FastifyRequest } from 'fastify';
import { processRegularResult, type YogaServerInstance } from 'graphql-yoga';
import type { MessagingContext } from './context';
import { MESSAGING_ENDPOINT, type MessagingServerContext } from './graphql-server';

/** What goes back to the browser. */
export interface GraphQLAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

type MessagingYoga = YogaServerInstance<MessagingServerContext, MessagingContext>;

/** The two answers the portal's client accepts; anything else is negotiated by yoga itself. */
const PLAIN_MEDIA_TYPES = new Set(['application/graphql-response+json', 'application/json']);

/** The media type a plain `accept` header asks for first, or null when yoga should decide. */
function preferredMediaType(accept: string | undefined): string | null {
  const first = (accept ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return PLAIN_MEDIA_TYPES.has(first) ? first : null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The whole way through yoga: its Fetch-API request, content negotiation and response. */
async function throughFetch(yoga: MessagingYoga, request: FastifyRequest): Promise<GraphQLAnswer> {
  const response = await yoga.fetch(
    `http://portal${MESSAGING_ENDPOINT}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: request.headers.accept ?? 'application/graphql-response+json' },
      body: JSON.stringify(request.body ?? null),
    },
    { fastifyRequest: request },
  );
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}

/**
 * Answers a GraphQL POST whose JSON body Fastify has already parsed.
 *
 * The common case (one operation in an object body, a plain `accept`) goes through yoga's own
 * parameter handling (getResultForParams: its checks of the parameters, the parse and validation
 * caches, graphql-armor, graphql-jit, error masking) and its own result processing
 * (processRegularResult: the status codes of GraphQL over HTTP and the serialisation), but not
 * through yoga's Fetch-API round trip, which re-serialised the body into a Request, parsed it again
 * and built a Response: about 0.13 ms of CPU per request, a fifth of what the polled conversation
 * list cost the server. Everything else (a batch, another media type, parameters yoga refuses
 * before running anything) goes the whole way through yoga.fetch, so yoga answers it as before.
 */
export async function answerGraphQL(yoga: MessagingYoga, request: FastifyRequest): Promise<GraphQLAnswer> {
  const mediaType = preferredMediaType(request.headers.accept);
  const params = request.body;
  if (!mediaType || !isPlainObject(params)) return throughFetch(yoga, request);
  let result: Awaited<ReturnType<MessagingYoga['getResultForParams']>>;
  try {
    // The Request only carries the method, for the plugins that ask (a mutation needs a POST).
    const fetchRequest = new yoga.fetchAPI.Request(`http://portal${MESSAGING_ENDPOINT}`, { method: 'POST' });
    // getResultForParams checks the parameters' shape itself (yoga's onParams hooks).
    result = await yoga.getResultForParams({ params: params as Parameters<MessagingYoga['getResultForParams']>[0]['params'], request: fetchRequest }, { fastifyRequest: request });
  } catch {
    // Thrown before any operation ran (the parameters' checks; errors while running are part of
    // the result): yoga.fetch gives the same refusal its usual answer.
    return throughFetch(yoga, request);
  }
  const response = processRegularResult(result as Parameters<typeof processRegularResult>[0], yoga.fetchAPI, mediaType);
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.text() };
}
