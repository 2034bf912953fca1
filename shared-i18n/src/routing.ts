import type { ComposedRoute, RouteMatch, RouteTable } from '@portal/shared-api';
import { isLang, type Lang } from './languages';

export type { RouteMatch };
export type RouteParams = Record<string, string>;

type Segment = { kind: 'static'; value: string } | { kind: 'param'; name: string };

function parsePattern(path: string): Segment[] {
  return splitPath(path).map((part) =>
    part.startsWith(':') ? { kind: 'param', name: part.slice(1) } : { kind: 'static', value: part },
  );
}

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** Separates '/fi/x?a=1#h' into the path and the rest ('?a=1#h'), so matching never sees the query. */
function splitSearch(pathAndSearch: string): { pathname: string; suffix: string } {
  const index = pathAndSearch.search(/[?#]/);
  return index === -1
    ? { pathname: pathAndSearch, suffix: '' }
    : { pathname: pathAndSearch.slice(0, index), suffix: pathAndSearch.slice(index) };
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function paramAccepts(route: ComposedRoute, name: string, value: string): boolean {
  if (value === '') return false;
  const source = route.params?.[name];
  if (source === undefined) return true;
  return new RegExp(`^(?:${source})$`).test(value);
}

/** Matches one route's localized pattern; returns its params, or null. */
function matchPattern(route: ComposedRoute, lang: Lang, parts: string[]): RouteParams | null {
  const pattern = parsePattern(route.paths[lang]);
  if (pattern.length !== parts.length) return null;
  const params: RouteParams = {};
  for (const [index, segment] of pattern.entries()) {
    const raw = parts[index] as string;
    if (segment.kind === 'static') {
      if (segment.value !== raw) return null;
      continue;
    }
    const value = safeDecode(raw);
    if (value === null || !paramAccepts(route, segment.name, value)) return null;
    params[segment.name] = value;
  }
  return params;
}

function staticSegmentCount(route: ComposedRoute, lang: Lang): number {
  return parsePattern(route.paths[lang]).filter((segment) => segment.kind === 'static').length;
}

/**
 * Finds the page of a pathname such as '/fi/laboratorio' or '/sv/' ('/fi' is the front page).
 * A query string or hash is ignored; a trailing slash is tolerated. When several routes match,
 * the one with more fixed segments wins ('varaus/uusi' before 'varaus/:ids'), then table order.
 */
export function matchRoute(table: RouteTable, pathname: string): RouteMatch | null {
  const parts = splitPath(splitSearch(pathname).pathname);
  const [lang, ...rest] = parts;
  if (!isLang(lang)) return null;
  let best: { match: RouteMatch; specificity: number } | null = null;
  for (const route of table) {
    const params = matchPattern(route, lang, rest);
    if (!params) continue;
    const specificity = staticSegmentCount(route, lang);
    if (!best || specificity > best.specificity) best = { match: { route, lang, params }, specificity };
  }
  return best?.match ?? null;
}

/** '/{lang}/{localized path}' with parameters encoded. Throws when a parameter of the path is missing. */
export function buildPath(route: ComposedRoute, lang: Lang, params: RouteParams = {}): string {
  const segments = parsePattern(route.paths[lang]).map((segment) => {
    if (segment.kind === 'static') return segment.value;
    const value = params[segment.name];
    if (value === undefined || value === '') {
      throw new Error(`Route '${route.id}' needs the parameter '${segment.name}'`);
    }
    return encodeSegment(value);
  });
  return segments.length === 0 ? `/${lang}` : `/${lang}/${segments.join('/')}`;
}

/** Percent-encodes a path segment but leaves ',', ':' and '@' readable (allowed in segments by RFC 3986). */
function encodeSegment(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%40/gi, '@');
}

export function findRoute(table: RouteTable, routeId: string): ComposedRoute | undefined {
  return table.find((route) => route.id === routeId);
}

/** Link to a page by route id (cross-remote links never spell paths). Throws on an unknown id. */
export function hrefById(table: RouteTable, routeId: string, lang: Lang, params: RouteParams = {}): string {
  const route = findRoute(table, routeId);
  if (!route) throw new Error(`Unknown route id '${routeId}'`);
  return buildPath(route, lang, params);
}

/**
 * The same page in another language (spec part 2 §2: switching replaces the leading language segment).
 * A known page is rebuilt from its localized path so its slug is translated too; the query and hash
 * are kept. An unknown path only gets its language segment swapped.
 */
export function switchLanguagePath(table: RouteTable, pathAndSearch: string, newLang: Lang): string {
  const { pathname, suffix } = splitSearch(pathAndSearch);
  const match = matchRoute(table, pathname);
  if (match) return buildPath(match.route, newLang, match.params) + suffix;
  const parts = splitPath(pathname);
  const rest = isLang(parts[0]) ? parts.slice(1) : parts;
  return (rest.length === 0 ? `/${newLang}` : `/${newLang}/${rest.join('/')}`) + suffix;
}

/** The language of a pathname, if it starts with one. */
export function langOfPath(pathname: string): Lang | null {
  const first = splitPath(splitSearch(pathname).pathname)[0];
  return isLang(first) ? first : null;
}
