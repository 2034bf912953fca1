import type { pageStateSchemas, RouteWithState } from './page-states';

/**
 * A part's page state schemas, each behind a dynamic import (e.g. recordsPageStateImports): what a
 * remote gives createRemote, so its bundle constructs a schema only when the visitor opens its page.
 * The server and the types keep the part's plain map (recordsPageStates).
 */
export type PageStateImports<K extends RouteWithState = RouteWithState> = { readonly [R in K]: () => Promise<(typeof pageStateSchemas)[R]> };
