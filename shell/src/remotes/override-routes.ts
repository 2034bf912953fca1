import { remoteRoutesFileSchema, type RouteTable } from '@portal/shared-api';
import type { Overrides } from './overrides';

/**
 * An overridden remote may declare pages the deployed one does not have yet: its dev server serves
 * routes.json beside mf-manifest.json. Those routes replace the remote's routes in the table; when they
 * cannot be fetched in time the server's table stays.
 */
export async function applyOverrideRoutes(
  table: RouteTable,
  overrides: Overrides,
  warn: (message: string) => void,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 3000,
): Promise<RouteTable> {
  let result = table;
  for (const [remoteId, manifestUrl] of Object.entries(overrides)) {
    try {
      const response = await fetchFn(new URL('routes.json', manifestUrl).href, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const routes = remoteRoutesFileSchema.parse(await response.json()).map((route) => ({ ...route, owner: remoteId }));
      result = [...result.filter((route) => route.owner !== remoteId), ...routes];
    } catch (error) {
      warn(`[portal] Could not read routes.json of the overridden remote '${remoteId}' (${String(error)}); using the deployed routes.`);
    }
  }
  return result;
}
