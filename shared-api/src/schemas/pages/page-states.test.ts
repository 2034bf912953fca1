import { routeIds, type RouteId } from '../../generated/route-ids';
import { isRouteWithState, pageStateSchemas, type PageStateOf, type RouteWithState } from './page-states';

test('every page with a state schema is a route of the composed portal', () => {
  for (const routeId of Object.keys(pageStateSchemas)) expect(routeIds).toContain(routeId);
});

test('a route id narrows to one with a state only when the map has it', () => {
  expect(isRouteWithState('records.visit')).toBe(true);
  expect(isRouteWithState('login')).toBe(false);
  expect(isRouteWithState('toString')).toBe(false);
});

test('a page state schema keeps its not-found variant', () => {
  const state: PageStateOf<'records.visit'> = pageStateSchemas['records.visit'].parse({ status: 'visit-not-found' });
  expect(state.status).toBe('visit-not-found');
});

// Type level: a route without a loader has no state type, and the map's keys are route ids.
// @ts-expect-error 'login' has no server loader
type NoState = PageStateOf<'login'>;
const keysAreRouteIds: RouteWithState extends RouteId ? true : never = true;
void keysAreRouteIds;
export type { NoState };
