import { SIGNED_IN_FRAGMENT, type SessionUser } from '@portal/shared-api';
import type { AnalyticsApi } from '@portal/shared-ui';

/**
 * The server ends a successful sign-in at `next#signed-in`. Report it once — hpaLogin when a
 * guardian acts for a child, authenticationSuccess otherwise (spec part 1 §7) — and drop the
 * fragment so a reload or a shared link does not report it again.
 */
export function reportSignIn(win: Pick<Window, 'location' | 'history'>, user: SessionUser | null, analytics: AnalyticsApi): void {
  if (win.location.hash !== `#${SIGNED_IN_FRAGMENT}`) return;
  win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
  if (user) analytics.push(user.actingFor ? 'hpaLogin' : 'authenticationSuccess');
}
