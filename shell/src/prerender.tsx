// The shell's pre-render bundle (tooling/prerender-webpack.cjs): its anonymous pages and the signed-in
// front page as static HTML for the server's response, rendered by the same components and providers
// as in the browser.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { expiredSessionPageStateSchema } from '@portal/shared-api';
import { matchRoute } from '@portal/shared-i18n';
import { createToastStore, PageFrame, ShellProvider } from '@portal/shared-ui';
import { intlPerLanguage, staticShellContext, type PrerenderInput } from '@portal/shared-ui/prerender';
import { shellCatalogue } from './app/shell-catalogue';
import type { LocationSnapshot } from './app/location-store';
import { RuntimeProvider, type PrerenderedParcel, type ShellRuntime } from './app/runtime';
import { layoutOf } from './app/layout-of';
import { Header } from './layout/Header';
import { SideMenu } from './layout/SideMenu';
import { ExpiredSessionPage } from './pages/ExpiredSessionPage';
import { FrontPage } from './pages/FrontPage';
import { LandingPage, landingErrorToast } from './pages/LandingPage';
import { LoginPage } from './pages/LoginPage';
import { TermsPage } from './pages/TermsPage';
import { AccessibilityPage } from './pages/AccessibilityPage';

/**
 * The shell's pages a visitor without a session sees (shell/routes.json), and the front page: its
 * summaries come from the remotes' bundles (`parcels`), the rest from the page state.
 */
const PAGES: Record<string, () => ReactNode> = {
  'front-page': () => <FrontPage />,
  login: () => <LoginPage />,
  landing: () => <LandingPage />,
  'expired-session': () => <ExpiredSessionPage />,
  terms: () => <TermsPage />,
  accessibility: () => <AccessibilityPage />,
};

/** The shell's texts (common + its own), parsed once per language for the server's life. */
const intlIn = intlPerLanguage([shellCatalogue], (lang) => lang); // ShellProviders' locale is the language code

function notWhileRendering(): never {
  throw new Error('not available while pre-rendering');
}

/** The runtime a shell page reads while rendering on the server: the state and the address, nothing that acts. */
/** The server's input; on the front page, the parcels the remotes' bundles rendered, by `<remote id><exposed>`. */
type ShellPrerenderInput = PrerenderInput & { parcels?: Readonly<Record<string, PrerenderedParcel>> };

function staticRuntime({ state, url, parcels = {} }: ShellPrerenderInput): ShellRuntime {
  const shell = staticShellContext(state);
  const queryAt = url.indexOf('?');
  const snapshot: LocationSnapshot = {
    pathname: queryAt === -1 ? url : url.slice(0, queryAt),
    search: queryAt === -1 ? '' : url.slice(queryAt),
    hash: '',
  };
  return {
    state,
    routes: shell.routes,
    shell,
    messages: {}, // the page renders under RawIntlProvider (intlIn), not ShellProviders' IntlProvider
    api: {
      logout: notWhileRendering,
      loadPage: notWhileRendering,
      requestMfaCode: notWhileRendering,
      answerMfaChallenge: notWhileRendering,
      sendAccessibilityFeedback: notWhileRendering,
      passkeyLoginOptions: notWhileRendering,
      passkeyLogin: notWhileRendering,
    },
    location: { get: () => snapshot, subscribe: () => () => undefined, refresh: () => undefined },
    toastStore: createToastStore(),
    remotes: state.remotes.remotes,
    overrides: {},
    resetOverrides: () => undefined,
    loadRemoteModule: notWhileRendering,
    mountParcel: notWhileRendering,
    remoteHost: notWhileRendering,
    prerenderedParcel: (key) => (Object.hasOwn(parcels, key) ? (parcels[key] ?? null) : null),
    redirect: () => undefined,
    matchRoute: (pathname) => matchRoute(shell.routes, pathname),
  };
}

/**
 * Whether the page at this address shows at once something only its running code shows, so the
 * server's HTML is not the whole page and the shell must not wait for the visitor to boot
 * (shell/src/deferred-boot.ts): the landing's error toast after a failed mandate check; the
 * accessibility statement's feedback form, which its code sends (were the shell to wait for the
 * visitor's first key, what they type into the server's copy of the form would be lost when the
 * shell's copy replaces it); the expired-session page when it offers a passkey.
 */
export function needsScriptAtOnce(input: PrerenderInput): boolean {
  const runtime = staticRuntime(input);
  const { pathname, search } = runtime.location.get();
  const routeId = runtime.matchRoute(pathname)?.route.id;
  if (routeId === 'accessibility') return true;
  // "Use a passkey" is a button only the shell's code makes work (the browser's WebAuthn dialog)
  if (routeId === 'expired-session') return expiredSessionPageStateSchema.safeParse(input.state.page?.state).data?.passkey === true;
  return routeId === 'landing' && landingErrorToast(new URLSearchParams(search).get('error')) !== null;
}

/**
 * Markup under the providers ShellApp puts around its layout (ShellProviders), as static HTML.
 * `part` prefixes the ids React makes: the page, the header, the menu and each remote's parcel are
 * renders of their own, each numbering from 0, and share one document.
 */
function renderUnderProviders(runtime: ShellRuntime, content: ReactNode, part: 'page' | 'header' | 'menu'): string {
  return renderToStaticMarkup(
    <RuntimeProvider runtime={runtime}>
      <RawIntlProvider value={intlIn(runtime.state.lang)}>
        <ShellProvider value={runtime.shell}>
          {content}
        </ShellProvider>
      </RawIntlProvider>
    </RuntimeProvider>,
    { identifierPrefix: `shell-${part}-` },
  );
}

/** The page's HTML as the layout's <main> holds it (ShellApp's ShellProviders around the page), or null. */
export function render(input: ShellPrerenderInput): string | null {
  const runtime = staticRuntime(input);
  const match = runtime.matchRoute(runtime.location.get().pathname);
  const page = match?.route.owner === 'shell' ? PAGES[match.route.id] : undefined;
  if (!page) return null;
  // in the frame the layout renders its pages in (ShellApp), so the markup is the same before and after the code runs
  return renderUnderProviders(
    runtime,
    <PageFrame focusHeading={false} onError={() => undefined}>
      {page()}
    </PageFrame>,
    'page',
  );
}

/** The route at the input's address and what the layout shows around it (as ShellLayout decides). */
function layoutAt(runtime: ShellRuntime) {
  const route = runtime.matchRoute(runtime.location.get().pathname)?.route ?? null;
  return { route, ...layoutOf(route, runtime.state.user) };
}

/**
 * The layout's header, as ShellApp renders it: the brand link, the other two languages' links to
 * the same page with its query, and, for a visitor without a session, the log-in link where the page
 * offers one; for someone signed in, the help link and their user menu. The server's skeleton shows
 * it before any script runs (server/src/pages/skeleton.ts), so a visitor can change the language of
 * a page whose boot waits, or of a browser without JavaScript, and nothing moves when the shell's
 * layout replaces the skeleton.
 */
export function renderHeader(input: PrerenderInput): string | null {
  const runtime = staticRuntime(input);
  const { route, expired } = layoutAt(runtime);
  return renderUnderProviders(runtime, <Header minimal={expired} routeId={route?.id ?? null} />, 'header');
}

/**
 * The layout's side menu of a signed-in visitor's page, as ShellApp renders it (null where the
 * layout has none), for the server's skeleton: the page's content does not move sideways, or down
 * on a phone, when the shell's layout adds its menu.
 */
export function renderMenu(input: PrerenderInput): string | null {
  const runtime = staticRuntime(input);
  const { route, showMenu } = layoutAt(runtime);
  return showMenu ? renderUnderProviders(runtime, <SideMenu currentRouteId={route?.id ?? null} />, 'menu') : null;
}
