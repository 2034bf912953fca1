import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient, Brand, BrandConfig, Environment, Lang, MessagingClient, PageState, RouteTable, SessionUser } from '@portal/shared-api';
import type { RouteId } from '@portal/shared-i18n';
import type { StoreApi } from 'zustand';

/** What a toast says: a message id from the shell's or the remote's catalogue (already formatted text is allowed for server messages). */
export interface ToastInput {
  kind: 'success' | 'error' | 'info' | 'warning';
  /** formatted, user-visible text (format it with the caller's intl) */
  text: string;
  /** optional second line */
  detail?: string;
  /** default 10000 ms (spec part 1 §9) */
  durationMs?: number;
}
export interface ToastApi {
  show(toast: ToastInput): string;
  dismiss(id: string): void;
}

/** Analytics events go to window.dataLayer (spec part 1 §7 event names). Payloads never carry identity codes, names or contact details. */
export interface AnalyticsApi {
  push(event: string, payload?: Record<string, string | number | boolean | null>): void;
}

export interface ErrorReporter {
  /**
   * `process` is the spec's "tag for the process", e.g. 'records-summary'. `source.remoteId`: the
   * remote the error came from (the shell knows it for a remote's loading, pages and parcels); the
   * report is then tagged with that remote and the version of it the page runs.
   */
  report(error: unknown, process: string, source?: { remoteId: string }): void;
}

/**
 * Another remote's parcel mounted by the shell (ShellContextValue.mountParcel): `mountPromise`
 * settles once it is loaded and mounted (rejects when it could not be), `unmount` takes it down,
 * also while it is still loading.
 */
export interface RemoteParcelHandle {
  mountPromise: Promise<void>;
  unmount(): Promise<void>;
}

export interface SessionStoreState {
  /** ISO instant; null when signed out */
  expiresAt: string | null;
  setExpiresAt(expiresAt: string | null): void;
}

/**
 * The small typed context the shell hands every remote through single-spa custom props
 * (docs/architecture.md, "How a page is served", step 3). Remotes read it with `useShell()`.
 */
export interface ShellContextValue {
  lang: Lang;
  brand: Brand;
  environment: Environment;
  features: readonly string[];
  user: SessionUser | null;
  config: BrandConfig;
  routes: RouteTable;
  /** zustand store with the session's expiry; the shell's API client updates it on every response */
  session: StoreApi<SessionStoreState>;
  /** navigate to a full path (e.g. '/fi/laboratorio') without reloading, across remotes */
  navigate(path: string): void;
  /** build a link by route id: href('records.laboratory'), href('records.visit', { id: '3' }) */
  href(routeId: RouteId, params?: Record<string, string>, lang?: Lang): string;
  /** true when the route exists in this environment (brand, features) */
  hasRoute(routeId: string): routeId is RouteId;
  toasts: ToastApi;
  analytics: AnalyticsApi;
  errors: ErrorReporter;
  /**
   * The REST client of the signed-in session: the csrfToken on every state-changing call, and every
   * answer's session expiry handed to `session`. One for the page, so remotes never wire their own.
   */
  api: ApiClient;
  /** The messaging GraphQL client, wired to the session like `api`. */
  messaging: MessagingClient;
  /** fetch a page's loader state over the API (client-side navigation) */
  loadPage(routeId: string, params: Record<string, string>, signal?: AbortSignal): Promise<PageState>;
  /** the first page's server-embedded state; consumed once by the page that matches it */
  takeInitialPageState(routeId: string): PageState | null;
  /**
   * Mounts another remote's exposed parcel (e.g. 'mf-account', './consent-form') into `domElement`
   * with `{ shell, ...props }`, the way the front page mounts the summaries: the shell's federation
   * loader (timeout, retries) and single-spa's root parcels. A remote never imports another
   * remote's source; use shared-ui's <RemoteParcel> rather than calling this directly.
   */
  mountParcel(remoteId: string, exposed: string, domElement: HTMLElement, props?: Record<string, unknown>): RemoteParcelHandle;
}

const ShellContext = createContext<ShellContextValue | null>(null);

export function ShellProvider({ value, children }: { value: ShellContextValue; children: ReactNode }) {
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell() used outside the shell context (mount through the shell, or wrap tests in ShellProvider)');
  return value;
}
