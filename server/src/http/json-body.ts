import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RequestValidationError } from './errors';

/**
 * How deep a JSON body may nest. The portal's deepest request (a questionnaire's answers inside a
 * GraphQL mutation) nests about 10 levels; a body nested thousands deep overflows the stack of
 * whatever walks it later (JSON.stringify, a validator, GraphQL's variable coercion) as a 500.
 */
export const MAX_JSON_DEPTH = 64;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether the JSON text nests deeper than `limit`, counted outside strings. One linear pass with no
 * recursion, so any body is measured without risk; text that is not JSON at all is left for the
 * parser to refuse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

type BodyParser = (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void) => void;

/**
 * Parses every `application/json` body with Fastify's own parser (secure-json-parse: empty bodies,
 * malformed JSON and `__proto__` / `constructor.prototype` poisoning are refused as before) after
 * refusing a body nested deeper than MAX_JSON_DEPTH: 400 at `body`. Installed on the root before
 * any route, so every route and plugin inherits it (scopes that read their own bodies replace it).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error') as BodyParser;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(new RequestValidationError([{ path: 'body', message: `The JSON is nested too deep (at most ${MAX_JSON_DEPTH} levels)` }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
