import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RemoteErrorBoundary, type ShellContextValue } from '@portal/shared-ui';
import { MessagingProviders } from './components/MessagingProviders';
import { pagesByRouteId } from './pages';

export const REMOTE_ID = 'mf-messaging';

/**
 * The remote's pages: one route per entry of the composed route table owned by this remote, with
 * the paths of the current language under the basename '/{lang}'.
 */
export function MessagingApp({ shell }: { shell: ShellContextValue }) {
  const routes = shell.routes.filter((route) => route.owner === REMOTE_ID);
  return (
    <MessagingProviders shell={shell}>
      <RemoteErrorBoundary onError={(error) => shell.errors.report(error, REMOTE_ID)}>
        <BrowserRouter basename={`/${shell.lang}`}>
          <Routes>
            {routes.map((route) => {
              const Page = pagesByRouteId[route.id];
              // The key remounts the page when moving between two routes, so its state starts afresh.
              return Page ? <Route key={route.id} path={route.paths[shell.lang]} element={<Page key={route.id} />} /> : null;
            })}
            {/* other pages belong to the shell or other remotes: render nothing */}
            <Route path="*" element={null} />
          </Routes>
        </BrowserRouter>
      </RemoteErrorBoundary>
    </MessagingProviders>
  );
}
