import type { ComposedRoute, InitialState } from '@portal/shared-api';

/** What the layout shows around a page: decided once for the browser's layout and the server's skeleton. */
export interface LayoutOf {
  /** a signed-in page without a session: the layout sends the visitor to log in */
  needsLogin: boolean;
  /** the expired-session page: the header keeps only logo, title and languages */
  expired: boolean;
  showMenu: boolean;
  showFooter: boolean;
  fullWidth: boolean;
}

export function layoutOf(route: ComposedRoute | null, user: InitialState['user']): LayoutOf {
  const expired = route?.kind === 'expired-session';
  const layout = route?.layout ?? { menu: true, footer: true, fullWidth: false };
  return {
    needsLogin: route?.kind === 'logged-in' && !user,
    expired,
    showMenu: !!user && layout.menu && !expired,
    showFooter: layout.footer && !expired,
    fullWidth: layout.fullWidth,
  };
}
