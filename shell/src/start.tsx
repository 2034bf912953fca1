import type { InitialState } from '@portal/shared-api';
import { createShellContext } from './app/create-shell-context';
import { matchRoute } from '@portal/shared-i18n';
import { createToastStore } from '@portal/shared-ui';
import { mountRootParcel, navigateToUrl } from 'single-spa';
import { createLocationStore } from './app/location-store';
import { preloadShellPage } from './pages';
import { importShellMessages } from './app/messages';
import { clearPrerenderedPage, takePrerenderedHosts, takePrerenderedParcels } from './app/prerendered-hosts';
import { registerApplications } from './app/register-applications';
import type { ShellRuntime } from './app/runtime';
import { createFederationLoader, currentRemote, federatedRemotes, registerFederatedRemotes, remoteVersionOf } from './remotes/federation';
import { createRemotesRefresher, fetchRemotesManifest } from './remotes/refresh-remotes';
import { createRemoteParcelMounter } from './remotes/remote-parcels';
import { applyOverrideRoutes } from './remotes/override-routes';
import { clearOverrides, resolveOverrides } from './remotes/overrides';
import { shareOverridesWithServer } from './remotes/override-cookie';
import { availableRoutes } from './routing/route-access';
import { createAnalytics } from './services/analytics';
import { reportSignIn } from './services/sign-in-event';
import { createErrorReporter } from './services/error-reporter';
import { trackInputModality } from './services/input-modality';
import { createSessionClients } from './services/session-clients';
import { createSessionStore } from './services/session-store';
import { createShellApi } from './services/shell-api';
import { reportWebVitals } from './web-vitals/report-web-vitals';

/** The shell's start with the page's valid initial state (bootstrap.tsx): the layout and the remotes' applications in `root`. */
export async function start(root: HTMLElement, state: InitialState): Promise<void> {
  document.documentElement.dataset.brand = state.brand;
  document.documentElement.lang = state.lang;
  trackInputModality();
  // fetched while the rest is set up; awaited before the first render
  const messages = importShellMessages(state.lang);

  const errors = createErrorReporter({ dsn: state.sentryDsn, environment: state.environment, remoteVersion: remoteVersionOf });
  window.addEventListener('error', (event) => errors.report(event.error ?? event.message, 'window'));
  window.addEventListener('unhandledrejection', (event) => errors.report(event.reason, 'unhandled-rejection'));

  const session = createSessionStore(state.session?.expiresAt ?? null);
  const clients = createSessionClients({ csrfToken: state.user?.csrfToken ?? null, session });
  const api = createShellApi({ lang: state.lang, client: clients.api });
  const toastStore = createToastStore();
  const analytics = createAnalytics();
  reportSignIn(window, state.user, analytics);

  const overrides = resolveOverrides({
    manifest: state.remotes,
    search: window.location.search,
    origin: window.location.origin,
    storage: window.localStorage,
    warn: (message) => console.warn(message),
  });
  shareOverridesWithServer(overrides.active);
  if (overrides.cleanedSearch !== null) {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${overrides.cleanedSearch}${window.location.hash}`);
  }
  const table = await applyOverrideRoutes(state.routes, overrides.active, (message) => console.warn(message));
  const routes = availableRoutes(table, state.brand, state.features);
  const landing = matchRoute(routes, window.location.pathname);
  // the shell's page at this address (its own chunk) arrives with the texts: the first render is whole
  const firstPage = preloadShellPage(landing);
  // an address no route matches has no page type the server would take
  if (landing) {
    reportWebVitals({
      page: { pageType: landing.route.id, remoteId: landing.route.owner === 'shell' ? null : landing.route.owner },
      remoteVersion: remoteVersionOf,
    });
  }

  const location = createLocationStore();
  // a remote's page the server pre-rendered stays in its host until the remote mounts there
  const hosts = takePrerenderedHosts(root);
  // and the front page's parcels the server rendered, until their parcels mount
  const parcels = takePrerenderedParcels(root);
  const firstPath = window.location.pathname;
  window.addEventListener('single-spa:routing-event', () => {
    if (window.location.pathname === firstPath) return;
    hosts.forEach(clearPrerenderedPage);
    // a later front page shows its own state, not the one of the page the server rendered
    parcels.clear();
  });
  // one loader and one parcel mounter for the applications, the front page's summaries and the
  // parcels one remote mounts in another's page
  const loadRemoteModule = createFederationLoader();
  const mountParcel: ShellRuntime['mountParcel'] = (config, props) => mountRootParcel(config, props as Parameters<typeof mountRootParcel>[1]);

  const shell = createShellContext({
    state,
    table,
    routes,
    session,
    toasts: toastStore.getState(),
    analytics,
    errors,
    api,
    clients,
    navigate: (path) => navigateToUrl(path),
    parcels: createRemoteParcelMounter({ remotes: overrides.remotes, loadRemoteModule, mountParcel }),
  });

  registerFederatedRemotes(overrides.remotes);
  // a version activated while the visitor stays on the page reaches their next page of that remote
  const refreshRemotes = createRemotesRefresher({
    fetchManifest: fetchRemotesManifest,
    current: federatedRemotes,
    overrides: overrides.active,
    apply: registerFederatedRemotes,
  });
  const runtime: ShellRuntime = {
    state,
    routes,
    shell,
    messages: (await Promise.all([messages, firstPage]))[0],
    api,
    location,
    toastStore,
    remotes: overrides.remotes,
    overrides: overrides.active,
    resetOverrides: () => {
      clearOverrides(window.localStorage);
      shareOverridesWithServer({});
      window.location.reload();
    },
    loadRemoteModule,
    remoteEntry: (remoteId) => currentRemote(remoteId)?.entry,
    refreshRemotes,
    mountParcel,
    remoteHost(remoteId) {
      let host = hosts.get(remoteId);
      if (!host) {
        host = document.createElement('div');
        host.className = 'shell-remote-host';
        host.dataset.remote = remoteId;
        hosts.set(remoteId, host);
      }
      return host;
    },
    prerenderedParcel: (key) => parcels.get(key) ?? null,
    redirect: (url) => window.location.assign(url),
    matchRoute: (pathname) => matchRoute(routes, pathname),
  };
  registerApplications(runtime, root);
}
