import { lazyPage, type LazyPage } from '@portal/shared-ui';
import type { RouteMatch } from '@portal/shared-api';

/**
 * The shell's own pages by route id (shell/routes.json), each its own chunk with the page state schema
 * it reads, like a remote's pages: the start-up of every page no longer evaluates the front page's
 * code and the zod schemas of its five summaries (issue 15: one long task on a records page).
 * The chunk names are read by the build (boot-files-plugin.cjs), so the server preloads a page's
 * files with the page (server/src/pages/page-hints.ts).
 */
export const SHELL_PAGES: Readonly<Record<string, LazyPage>> = {
  'front-page': lazyPage(() => import(/* webpackChunkName: "page-front-page" */ './FrontPage').then((m) => m.FrontPage)),
  login: lazyPage(() => import(/* webpackChunkName: "page-login" */ './LoginPage').then((m) => m.LoginPage)),
  landing: lazyPage(() => import(/* webpackChunkName: "page-landing" */ './LandingPage').then((m) => m.LandingPage)),
  'expired-session': lazyPage(() => import(/* webpackChunkName: "page-expired-session" */ './ExpiredSessionPage').then((m) => m.ExpiredSessionPage)),
  terms: lazyPage(() => import(/* webpackChunkName: "page-terms" */ './TermsPage').then((m) => m.TermsPage)),
  accessibility: lazyPage(() => import(/* webpackChunkName: "page-accessibility" */ './AccessibilityPage').then((m) => m.AccessibilityPage)),
};

/** The shell's page at `match`, if the shell owns it. */
export function shellPageOf(match: RouteMatch | null): LazyPage | undefined {
  return match?.route.owner === 'shell' ? SHELL_PAGES[match.route.id] : undefined;
}

/**
 * The shell's page at the first address, imported before the first render, so that it arrives whole
 * (no spinner, and the hand-over from the server's copy of a page keeps its place). A failed import
 * shows in the page's frame when it renders.
 */
export async function preloadShellPage(match: RouteMatch | null): Promise<void> {
  await shellPageOf(match)
    ?.preload()
    .catch(() => undefined);
}
