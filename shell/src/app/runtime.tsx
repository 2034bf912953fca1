import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type {
  AccessibilityFeedbackRequest,
  AuthenticationCredential,
  InitialState,
  MfaChallengeOutcome,
  PageState,
  PasskeyLoginOptions,
  RemoteLocation,
  RouteMatch,
  RouteTable,
} from '@portal/shared-api';
import type { ShellContextValue, ToastStore } from '@portal/shared-ui';
import type { PrerenderedParcel } from '@portal/shared-ui/prerender';
import type { ParcelConfig } from 'single-spa';
import type { RemoteModuleLoader } from '../remotes/federation';
import type { Overrides } from '../remotes/overrides';
import type { LocationSnapshot, LocationStore } from './location-store';

/** The calls the shell itself makes. */
export interface ShellApi {
  /** POST /api/logout?csrfToken= */
  logout(): Promise<void>;
  loadPage(routeId: string, params: Record<string, string>, signal?: AbortSignal): Promise<PageState>;
  /** POST /api/mfa-onboarding?csrfToken&lang: sends an SMS code (the answer is not read) */
  requestMfaCode(phoneNumber: string, signal?: AbortSignal): Promise<void>;
  /** PUT /api/mfa-onboarding?csrfToken: checks the code */
  answerMfaChallenge(challengeResponseFromUser: string, signal?: AbortSignal): Promise<MfaChallengeOutcome>;
  /** POST /api/accessibility-feedback?lang (and csrfToken when signed in): the accessibility statement's feedback */
  sendAccessibilityFeedback(feedback: AccessibilityFeedbackRequest, signal?: AbortSignal): Promise<void>;
  /** POST /api/passkey-login/options: a fresh challenge for the person whose session expired */
  passkeyLoginOptions(signal?: AbortSignal): Promise<PasskeyLoginOptions>;
  /** POST /api/passkey-login: the authenticator's answer; a new session is set, the answer is where to go (a same-site path) */
  passkeyLogin(credential: AuthenticationCredential, next: string, signal?: AbortSignal): Promise<string>;
}

export interface ParcelHandle {
  unmount(): Promise<unknown>;
  mountPromise: Promise<unknown>;
}
export type ParcelMounter = (config: ParcelConfig, props: Record<string, unknown>) => ParcelHandle;

/** A front-page parcel in the server's HTML, as the remote's pre-render bundle made it (shared-ui's prerender). */
export type { PrerenderedParcel };

/** Everything the shell's own React tree needs; built once in start.tsx, faked in tests. */
export interface ShellRuntime {
  state: InitialState;
  /** the route table restricted to this environment's brand and features */
  routes: RouteTable;
  shell: ShellContextValue;
  /** the shell's texts (common + its own) in the page's language, imported before the first render */
  messages: Record<string, string>;
  api: ShellApi;
  location: LocationStore;
  toastStore: ToastStore;
  remotes: readonly RemoteLocation[];
  overrides: Overrides;
  resetOverrides(): void;
  loadRemoteModule: RemoteModuleLoader;
  /** where a remote is now (a new version may have been activated since the page loaded) */
  remoteEntry?(remoteId: string): string | undefined;
  /** looks for a newer remotes manifest (before a remote's page mounts on client-side navigation) */
  refreshRemotes?(): Promise<void>;
  mountParcel: ParcelMounter;
  /** the page's container element for a remote application (single-spa's domElementGetter) */
  remoteHost(remoteId: string): HTMLElement;
  /**
   * The server's HTML of a front-page parcel (by `<remote id><exposed>`) on the page the server
   * rendered; null elsewhere and once the visitor has moved on.
   */
  prerenderedParcel(key: string): PrerenderedParcel | null;
  /** full-page load (login redirects, logout, session expiry) */
  redirect(url: string): void;
  matchRoute(pathname: string): RouteMatch | null;
}

const RuntimeContext = createContext<ShellRuntime | null>(null);

export function RuntimeProvider({ runtime, children }: { runtime: ShellRuntime; children: ReactNode }) {
  return <RuntimeContext.Provider value={runtime}>{children}</RuntimeContext.Provider>;
}

export function useRuntime(): ShellRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime() outside RuntimeProvider');
  return runtime;
}

export function useLocationSnapshot(): LocationSnapshot {
  const { location } = useRuntime();
  return useSyncExternalStore(location.subscribe, location.get, location.get);
}
