// The route id union is generated into shared-api (tooling/route-ids.cjs), whose page state map is
// keyed by it; shared-i18n keeps exporting it so links typed by route id import from here unchanged.
export { routeIds, type RouteId } from '@portal/shared-api';
