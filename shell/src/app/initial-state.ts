import { INITIAL_STATE_ELEMENT_ID, ROUTE_TABLE_PATH, embeddedInitialStateSchema, routeTableSchema, type EmbeddedInitialState, type RouteTable } from '@portal/shared-api';

export type InitialStateResult = { ok: true; state: EmbeddedInitialState } | { ok: false; error: unknown };

/** Reads and validates the server-embedded `<script type="application/json" id="portal-initial-state">`. */
export function readInitialState(doc: Document = document): InitialStateResult {
  const element = doc.getElementById(INITIAL_STATE_ELEMENT_ID);
  if (!element?.textContent) return { ok: false, error: new Error(`#${INITIAL_STATE_ELEMENT_ID} is missing`) };
  try {
    const parsed = embeddedInitialStateSchema.safeParse(JSON.parse(element.textContent));
    return parsed.success ? { ok: true, state: parsed.data } : { ok: false, error: parsed.error };
  } catch (error) {
    return { ok: false, error };
  }
}

/** How many times the route table is asked for before the shell gives up (a server restarting, a lost packet). */
const ROUTE_TABLE_ATTEMPTS = 2;

/**
 * GET /routes.json: the route table of the pages this visitor is served, which the page does not
 * embed (the same for every page; issue 31). The page preloads it beside the shell's code, and a
 * default-mode fetch takes that preload. The schema puts back the values the server leaves out.
 */
export async function fetchRouteTable(fetchImpl: typeof fetch = fetch): Promise<RouteTable> {
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= ROUTE_TABLE_ATTEMPTS; attempt++) {
    try {
      const response = await fetchImpl(ROUTE_TABLE_PATH, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${ROUTE_TABLE_PATH} answered ${response.status}`);
      return routeTableSchema.parse(await response.json());
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
