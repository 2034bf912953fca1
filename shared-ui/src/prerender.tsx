// Server-side rendering of anonymous pages for the pre-render build (tooling/prerender-webpack.cjs):
// the same page components the browser mounts, rendered to static HTML with a shell context made from
// the page's initial state, so the server's HTML has the page's heading, texts and links before any
// script runs. Not part of the browser bundles (`@portal/shared-ui/prerender`).
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl, createIntlCache, RawIntlProvider, type IntlShape } from 'react-intl';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { createStore } from 'zustand/vanilla';
import { frontPageStateSchema, type ApiClient, type InitialState, type Lang, type MessagingClient, type PageStateSchemas, type RouteTable } from '@portal/shared-api';
import { createIntlMessages, LOCALES, matchRoute, type Catalogue, type RouteId } from '@portal/shared-i18n';
import { ShellProvider, type SessionStoreState, type ShellContextValue } from './shell-context';
import { shellContextFromState } from './shell-context-from-state';
import { PageStatesProvider } from './remote/page-states';
import type { RemotePageMap } from './remote/RemotePages';

/** What the server hands a pre-render bundle: the page's initial state and its path with the query. */
export interface PrerenderInput {
  state: InitialState;
  /** e.g. '/fi/kirjaudu?nextPath=%2Ffi%2Flaboratorio' */
  url: string;
}

/** A package's pre-renderer: the page's HTML, or null when the address is not one of its pages. */
export type PagePrerenderer = (input: PrerenderInput) => string | null;

/** Calls that only a running page makes; rendering never reaches them. */
function unavailable<T extends object>(what: string): T {
  // A Proxy stands in for the whole client interface: any property read is a programming error here.
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`${what}.${String(property)} is not available while pre-rendering`);
    },
  });
}

/** The pages that exist here: the route's brand is served and every feature it needs is on (as the shell filters). */
export function availableRoutesOf(state: InitialState): RouteTable {
  return state.routes.filter((route) => route.brands.includes(state.brand) && route.features.every((f) => state.features.includes(f)));
}

/**
 * The shell context a page reads while rendering on the server: everything from the initial state
 * (as in the browser), and no-op toasts, analytics, navigation and parcels.
 */
export function staticShellContext(state: InitialState): ShellContextValue {
  const session = createStore<SessionStoreState>((set) => ({
    expiresAt: state.session?.expiresAt ?? null,
    setExpiresAt: (expiresAt) => set({ expiresAt }),
  }));
  return shellContextFromState(state, {
    table: state.routes,
    routes: availableRoutesOf(state),
    session,
    navigate: () => undefined,
    toasts: { show: () => '', dismiss: () => undefined },
    analytics: { push: () => undefined },
    errors: { report: () => undefined },
    api: unavailable<ApiClient>('api'),
    messaging: unavailable<MessagingClient>('messaging'),
    loadPage: () => Promise.reject(new Error('loadPage is not available while pre-rendering')),
    parcels: () => ({ mountPromise: Promise.resolve(), unmount: async () => undefined }),
  });
}

/**
 * One react-intl object per language, with the texts (common + `catalogues`) and a parse cache kept
 * for the server's life: the server renders these pages on every anonymous request, and an
 * IntlProvider would parse every message again each time. The same texts and locale as the
 * browser's IntlProvider (RemoteProviders), so the output is the same.
 */
export function intlPerLanguage(
  catalogues: ReadonlyArray<Partial<Catalogue>>,
  localeOf: (lang: Lang) => string = (lang) => LOCALES[lang],
): (lang: Lang) => IntlShape {
  const cache = createIntlCache();
  const intls = new Map<Lang, IntlShape>();
  return (lang) => {
    let intl = intls.get(lang);
    if (!intl) intls.set(lang, (intl = createIntl({ locale: localeOf(lang), defaultLocale: 'fi', messages: createIntlMessages(lang, ...catalogues) }, cache)));
    return intl;
  };
}

export interface RemotePrerenderOptions {
  /** the remote's folder name, the `owner` of its routes, e.g. 'mf-booking' */
  remoteId: string;
  /** the remote's own texts in every language (the common catalogue comes with them) */
  messages: Catalogue;
  /** the pages to pre-render: anonymous pages whose first render needs no browser */
  pages: RemotePageMap;
  /** the page state schemas of the remote's routes, as its ./app gives createRemote */
  pageStates: PageStateSchemas;
}

/**
 * A remote's pre-renderer: the page of the address among `pages`, in the providers and router the
 * remote's `./app` gives it (RemoteProviders, RemotePages), inside a `<div>` like the page frame's,
 * so the browser's first render of the remote produces the same elements.
 */
export function createRemotePrerenderer({ remoteId, messages, pages, pageStates }: RemotePrerenderOptions): PagePrerenderer {
  const intlIn = intlPerLanguage([messages]);
  return ({ state, url }) => {
    const shell = staticShellContext(state);
    const match = matchRoute(shell.routes, url.split(/[?#]/)[0] ?? url);
    const route = match?.route.owner === remoteId ? match.route : null;
    const Page: ComponentType | undefined = route ? pages[route.id as RouteId] : undefined;
    if (!route || !Page) return null;
    return renderToStaticMarkup(
      <ShellProvider value={shell}>
        <RawIntlProvider value={intlIn(state.lang)}>
          <StaticRouter basename={`/${state.lang}`} location={url}>
            <Routes>
              <Route
                path={route.paths[state.lang]}
                element={
                  <div data-prerendered={route.id}>
                    <PageStatesProvider pageStates={pageStates}>
                      <Page />
                    </PageStatesProvider>
                  </div>
                }
              />
            </Routes>
          </StaticRouter>
        </RawIntlProvider>
      </ShellProvider>,
      // the shell's header is a render of its own in the same document: ids of their own
      { identifierPrefix: `${remoteId}-page-` },
    );
  };
}

/** What the server hands a parcel pre-renderer: the page's initial state and address, and which parcel. */
export interface ParcelPrerenderInput extends PrerenderInput {
  /** the exposed module, e.g. './summary' */
  exposed: string;
}

/**
 * A pre-rendered parcel: its HTML and whether that HTML is the whole parcel (`complete`: text and
 * links, nothing its code must run for), so the browser need not load the parcel's code to show it.
 */
export interface PrerenderedParcel {
  html: string;
  complete: boolean;
}

/** A package's parcel pre-renderer: the parcel, or null when it has no such parcel or nothing to show. */
export type ParcelPrerenderer = (input: ParcelPrerenderInput) => PrerenderedParcel | null;

/** Elements that do nothing without their code: a parcel whose HTML has one is never complete. */
const CONTROLS = /<(button|input|select|textarea|form|details|dialog)[\s>]/i;

/**
 * A front-page summary parcel's props as the shell mounts it (FrontPage's ParcelSlot): the front
 * page's state parsed by the same schema, and this remote's summary from it. Null when the state is
 * not the front page's or has no summary for the remote (its loader failed): the browser then shows
 * the parcel's own error, which needs its code.
 */
export function frontPageSummaryProps(state: InitialState, remoteId: string): { summary: unknown } | null {
  if (state.page?.routeId !== 'front-page') return null;
  const parsed = frontPageStateSchema.safeParse(state.page.state);
  if (!parsed.success) return null;
  const summary = (parsed.data.summaries as Record<string, unknown>)[remoteId];
  return summary === undefined ? null : { summary };
}

export interface ParcelToPrerender {
  component: ComponentType<never>;
  props(state: InitialState, remoteId: string): object | null;
  /**
   * true when the parcel does something only its running code does (a button, a live update): the
   * shell then loads it and it replaces the server's HTML. Otherwise (links and text) the server's
   * HTML is the parcel and its code is not loaded with the page; a control in the HTML makes it
   * need its code anyway.
   */
  needsCode?: boolean;
}

export interface ParcelPrerenderOptions {
  /** the remote's folder name, e.g. 'mf-records' */
  remoteId: string;
  /** the remote's own texts in every language (the common catalogue comes with them) */
  messages: Catalogue;
  /**
   * the parcels to pre-render by exposed name, each with the props the shell mounts it with (from
   * the initial state), or null when there is nothing to render without the browser
   */
  parcels: Record<string, ParcelToPrerender>;
}

/**
 * A remote's parcel pre-renderer: the parcel in the providers `createParcel` gives it (the shell's
 * context, the remote's texts), so the markup is what the parcel's first render in the browser
 * produces inside its element. The shell shows it in the parcel's place until the parcel mounts.
 */
export function createParcelPrerenderer({ remoteId, messages, parcels }: ParcelPrerenderOptions): ParcelPrerenderer {
  const intlIn = intlPerLanguage([messages]);
  return ({ state, exposed }) => {
    const parcel = Object.hasOwn(parcels, exposed) ? parcels[exposed] : undefined;
    const props = parcel?.props(state, remoteId);
    if (!parcel || !props) return null;
    // the props are the ones this parcel declares (its entry in `parcels` pairs them)
    const Parcel = parcel.component as ComponentType<object>;
    const html = renderToStaticMarkup(
      <ShellProvider value={staticShellContext(state)}>
        <RawIntlProvider value={intlIn(state.lang)}>
          <Parcel {...props} />
        </RawIntlProvider>
      </ShellProvider>,
      // each parcel is a render of its own on the server, numbering its ids from 0: a prefix per
      // parcel keeps them unique in the page (a heading's id named by its region's aria-labelledby)
      { identifierPrefix: `${remoteId}-${exposed.replace(/^\.\//, '')}-`.replace(/[^\w-]/g, '-') },
    );
    return { html, complete: !parcel.needsCode && !CONTROLS.test(html) };
  };
}
