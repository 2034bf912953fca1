import type { RouteTable } from '@portal/shared-api';
import type { RouteId } from './generated/route-ids';

/** True when the page exists in this table (brand and features applied); narrows the id for typed links. */
export function hasRouteId(table: RouteTable, routeId: string): routeId is RouteId {
  return table.some((route) => route.id === routeId);
}
