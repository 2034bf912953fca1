import type { z } from 'zod';
import type { RouteId } from '../../generated/route-ids';
import { allPageStates } from './all-page-states';

/**
 * Route id → the zod schema of the state its server loader returns (embedded in the first page's
 * HTML, and answered by GET /api/pages/:routeId). The one place that types both ends: the server's
 * loader registry accepts only a loader returning `PageStateOf<R>`, and a remote's page reads the
 * same type, so a loader and its page cannot drift apart without a compile error.
 *
 * Every state includes its not-found variant where the page has one (served with HTTP 404).
 * `satisfies` keeps each entry's precise schema type while checking every key is a real route id.
 * Made of each part's own map (e.g. recordsPageStates; both generated from the routes.json files by
 * tooling/route-ids.cjs), so a browser bundle takes only its part's schemas (createRemote's
 * `pageStates`); the server takes this whole map.
 */
export const pageStateSchemas = allPageStates satisfies Partial<Record<RouteId, z.ZodType>>;

/** A route whose page has a server loader (and so a state schema). */
export type RouteWithState = keyof typeof pageStateSchemas;

/** The state of that route's page, as its loader returns it and its page reads it. */
export type PageStateOf<R extends RouteWithState> = z.infer<(typeof pageStateSchemas)[R]>;

/** A page state schema whose route is known only at run time (its parse result is then cast by the route id). */
export type AnyPageStateSchema = z.ZodType;

/** A part's own page state schemas (createRemote's `pageStates`): each entry the same as in pageStateSchemas. */
export type PageStateSchemas = { readonly [R in RouteWithState]?: (typeof pageStateSchemas)[R] };

/** Narrows a route id (e.g. from a URL) to one that has a state schema. */
export function isRouteWithState(routeId: string): routeId is RouteWithState {
  return Object.prototype.hasOwnProperty.call(pageStateSchemas, routeId);
}
