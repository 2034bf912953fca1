import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { matchRoute, type RouteId } from '@portal/shared-i18n';
import type { ShellContextValue } from '../shell-context';
import { PageFrame } from './PageFrame';

/** A remote's pages by the route ids of its routes.json: each a `lazyPage`, so every route is its own chunk. */
export type RemotePageMap = Readonly<Partial<Record<RouteId, ComponentType>>>;

export interface RemotePagesProps {
  shell: ShellContextValue;
  /** the remote's folder name, the `owner` of its routes in the composed table, e.g. 'mf-records' */
  remoteId: string;
  pages: RemotePageMap;
}

/**
 * The page of this remote that the address is, chosen as the server chooses it (shared-i18n's
 * matchRoute over the composed table, with the routes' `params` patterns): the router's own matching
 * knows only path patterns, so `varaus/:ids` (digits) and `varaus/:token` (a token with a letter)
 * would be one page to it. An address of another remote's or the shell's page renders nothing. The
 * chosen route is then routed by its own path, so the page reads its parameters by name.
 */
function ActivePage({ shell, remoteId, pages }: RemotePagesProps) {
  const location = useLocation();
  const match = matchRoute(shell.routes, `/${shell.lang}${location.pathname}`);
  const route = match?.route.owner === remoteId ? match.route : null;
  const Page = route ? pages[route.id as RouteId] : undefined;
  if (!route || !Page) return null;
  return (
    <Routes>
      <Route
        path={route.paths[shell.lang]}
        element={
          // The key remounts the frame when moving between two routes, so the page starts afresh.
          <PageFrame key={route.id} onError={(error) => shell.errors.report(error, remoteId)}>
            <Page />
          </PageFrame>
        }
      />
    </Routes>
  );
}

/**
 * A remote's pages under the basename '/{lang}', each page in its own frame (heading focus,
 * loading, error view with a retry; the shell and other remotes keep working).
 */
export function RemotePages({ shell, remoteId, pages }: RemotePagesProps) {
  return (
    <BrowserRouter basename={`/${shell.lang}`}>
      <Routes>
        <Route path="*" element={<ActivePage shell={shell} remoteId={remoteId} pages={pages} />} />
      </Routes>
    </BrowserRouter>
  );
}
