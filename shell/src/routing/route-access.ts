import type { Brand, ComposedRoute, RouteTable } from '@portal/shared-api';

/** A route exists in this environment when its brand is served and every feature it needs is on. */
export function isRouteAvailable(route: ComposedRoute, brand: Brand, features: readonly string[]): boolean {
  return route.brands.includes(brand) && route.features.every((feature) => features.includes(feature));
}

export function availableRoutes(table: RouteTable, brand: Brand, features: readonly string[]): RouteTable {
  return table.filter((route) => isRouteAvailable(route, brand, features));
}

/** Query parameter the login page reads to send the user back after identification. */
export const NEXT_PATH_PARAM = 'nextPath';

/**
 * Marker on the login page's query (`?acting=guardian`) set by the children's-brand landing when a
 * guardian chooses "child's matters". The login page shows the guardian wording and passes the marker
 * on to /oauth/authenticate, where the server may start the mandate check.
 */
export const ACTING_PARAM = 'acting';
export const ACTING_GUARDIAN = 'guardian';

/** '/fi/kirjaudu?nextPath=%2Ffi%2Flaboratorio' */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
