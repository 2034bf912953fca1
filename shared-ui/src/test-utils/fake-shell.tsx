import { createStore } from 'zustand/vanilla';
import type { ComposedRoute, Lang, PageState, RouteDefinitionInput, RouteTable } from '@portal/shared-api';
import { createMockApiClient, createMockMessagingClient, type MockApiClient, type MockMessagingClient } from '@portal/shared-api/mock';
import { hasRouteId, hrefById, type RouteId } from '@portal/shared-i18n';
import type { RemoteParcelHandle, SessionStoreState, ShellContextValue } from '../shell-context';

/**
 * The composed route table as the server would give it for one remote's tests: the front page plus
 * that remote's routes.json (with the schema's defaults filled in).
 */
export function routeTableFor(owner: string, routes: readonly RouteDefinitionInput[]): RouteTable {
  const frontPage: ComposedRoute = {
    id: 'front-page',
    paths: { fi: '', sv: '', en: '' },
    kind: 'logged-in',
    features: [],
    brands: ['adult', 'children'],
    layout: { menu: true, footer: true, fullWidth: false },
    owner: 'shell',
  };
  return [
    frontPage,
    ...routes.map(
      (route): ComposedRoute => ({
        ...route,
        features: route.features ?? [],
        brands: route.brands ?? ['adult', 'children'],
        layout: { menu: true, footer: true, fullWidth: false, ...route.layout },
        owner,
      }),
    ),
  ];
}

export type FakeShell = ShellContextValue & {
  api: MockApiClient;
  messaging: MockMessagingClient;
  navigate: jest.Mock<void, [string]>;
  loadPage: jest.Mock<Promise<PageState>, [string, Record<string, string>, AbortSignal?]>;
  takeInitialPageState: jest.Mock<PageState | null, [string]>;
  toasts: { show: jest.Mock<string, [Parameters<ShellContextValue['toasts']['show']>[0]]>; dismiss: jest.Mock<void, [string]> };
  errors: { report: jest.Mock<void, [unknown, string]> };
  /** mounts nothing: a test reads the remote, the exposed name and the props (e.g. `onDone`) from its calls */
  mountParcel: jest.Mock<RemoteParcelHandle, [string, string, HTMLElement, Record<string, unknown>?]>;
};

/** What a test may set: any field, with the clients as mocks a test can program and inspect. */
export type FakeShellOverrides = Partial<Omit<ShellContextValue, 'api' | 'messaging'>> & { lang?: Lang; api?: MockApiClient; messaging?: MockMessagingClient };

/**
 * A ShellContextValue whose calls are jest mocks; `loadPage` never answers unless a test says so,
 * and the clients answer nothing they were not given a handler for.
 */
export function createFakeShell(routeTable: RouteTable, overrides: FakeShellOverrides = {}): FakeShell {
  const lang = overrides.lang ?? 'en';
  // links and route checks follow a test's own route table when it passes one
  const routes = overrides.routes ?? routeTable;
  const shell: ShellContextValue & Pick<FakeShell, 'api' | 'messaging'> = {
    lang,
    brand: 'adult',
    environment: 'development',
    features: ['prescription-renewal', 'customer-messaging-enabled', 'customer-messaging-allowed'],
    user: {
      firstName: 'Mikko',
      lastName: 'Virtanen',
      csrfToken: 'csrf',
      occupationalHealthcare: false,
      features: [],
      actingFor: null,
    },
    config: {
      brand: 'adult',
      customerServicePhone: '010 000 0000',
      billingPhone: '010 000 0001',
      billingEmail: 'billing@example.invalid',
      appLinks: { ios: 'https://example.invalid/ios', android: 'https://example.invalid/android' },
      nearestLaboratoryUrl: 'https://example.invalid/lab',
      nearestImagingUrl: 'https://example.invalid/imaging',
      cancellationHours: 24,
    },
    routes,
    session: createStore<SessionStoreState>((set) => ({ expiresAt: null, setExpiresAt: (expiresAt) => set({ expiresAt }) })),
    navigate: jest.fn(),
    href: (routeId, params, hrefLang) => hrefById(routes, routeId, hrefLang ?? lang, params),
    hasRoute: (routeId): routeId is RouteId => hasRouteId(routes, routeId),
    toasts: { show: jest.fn(() => 'toast-1'), dismiss: jest.fn() },
    analytics: { push: jest.fn() },
    errors: { report: jest.fn() },
    api: createMockApiClient(),
    messaging: createMockMessagingClient(),
    loadPage: jest.fn(() => new Promise<PageState>(() => {})),
    takeInitialPageState: jest.fn(() => null),
    mountParcel: jest.fn(() => ({ mountPromise: Promise.resolve(), unmount: async () => undefined })),
    ...overrides,
  };
  // the remaining calls above are jest.fn()s: the mocks FakeShell names
  return shell as FakeShell;
}

/** A page state as the loader answers it. */
export function pageState(routeId: string, state: unknown, params: Record<string, string> = {}): PageState {
  return { routeId, params, state };
}
