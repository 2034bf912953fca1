// The shell's pre-render bundle (tooling/prerender-webpack.cjs): its anonymous pages as static HTML
// for the server's response, rendered by the same components and providers as in the browser.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { matchRoute } from '@portal/shared-i18n';
import { createToastStore, PageFrame, ShellProvider } from '@portal/shared-ui';
import { intlPerLanguage, staticShellContext, type PrerenderInput } from '@portal/shared-ui/prerender';
import { shellCatalogue } from './app/shell-catalogue';
import type { LocationSnapshot } from './app/location-store';
import { RuntimeProvider, type ShellRuntime } from './app/runtime';
import { Header } from './layout/Header';
import { ExpiredSessionPage } from './pages/ExpiredSessionPage';
import { LandingPage, landingErrorToast } from './pages/LandingPage';
import { LoginPage } from './pages/LoginPage';
import { TermsPage } from './pages/TermsPage';

/** The shell's pages a visitor without a session sees (shell/routes.json). */
const PAGES: Record<string, () => ReactNode> = {
  login: () => <LoginPage />,
  landing: () => <LandingPage />,
  'expired-session': () => <ExpiredSessionPage />,
  terms: () => <TermsPage />,
};

/** The shell's texts (common + its own), parsed once per language for the server's life. */
const intlIn = intlPerLanguage([shellCatalogue], (lang) => lang); // ShellProviders' locale is the language code

function notWhileRendering(): never {
  throw new Error('not available while pre-rendering');
}

/** The runtime a shell page reads while rendering on the server: the state and the address, nothing that acts. */
function staticRuntime({ state, url }: PrerenderInput): ShellRuntime {
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
    api: { logout: notWhileRendering, loadPage: notWhileRendering, requestMfaCode: notWhileRendering, answerMfaChallenge: notWhileRendering },
    location: { get: () => snapshot, subscribe: () => () => undefined, refresh: () => undefined },
    toastStore: createToastStore(),
    remotes: state.remotes.remotes,
    overrides: {},
    resetOverrides: () => undefined,
    loadRemoteModule: notWhileRendering,
    mountParcel: notWhileRendering,
    remoteHost: notWhileRendering,
    redirect: () => undefined,
    matchRoute: (pathname) => matchRoute(shell.routes, pathname),
  };
}

/**
 * Whether the page at this address shows at once something only its running code shows, so the
 * server's HTML is not the whole page and the shell must not wait for the visitor to boot
 * (shell/src/deferred-boot.ts): the landing's error toast after a failed mandate check.
 */
export function needsScriptAtOnce(input: PrerenderInput): boolean {
  const runtime = staticRuntime(input);
  const { pathname, search } = runtime.location.get();
  return runtime.matchRoute(pathname)?.route.id === 'landing' && landingErrorToast(new URLSearchParams(search).get('error')) !== null;
}

/** Markup under the providers ShellApp puts around its layout (ShellProviders), as static HTML. */
function renderUnderProviders(runtime: ShellRuntime, content: ReactNode): string {
  return renderToStaticMarkup(
    <RuntimeProvider runtime={runtime}>
      <RawIntlProvider value={intlIn(runtime.state.lang)}>
        <ShellProvider value={runtime.shell}>
          {content}
        </ShellProvider>
      </RawIntlProvider>
    </RuntimeProvider>,
  );
}

/** The page's HTML as the layout's <main> holds it (ShellApp's ShellProviders around the page), or null. */
export function render(input: PrerenderInput): string | null {
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
  );
}

/**
 * The layout's header of an anonymous visitor's page, as ShellApp renders it: the brand link, the
 * other two languages' links to the same page and, where the page offers one, the log-in link. The
 * server's skeleton shows it before any script runs (server/src/pages/skeleton.ts), so a visitor can
 * change the language of a page whose boot waits, or of a browser without JavaScript. Null for a
 * signed-in visitor: their header (name, menu button) is not rendered on the server.
 */
export function renderHeader(input: PrerenderInput): string | null {
  const runtime = staticRuntime(input);
  if (runtime.state.user) return null;
  const route = runtime.matchRoute(runtime.location.get().pathname)?.route ?? null;
  return renderUnderProviders(runtime, <Header minimal={route?.kind === 'expired-session'} routeId={route?.id ?? null} />);
}
