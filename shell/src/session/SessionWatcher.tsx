import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import { useRuntime } from '../app/runtime';
import { withQuery } from '../routing/route-access';
import { scheduleSessionWarnings } from './schedule-session-warnings';

/**
 * Warning toasts 90 s and 30 s before the session ends and, at the end, a full-page load of the
 * expired-session page with `?next=` (spec part 2 §4 Session). Rescheduled whenever an API response
 * slides the expiry.
 */
export function SessionWatcher() {
  const intl = useIntl();
  const { shell, state, redirect } = useRuntime();
  const expiresAt = useStore(shell.session, (session) => session.expiresAt);
  const signedIn = state.user !== null;

  useEffect(() => {
    if (!signedIn || !expiresAt) return undefined;
    return scheduleSessionWarnings(expiresAt, Date.now(), {
      warn: (seconds) =>
        shell.toasts.show({
          kind: 'warning',
          text: intl.formatMessage({ id: 'shell.session.warning' }, { seconds }),
          detail: intl.formatMessage({ id: 'shell.session.warningDetail' }),
        }),
      expire: () => {
        const next = `${window.location.pathname}${window.location.search}`;
        redirect(withQuery(shell.href('expired-session'), { next }));
      },
    });
  }, [expiresAt, intl, redirect, shell, signedIn]);

  return null;
}
