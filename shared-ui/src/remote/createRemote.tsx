import type { ComponentType } from 'react';
import type { AnyPageStateSchema, PageStateImports, PageStateSchemas } from '@portal/shared-api';
import { importCatalogue, type Catalogue, type CatalogueImports, type Lang } from '@portal/shared-i18n';
import type { ShellContextValue } from '../shell-context';
import { isLazyPage, lazyPage, remoteRouteAt } from './lazy-page';
import { reactLifecycles, type ReactLifecycles, type SingleSpaProps } from './react-lifecycles';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import type { RemotePageMap, RemotePages as RemotePagesComponent } from './RemotePages';
import { RemoteProviders } from './RemoteProviders';

/** What names a remote and its texts: shared by its `./app` and its parcels. */
export interface RemoteIdentity {
  /** the remote's folder name, the `owner` of its routes in the composed table, e.g. 'mf-records' */
  remoteId: string;
  /**
   * the remote's own texts (ids prefixed with its name), one dynamic import per language: only the
   * page's language is fetched, before the first render. The common catalogue comes with them.
   */
  messages: CatalogueImports;
}

/** The remote's texts of the languages it has been mounted in: imported by `prepare`, read while rendering. */
function remoteTexts(imports: CatalogueImports) {
  const imported = new Map<Lang, Partial<Catalogue>>();
  return {
    async prepare({ shell }: { shell: ShellContextValue }): Promise<void> {
      if (!imported.has(shell.lang)) imported.set(shell.lang, await importCatalogue(imports, shell.lang));
    },
    in(lang: Lang): Partial<Catalogue> {
      const texts = imported.get(lang);
      if (!texts) throw new Error(`the texts in '${lang}' were rendered before they were imported`);
      return texts;
    },
  };
}

/**
 * The router around a remote's pages (RemotePages, with react-router), imported by `prepare` before
 * the first mount. Imported lazily so that react-router is fetched with a remote's `./app` only: a
 * parcel (the front page's summaries) has no router, and shared-ui is a federation singleton that
 * is fetched whole, so a static import would put all of react-router on every page.
 */
function remotePagesModule() {
  let imported: typeof RemotePagesComponent | undefined;
  return {
    async prepare(): Promise<void> {
      imported ??= (await import('./RemotePages')).RemotePages;
    },
    get RemotePages(): typeof RemotePagesComponent {
      if (!imported) throw new Error('the remote pages were rendered before their router was imported');
      return imported;
    },
  };
}

/** A part's page state schemas: the plain map, or each schema behind its import (e.g. recordsPageStateImports). */
export type PageStateSource = PageStateSchemas | Partial<PageStateImports>;

/**
 * The part's page state schemas as its pages read them (`schemas`, the map PageStatesProvider holds),
 * filled route by route by `load` when the source imports them: a remote's bundle then constructs
 * only the schemas of the pages the visitor opens. A failed import is tried again on the next load.
 */
function pageStatesFrom(source: PageStateSource) {
  const entries: Record<string, AnyPageStateSchema | (() => Promise<AnyPageStateSchema>) | undefined> = source;
  const schemas: Record<string, AnyPageStateSchema> = {};
  for (const [routeId, entry] of Object.entries(entries)) if (entry && typeof entry !== 'function') schemas[routeId] = entry;
  const loading = new Map<string, Promise<void>>();
  return {
    schemas: schemas as PageStateSchemas,
    load(routeId: string): Promise<void> {
      const entry = entries[routeId];
      if (typeof entry !== 'function' || schemas[routeId]) return Promise.resolve();
      let pending = loading.get(routeId);
      if (!pending) {
        pending = entry()
          .then((schema) => {
            schemas[routeId] = schema;
          })
          .finally(() => loading.delete(routeId));
        loading.set(routeId, pending);
      }
      return pending;
    },
  };
}

/** The pages, each lazy page's import also importing its route's page state schema. */
function withPageStates(pages: RemotePageMap, states: ReturnType<typeof pageStatesFrom>): RemotePageMap {
  return Object.fromEntries(
    Object.entries(pages).map(([routeId, page]) => [
      routeId,
      page && isLazyPage(page) ? lazyPage(async () => (await Promise.all([page.preload(), states.load(routeId)]))[0]) : page,
    ]),
  );
}

export interface RemoteOptions extends RemoteIdentity {
  /** route id (the remote's routes.json) → page component, each its own chunk (`lazyPage`) */
  pages: RemotePageMap;
  /**
   * the page state schemas of the remote's routes, which its pages' usePageState parse with: the
   * part's imports (e.g. shared-api's recordsPageStateImports: each schema is imported with its page)
   * or its plain map (recordsPageStates); the remote bundles only these, never every part's
   */
  pageStates: PageStateSource;
}

/** The props the shell mounts a remote's `./app` with (single-spa custom props). */
export type RemoteAppProps = SingleSpaProps & { shell: ShellContextValue };

/**
 * A remote's `./app`: single-spa lifecycles that render the page of the active route among `pages`,
 * in the shell's context and language, each page in the page frame (see PageFrame). Clients come
 * from the shell (`useApiClient`, `useMessagingClient`).
 */
export function createRemote({ remoteId, messages, pages: pageComponents, pageStates: stateSource }: RemoteOptions): ReactLifecycles<RemoteAppProps> {
  const texts = remoteTexts(messages);
  const router = remotePagesModule();
  const states = pageStatesFrom(stateSource);
  const pages = withPageStates(pageComponents, states);
  /** The page of the address and its state schema, imported before the first render: it arrives whole. */
  const preloadPageAt = async (shell: ShellContextValue, path: string) => {
    const routeId = remoteRouteAt(shell, remoteId, path);
    if (!routeId) return;
    const page = pages[routeId];
    // A failed import shows in the page's frame (its error view and retry) when it renders.
    await Promise.all([page && isLazyPage(page) ? page.preload() : undefined, states.load(routeId)]).catch(() => undefined);
  };
  return reactLifecycles<RemoteAppProps>(
    ({ shell }) => {
      const { RemotePages } = router;
      return (
        <RemoteProviders shell={shell} messages={texts.in(shell.lang)} pageStates={states.schemas}>
          <RemotePages shell={shell} remoteId={remoteId} pages={pages} />
        </RemoteProviders>
      );
    },
    async (props) => {
      await Promise.all([texts.prepare(props), router.prepare(), preloadPageAt(props.shell, window.location.pathname)]);
    },
  );
}

/** The props the shell mounts a parcel with: its context, and the parcel's own (e.g. `{ summary }`). */
export type ParcelProps<P> = SingleSpaProps & { shell: ShellContextValue } & P;

/**
 * A remote's parcel (e.g. `./summary` on the front page): single-spa lifecycles that render
 * `Parcel` with the props it is mounted with, in the shell's context and the remote's texts. A throw
 * inside shows the error view with a retry in the parcel's place. `pageStates`: the schemas of the
 * page states the parcel loads itself (usePageState), if any.
 */
export function createParcel<P extends object>(
  { remoteId, messages }: RemoteIdentity,
  Parcel: ComponentType<P>,
  pageStates: PageStateSchemas = {},
): ReactLifecycles<ParcelProps<P>> {
  const texts = remoteTexts(messages);
  return reactLifecycles<ParcelProps<P>>(
    (props) => (
      <RemoteProviders shell={props.shell} messages={texts.in(props.shell.lang)} pageStates={pageStates}>
        <RemoteErrorBoundary onError={(error) => props.shell.errors.report(error, `parcel:${remoteId}`)}>
          <Parcel {...props} />
        </RemoteErrorBoundary>
      </RemoteProviders>
    ),
    texts.prepare,
  );
}
