import type { Brand, ComposedRoute, RouteTable } from '@portal/shared-api';

/** A route exists in this environment when its brand is served and every feature it needs is on. */
export function isRouteAvailable(route: ComposedRoute, brand: Brand, features: readonly string[]): boolean {
  return route.brands.includes(brand) && route.features.every((feature) => features.includes(feature));
}

export function availableRoutes(table: RouteTable, brand: Brand, features: readonly string[]): RouteTable {
  return table.filter((route) => isRouteAvailable(route, brand, features));
}

// One definition with the sign-in links' builder (shared-ui signInHref), which every sign-in link uses.
export { ACTING_GUARDIAN, ACTING_PARAM, NEXT_PATH_PARAM } from '@portal/shared-ui';

/** '/fi/kirjaudu?nextPath=%2Ffi%2Flaboratorio' */
export function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
