/**
 * The last safety net before spans leave the process: whatever an instrumentation recorded, no
 * attribute (nor span name, nor event attribute) carries a Finnish identity code, a bearer token or
 * a JWT, a cookie or authorization header, or a URL's query string.
 */
import { scrubText } from '../http/logging';

/** Attributes holding a URL or its parts: their query strings are dropped. */
const URL_KEYS = new Set(['http.url', 'http.target', 'url.full', 'url.path', 'http.route', 'next.route', 'url.original']);
/** Attributes dropped whole: query strings, headers that carry secrets (if anyone ever turns header capture on). */
const DROPPED_KEY = /^url\.query$|cookie|authorization|x-csrf|csrf-token|proxy-authorization/i;
/** JSON Web Tokens (id tokens, signed state). */
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** `/a/b?token=x` → `/a/b` (a full URL keeps its origin and path). */
export function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : url.slice(0, cut);
}

/** Identity codes, bearer/basic credentials and JWTs in a text replaced by markers. */
export function redactText(text: string): string {
  return scrubText(text).replace(JWT, '[jwt]');
}

type AttributeValue = unknown;

function redactValue(key: string, value: AttributeValue): AttributeValue {
  if (typeof value === 'string') return redactText(URL_KEYS.has(key) ? withoutQuery(value) : value);
  if (Array.isArray(value)) return value.map((item: unknown) => (typeof item === 'string' ? redactText(item) : item));
  return value;
}

/** Redacts an attribute map in place (span attributes are plain objects the exporter reads later). */
export function redactAttributes(attributes: Record<string, AttributeValue> | undefined): void {
  if (!attributes) return;
  for (const key of Object.keys(attributes)) {
    if (DROPPED_KEY.test(key)) {
      delete attributes[key];
      continue;
    }
    attributes[key] = redactValue(key, attributes[key]);
  }
}

/** The parts of a finished span this module touches (the SDK's ReadableSpan has them as plain fields). */
export interface RedactableSpan {
  name: string;
  attributes: Record<string, AttributeValue>;
  events?: readonly { name: string; attributes?: Record<string, AttributeValue> }[];
  links?: readonly { attributes?: Record<string, AttributeValue> }[];
}

/** Redacts a finished span in place: its name, its attributes, its events' and links' attributes. */
export function redactSpan(span: RedactableSpan): void {
  const name = redactText(withoutQuery(span.name));
  if (name !== span.name) (span as { name: string }).name = name;
  redactAttributes(span.attributes);
  for (const event of span.events ?? []) redactAttributes(event.attributes);
  for (const link of span.links ?? []) redactAttributes(link.attributes);
}
