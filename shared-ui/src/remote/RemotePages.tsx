import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { RouteId } from '@portal/shared-i18n';
import type { ShellContextValue } from '../shell-context';
import { PageFrame } from './PageFrame';

/** A remote's pages by the route ids of its routes.json. */
export type RemotePageMap = Readonly<Partial<Record<RouteId, ComponentType>>>;

export interface RemotePagesProps {
  shell: ShellContextValue;
  /** the remote's folder name, the `owner` of its routes in the composed table, e.g. 'mf-records' */
  remoteId: string;
  pages: RemotePageMap;
}

/**
 * A remote's pages: one route per entry of the composed route table this remote owns, with the
 * paths of the current language under the basename '/{lang}', each page in its own frame (heading
 * focus, loading, error view with a retry; the shell and other remotes keep working).
 */
export function RemotePages({ shell, remoteId, pages }: RemotePagesProps) {
  const routes = shell.routes.filter((route) => route.owner === remoteId);
  return (
    <BrowserRouter basename={`/${shell.lang}`}>
      <Routes>
        {routes.map((route) => {
          const Page = pages[route.id as RouteId];
          if (!Page) return null;
          // The key remounts the frame when moving between two routes, so the page starts afresh.
          const frame = (
            <PageFrame key={route.id} onError={(error) => shell.errors.report(error, remoteId)}>
              <Page />
            </PageFrame>
          );
          return <Route key={route.id} path={route.paths[shell.lang]} element={frame} />;
        })}
        {/* other pages belong to the shell or other remotes: render nothing */}
        <Route path="*" element={null} />
      </Routes>
    </BrowserRouter>
  );
}
