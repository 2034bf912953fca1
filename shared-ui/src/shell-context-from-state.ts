import type { InitialState, PageState, RouteTable } from '@portal/shared-api';
import { hasRouteId, hrefById, type RouteId } from '@portal/shared-i18n';
import type { RemoteParcelHandle, ShellContextValue } from './shell-context';

/** The context's fields that the initial state and the route tables decide. */
type DecidedHere = 'lang' | 'brand' | 'environment' | 'features' | 'user' | 'config' | 'href' | 'hasRoute' | 'takeInitialPageState' | 'mountParcel';

/**
 * What the place that makes a shell context brings: the browser's shell its session store, clients,
 * toasts and navigation; the server's pre-render no-ops and clients that refuse every call.
 */
export type ShellContextServices = Omit<ShellContextValue, DecidedHere> & {
  /** the whole table links are built from (a page may link to a page of another brand, e.g. the fi-only terms) */
  table: RouteTable;
  /** mounts another remote's parcel with `props` (to which the context adds itself as `shell`) */
  parcels(remoteId: string, exposed: string, domElement: HTMLElement, props: Record<string, unknown>): RemoteParcelHandle;
};

/**
 * The context every remote receives, made the same way in the browser (the shell's bootstrap) and on
 * the server (pre-rendered pages), so a page reads the same values in both renders: the initial
 * state's fields, links from `table`, `hasRoute` from `routes`, the page's embedded state handed
 * out once, to its own page, and parcels mounted with this context.
 */
export function shellContextFromState(state: InitialState, { table, parcels, ...services }: ShellContextServices): ShellContextValue {
  let initialPage: PageState | null = state.page;
  const context: ShellContextValue = {
    ...services,
    lang: state.lang,
    brand: state.brand,
    environment: state.environment,
    features: state.features,
    user: state.user,
    config: state.config,
    href: (routeId, params = {}, lang = state.lang) => hrefById(table, routeId, lang, params),
    hasRoute: (routeId): routeId is RouteId => hasRouteId(services.routes, routeId),
    takeInitialPageState(routeId) {
      if (initialPage?.routeId !== routeId) return null;
      const page = initialPage;
      initialPage = null;
      return page;
    },
    // a parcel gets the same context as the page that mounts it
    mountParcel: (remoteId, exposed, domElement, props = {}) => parcels(remoteId, exposed, domElement, { ...props, shell: context }),
  };
  return context;
}
