import type { InitialState, RouteTable } from '@portal/shared-api';
import { shellContextFromState, type AnalyticsApi, type ErrorReporter, type SessionStoreState, type ShellContextValue, type ToastApi } from '@portal/shared-ui';
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

/** The context every remote receives (shared-ui's shellContextFromState, as the server's pre-render makes it). */
export function createShellContext({ state, table, routes, session, toasts, analytics, errors, api, clients, navigate, parcels }: ShellContextDeps): ShellContextValue {
  return shellContextFromState(state, {
    table,
    routes,
    session,
    navigate,
    toasts,
    analytics,
    errors,
    api: clients.api,
    messaging: clients.messaging,
    loadPage: (routeId, params, signal) => api.loadPage(routeId, params, signal),
    parcels,
  });
}
