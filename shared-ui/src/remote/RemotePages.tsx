import type { ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { ShellContextValue } from '../shell-context';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export interface RemotePagesProps {
  shell: ShellContextValue;
  /** the remote's folder name, the `owner` of its routes in the composed table, e.g. 'mf-records' */
  remoteId: string;
  /** route id (the remote's routes.json) → page component */
  pages: Readonly<Record<string, ComponentType>>;
}

/**
 * A remote's pages: one route per entry of the composed route table this remote owns, with the
 * paths of the current language under the basename '/{lang}', inside the remote's error boundary
 * (a throw shows the error view with a retry; the shell and other remotes keep working).
 */
export function RemotePages({ shell, remoteId, pages }: RemotePagesProps) {
  const routes = shell.routes.filter((route) => route.owner === remoteId);
  return (
    <RemoteErrorBoundary onError={(error) => shell.errors.report(error, remoteId)}>
      <BrowserRouter basename={`/${shell.lang}`}>
        <Routes>
          {routes.map((route) => {
            const Page = pages[route.id];
            // The key remounts the page when moving between two routes, so its state starts afresh.
            return Page ? <Route key={route.id} path={route.paths[shell.lang]} element={<Page key={route.id} />} /> : null;
          })}
          {/* other pages belong to the shell or other remotes: render nothing */}
          <Route path="*" element={null} />
        </Routes>
      </BrowserRouter>
    </RemoteErrorBoundary>
  );
}
