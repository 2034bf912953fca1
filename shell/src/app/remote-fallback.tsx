import { createRoot } from 'react-dom/client';
import { FormattedMessage } from 'react-intl';
import type { FallbackRenderer } from '../remotes/resilient-application';
import { ErrorView, Spinner } from '@portal/shared-ui';
import { clearPrerenderedPage, hasPrerenderedPage } from './prerendered-hosts';
import type { ShellRuntime } from './runtime';
import { ShellProviders } from './ShellApp';

/** Loading and error views the shell shows in a remote's area (outside the layout's React tree). */
export function createRemoteFallbackRenderer(runtime: ShellRuntime): FallbackRenderer {
  return (element, view) => {
    // The server's rendering of the page is readable and its links work: no spinner over it while
    // the remote loads. A failed load replaces it with the error view.
    if (view.kind === 'loading' && hasPrerenderedPage(element)) return () => undefined;
    clearPrerenderedPage(element);
    const container = document.createElement('div');
    container.className = 'shell-remote-fallback';
    element.appendChild(container);
    const root = createRoot(container);
    root.render(
      <ShellProviders runtime={runtime}>
        {view.kind === 'loading' ? (
          <Spinner />
        ) : (
          <ErrorView headingLevel={1} onRetry={view.retry} text={<FormattedMessage id="shell.remote.errorText" />} />
        )}
      </ShellProviders>,
    );
    return () => {
      root.unmount();
      container.remove();
    };
  };
}
