import type { InitialState, PageState, RouteTable } from '@portal/shared-api';
import { hasRouteId, hrefById, type RouteId } from '@portal/shared-i18n';
import type { AnalyticsApi, ErrorReporter, SessionStoreState, ShellContextValue, ToastApi } from '@portal/shared-ui';
import type { StoreApi } from 'zustand';
import type { RemoteParcelMounter } from '../remotes/remote-parcels';
import type { SessionClients } from '../services/session-clients';
import type { ShellApi } from './runtime';

export interface ShellContextDeps {
  state: InitialState;
  /** the whole table (links may point to pages of any brand, e.g. the fi-only terms) */
  table: RouteTable;
  /** the pages that exist here (brand and features applied) */
  routes: RouteTable;
  session: StoreApi<SessionStoreState>;
  toasts: ToastApi;
  analytics: AnalyticsApi;
  errors: ErrorReporter;
  api: Pick<ShellApi, 'loadPage'>;
  /** the session's clients, handed to the remotes */
  clients: SessionClients;
  navigate(path: string): void;
  /** mounts another remote's parcel (createRemoteParcelMounter); the context adds itself as `shell` */
  parcels: RemoteParcelMounter;
}

/** The context every remote receives; the page's embedded state is handed out once, to its own page. */
export function createShellContext({ state, table, routes, session, toasts, analytics, errors, api, clients, navigate, parcels }: ShellContextDeps): ShellContextValue {
  let initialPage: PageState | null = state.page;
  const context: ShellContextValue = {
    lang: state.lang,
    brand: state.brand,
    environment: state.environment,
    features: state.features,
    user: state.user,
    config: state.config,
    routes,
    session,
    navigate,
    href: (routeId, params = {}, lang = state.lang) => hrefById(table, routeId, lang, params),
    hasRoute: (routeId): routeId is RouteId => hasRouteId(routes, routeId),
    toasts,
    analytics,
    errors,
    api: clients.api,
    messaging: clients.messaging,
    loadPage: (routeId, params, signal) => api.loadPage(routeId, params, signal),
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
