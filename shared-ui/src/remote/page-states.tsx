import { createContext, useContext, type ReactNode } from 'react';
import type { PageStateSchemas, RouteWithState } from '@portal/shared-api';

/**
 * The page state schemas of the part that renders (a remote's `pageStates`, the shell's own): each
 * bundle carries only its part's schemas, never shared-api's whole map.
 */
const PageStatesContext = createContext<PageStateSchemas>({});

export function PageStatesProvider({ pageStates, children }: { pageStates: PageStateSchemas; children: ReactNode }) {
  return <PageStatesContext.Provider value={pageStates}>{children}</PageStatesContext.Provider>;
}

/** The schema of `routeId`'s state from the part's own map; a route the part did not list is a programming error. */
export function usePageStateSchema<R extends RouteWithState>(routeId: R): NonNullable<PageStateSchemas[R]> {
  const schema = useContext(PageStatesContext)[routeId];
  if (!schema) throw new Error(`No page state schema for '${routeId}': add it to the part's pageStates (createRemote, createParcel)`);
  return schema;
}
