import { createContext, createElement, lazy, useContext, type ComponentType } from 'react';
import { matchRoute, type RouteId } from '@portal/shared-i18n';
import type { ShellContextValue } from '../shell-context';

/** A page whose code is its own chunk: rendered as a component, imported ahead by `preload`. */
export type LazyPage = ComponentType & { preload(): Promise<ComponentType> };

/**
 * Which attempt at showing the page this is: the page frame counts up when its error view appears
 * and when its retry renders the page again, so a page whose code failed to arrive imports it again.
 */
export const PageAttemptContext = createContext(0);

/**
 * A remote's page whose code is fetched when its route is first shown (routes are code-split: the
 * visits page does not carry the code of thirteen other records pages). While the code loads, the
 * page suspends and the page frame shows its spinner; `preload` fetches it ahead, so a page that is
 * already there renders at once (createRemote
 * preloads the page of the address before the first render, so the shell's hand-over from the
 * server's copy of a page never shows a spinner). A failed import throws into the page frame's error
 * view; its retry imports again.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = (): Promise<ComponentType> => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        failed = true;
        throw error;
      },
    );
    return loading;
  };
  const lazyImport = () => lazy(async () => ({ default: await preload() }));
  // React keeps a lazy component's failure (its re-renders of this attempt show the error); a new
  // attempt of the frame gets a fresh one.
  let Lazy = lazyImport();
  let lazyAttempt = 0;
  let failed = false;
  function Page() {
    const attempt = useContext(PageAttemptContext);
    if (loaded) return createElement(loaded);
    if (failed && attempt !== lazyAttempt) {
      Lazy = lazyImport();
      failed = false;
    }
    lazyAttempt = attempt;
    return <Lazy />;
  }
  return Object.assign(Page, { preload });
}

/** Whether `page` is a lazyPage (its code a chunk of its own, imported by `preload`). */
export function isLazyPage(page: ComponentType): page is LazyPage {
  return typeof (page as Partial<LazyPage>).preload === 'function';
}

/** The route of `remoteId` at `path` (e.g. '/fi/kaynnit'), or null when the address is not one of its pages. */
export function remoteRouteAt(shell: ShellContextValue, remoteId: string, path: string): RouteId | null {
  const route = matchRoute(shell.routes, path)?.route;
  return route?.owner === remoteId ? (route.id as RouteId) : null;
}
