import { FormattedMessage } from 'react-intl';
import { expiredSessionPageStateSchema } from '@portal/shared-api';
import { buttonClassName, PageStatesProvider, signInHref, usePageState } from '@portal/shared-ui';
import { ShellLink } from '../app/ShellLink';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { withQuery } from '../routing/route-access';
import { safeNextPath } from './LoginPage';

/** The account remote's SMS code login page (mf-account routes.json). */
export const SMS_LOGIN_ROUTE_ID = 'account.sms-login';

/** The page reads its state with its own schema: only this page's chunk constructs it (pages/index.ts). */
const PAGE_STATES = { 'expired-session': expiredSessionPageStateSchema };

/**
 * Session timed out (spec part 2 §2.2, §4 "Session"): `?next=` is where the user was. Two ways
 * back: an SMS code (only when the server's page state says this person has SMS login on and the
 * expired session can still be resumed) or bank login. The bank login shows at once; the SMS way
 * joins it when the state has arrived. No menu, no footer (the route's kind).
 */
export function ExpiredSessionPage() {
  return (
    <PageStatesProvider pageStates={PAGE_STATES}>
      <ExpiredSessionContent />
    </PageStatesProvider>
  );
}

function ExpiredSessionContent() {
  const { shell, state } = useRuntime();
  const location = useLocationSnapshot();
  const { page } = usePageState('expired-session');
  const next = safeNextPath(new URLSearchParams(location.search).get('next'), state.lang);
  const smsLogin = page.status === 'ready' && page.data.smsLogin && shell.hasRoute(SMS_LOGIN_ROUTE_ID);
  const bankHref = signInHref(shell, { next });
  return (
    <div className="shell-page">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.expired.title" />
      </h1>
      <p>
        <FormattedMessage id={smsLogin ? 'shell.expired.textChoose' : 'shell.expired.text'} />
      </p>
      {smsLogin ? (
        <ul className="shell-expired__ways">
          <li>
            <ShellLink className={buttonClassName('primary', 'medium', false)} href={withQuery(shell.href(SMS_LOGIN_ROUTE_ID), { next })}>
              <FormattedMessage id="shell.expired.sms" />
            </ShellLink>
          </li>
          <li>
            <ShellLink className={buttonClassName('secondary', 'medium', false)} href={bankHref}>
              <FormattedMessage id="shell.expired.bank" />
            </ShellLink>
          </li>
        </ul>
      ) : (
        <ShellLink className={buttonClassName('primary', 'medium', false)} href={bankHref}>
          <FormattedMessage id="shell.expired.login" />
        </ShellLink>
      )}
    </div>
  );
}
