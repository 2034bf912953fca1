import { createElement, useEffect, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import { PageFrame, ShellProvider, signInHref, ToastRegion, watchPageHeading } from '@portal/shared-ui';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import { LogoutProvider } from '../layout/LogoutDialog';
import { OverrideBanner } from '../layout/OverrideBanner';
import { SideMenu } from '../layout/SideMenu';
import { shellPageOf } from '../pages';
import { NotFoundPage } from '../pages/NotFoundPage';
import { SessionWatcher } from '../session/SessionWatcher';
import { layoutOf } from './layout-of';
import { RuntimeProvider, useLocationSnapshot, useRuntime, type ShellRuntime } from './runtime';

/** The shell's single-spa application (its layout and own pages), as errors are reported. */
export const LAYOUT_APPLICATION = '@portal/shell';

/** The container single-spa mounts remote applications into: elements React never re-renders. */
function RemoteOutlet() {
  const runtime = useRuntime();
  return (
    <div
      className="shell-remote-outlet"
      ref={(element) => {
        if (!element) return;
        for (const remote of runtime.remotes) {
          const host = runtime.remoteHost(remote.id);
          if (host.parentElement !== element) element.appendChild(host);
        }
      }}
    />
  );
}

/** The layout (header, menu, main, footer) inside ShellProviders. */
export function ShellLayout() {
  const intl = useIntl();
  const runtime = useRuntime();
  const { state } = runtime;
  const location = useLocationSnapshot();
  const match = runtime.matchRoute(location.pathname);
  const route = match?.route ?? null;
  const { needsLogin, expired, showMenu, showFooter, fullWidth } = layoutOf(route, state.user);
  const mainRef = useRef<HTMLElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const firstRender = useRef(true);

  // A signed-in page without a session: the login page, then back here (the server redirects too).
  useEffect(() => {
    if (needsLogin) runtime.redirect(signInHref(runtime.shell, { next: `${location.pathname}${location.search}` }));
  }, [needsLogin, location.pathname, location.search, runtime]);

  useEffect(() => {
    const main = mainRef.current;
    if (!main) return undefined;
    const brandTitle = intl.formatMessage({ id: `shell.brand.${state.brand}.title` });
    const isFirst = firstRender.current;
    firstRender.current = false;
    return watchPageHeading(main, (heading) => {
      const title = heading.textContent?.trim() ?? '';
      document.title = title ? `${title} – ${brandTitle}` : brandTitle;
      // The first page is announced by the screen reader's own page load; later ones need focus and a message.
      if (isFirst) return;
      heading.focus();
      setAnnouncement(document.title);
    });
  }, [location.pathname, intl, state.brand]);

  const ownedByShell = route?.owner === 'shell';
  const shellPage = shellPageOf(match);
  const remoteDeployed = route ? runtime.remotes.some((remote) => remote.id === route.owner) : false;

  return (
    <LogoutProvider>
      <div className={`shell${showMenu ? ' shell--with-menu' : ''}${fullWidth ? ' shell--full-width' : ''}`}>
        <a className="shell-skip-link" href="#main-content">
          <FormattedMessage id="shell.skipToContent" />
        </a>
        <Header minimal={expired} routeId={route?.id ?? null} />
        <div className="shell-body">
          {showMenu ? <SideMenu currentRouteId={route?.id ?? null} /> : null}
          <main id="main-content" ref={mainRef} className="shell-main" tabIndex={-1}>
            {needsLogin || !shellPage ? null : (
              // the frame shows a spinner while a page's code loads and an error view with retry when it
              // fails; focus is this layout's (watchPageHeading above)
              <PageFrame key={route?.id} focusHeading={false} onError={(error) => runtime.shell.errors.report(error, LAYOUT_APPLICATION)}>
                {createElement(shellPage)}
              </PageFrame>
            )}
            {!needsLogin && (!route || (ownedByShell && !shellPage) || (!ownedByShell && !remoteDeployed)) ? <NotFoundPage /> : null}
            <RemoteOutlet />
          </main>
        </div>
        {showFooter ? <Footer /> : null}
        <ToastRegion store={runtime.toastStore} />
        <SessionWatcher />
        <OverrideBanner />
        <div className="portal-visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </div>
      </div>
    </LogoutProvider>
  );
}

/** Providers shared by the layout and by views the shell renders into remote areas. */
export function ShellProviders({ runtime, children }: { runtime: ShellRuntime; children: ReactNode }) {
  return (
    <RuntimeProvider runtime={runtime}>
      <IntlProvider locale={runtime.state.lang} defaultLocale="fi" messages={runtime.messages}>
        <ShellProvider value={runtime.shell}>
          {children}
        </ShellProvider>
      </IntlProvider>
    </RuntimeProvider>
  );
}

export function ShellApp({ runtime }: { runtime: ShellRuntime }) {
  return (
    <ShellProviders runtime={runtime}>
      <ShellLayout />
    </ShellProviders>
  );
}
