import { createShellContext } from '../app/create-shell-context';
import { render } from '@testing-library/react';
import type { InitialState } from '@portal/shared-api';
import { createMockApiClient, createMockMessagingClient } from '@portal/shared-api/mock';
import { createToastStore } from '@portal/shared-ui';
import { createIntlMessages, matchRoute } from '@portal/shared-i18n';
import { createLocationStore } from '../app/location-store';
import { shellCatalogue } from '../app/shell-catalogue';
import type { ShellApi, ShellRuntime } from '../app/runtime';
import { ShellApp } from '../app/ShellApp';
import { SHELL_PAGES } from '../pages';
import { availableRoutes } from '../routing/route-access';
import { createSessionStore } from '../services/session-store';
import { initialState } from './fixtures';

// In the browser the shell's page at the first address arrives with the shell (start.tsx preloads its
// chunk); here every shell page is imported before a file's tests, so each renders at once.
beforeAll(() => Promise.all(Object.values(SHELL_PAGES).map((page) => page.preload().catch(() => undefined))));

export interface TestRuntimeOptions {
  state?: Partial<InitialState>;
  api?: Partial<ShellApi>;
  runtime?: Partial<ShellRuntime>;
}

/** A runtime like start.tsx's, with fakes at the edges (API, remotes, redirects). */
export function createTestRuntime(options: TestRuntimeOptions = {}): ShellRuntime {
  const state = initialState(options.state);
  const routes = availableRoutes(state.routes, state.brand, state.features);
  const toastStore = createToastStore();
  const location = createLocationStore();
  const session = createSessionStore(state.session?.expiresAt ?? null);
  const api: ShellApi = {
    logout: jest.fn(async () => undefined),
    loadPage: jest.fn(async (routeId: string) => ({ routeId, params: {}, state: null })),
    requestMfaCode: jest.fn(async () => undefined),
    answerMfaChallenge: jest.fn(async () => 'mfa-challenge-failed' as const),
    sendAccessibilityFeedback: jest.fn(async () => undefined),
    passkeyLoginOptions: jest.fn(async () => ({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 300_000, userVerification: 'required' as const })),
    passkeyLogin: jest.fn(async (_credential, next: string) => next),
    ...options.api,
  };
  const hosts = new Map<string, HTMLElement>();
  const shell = createShellContext({
    state,
    table: state.routes,
    routes,
    session,
    toasts: toastStore.getState(),
    analytics: { push: jest.fn() },
    errors: { report: jest.fn() },
    api,
    clients: { api: createMockApiClient(), messaging: createMockMessagingClient() },
    navigate: (path) => {
      window.history.pushState(null, '', path);
      location.refresh();
    },
    parcels: jest.fn(() => ({ mountPromise: Promise.resolve(), unmount: async () => undefined })),
  });
  return {
    state,
    routes,
    shell,
    messages: createIntlMessages(state.lang, shellCatalogue),
    api,
    location,
    toastStore,
    remotes: state.remotes.remotes,
    overrides: {},
    resetOverrides: jest.fn(),
    loadRemoteModule: jest.fn(async () => ({ mount: async () => undefined, unmount: async () => undefined })),
    mountParcel: jest.fn(() => ({ mountPromise: Promise.resolve(), unmount: async () => undefined })),
    remoteHost(remoteId) {
      let host = hosts.get(remoteId);
      if (!host) {
        host = document.createElement('div');
        host.dataset.remote = remoteId;
        hosts.set(remoteId, host);
      }
      return host;
    },
    prerenderedParcel: () => null,
    redirect: jest.fn(),
    matchRoute: (pathname) => matchRoute(routes, pathname),
    ...options.runtime,
  };
}

/** Renders the whole shell layout at `path`. */
export function renderShell(path: string, options: TestRuntimeOptions = {}) {
  window.history.replaceState(null, '', path);
  const runtime = createTestRuntime(options);
  const view = render(<ShellApp runtime={runtime} />);
  return { runtime, ...view };
}
