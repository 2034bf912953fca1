import { registerApplication, start } from 'single-spa';
import { createResilientApplication } from '../remotes/resilient-application';
import { createRemoteFallbackRenderer } from './remote-fallback';
import type { ShellRuntime } from './runtime';
import { LAYOUT_APPLICATION, ShellLayout, ShellProviders } from './ShellApp';
import { reactLifecycles, RemoteErrorBoundary } from '@portal/shared-ui';

/** Whether a path is a page of this remote that may render now (signed-in pages need a user). */
export function isActiveFor(runtime: ShellRuntime, remoteId: string, pathname: string): boolean {
  const match = runtime.matchRoute(pathname);
  if (!match || match.route.owner !== remoteId) return false;
  return !(match.route.kind === 'logged-in' && !runtime.state.user);
}

/**
 * The shell context a remote's pages get: the same, with the errors the remote reports itself
 * tagged with the remote (and the version of it the page runs).
 */
export function shellFor(runtime: ShellRuntime, remoteId: string): ShellRuntime['shell'] {
  const errors = runtime.shell.errors;
  return { ...runtime.shell, errors: { report: (error, process, source) => errors.report(error, process, source ?? { remoteId }) } };
}

/**
 * single-spa: the shell's layout (always active) and one application per remote, active on the routes
 * it owns, mounting into its container in the main area through `domElementGetter`.
 */
export function registerApplications(runtime: ShellRuntime, layoutElement: HTMLElement): void {
  // The same lifecycles as a remote's pages: the layout's first render runs as a transition that
  // yields to the browser, instead of one long task of the shell's start-up (shared-ui react-lifecycles).
  const layout = reactLifecycles(() => (
    <ShellProviders runtime={runtime}>
      {/* the layout itself failed: the generic error view with a reload */}
      <RemoteErrorBoundary onError={(error) => runtime.shell.errors.report(error, LAYOUT_APPLICATION)} headingLevel={1} onRetry={() => window.location.reload()}>
        <ShellLayout />
      </RemoteErrorBoundary>
    </ShellProviders>
  ));
  registerApplication({
    name: LAYOUT_APPLICATION,
    app: () => Promise.resolve(layout),
    activeWhen: () => true,
    customProps: { domElementGetter: () => layoutElement },
  });

  const renderFallback = createRemoteFallbackRenderer(runtime);
  for (const remote of runtime.remotes) {
    const lifecycles = createResilientApplication({
      name: remote.id,
      load: () => runtime.loadRemoteModule(remote, './app'),
      renderFallback,
      report: (error, process, source) => runtime.shell.errors.report(error, process, source),
      ...(runtime.remoteEntry ? { currentEntry: () => runtime.remoteEntry?.(remote.id) } : {}),
      ...(runtime.refreshRemotes ? { beforeMount: runtime.refreshRemotes } : {}),
    });
    registerApplication({
      name: remote.id,
      app: () => Promise.resolve(lifecycles),
      activeWhen: (location) => isActiveFor(runtime, remote.id, location.pathname),
      customProps: { shell: shellFor(runtime, remote.id), domElementGetter: () => runtime.remoteHost(remote.id) },
    });
  }
  start({ urlRerouteOnly: true });
}
