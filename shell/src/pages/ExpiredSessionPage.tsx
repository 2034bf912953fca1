import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { expiredSessionPageStateSchema, toApiFailure } from '@portal/shared-api';
import { Alert, Button, buttonClassName, PageStatesProvider, signInHref, usePageState } from '@portal/shared-ui';
import { ShellLink } from '../app/ShellLink';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { withQuery } from '../routing/route-access';
import { safeNextPath } from './LoginPage';
import { answerWithPasskey, PasskeyCeremonyError } from './passkey-ceremony';

/** The account remote's SMS code login page (mf-account routes.json). */
export const SMS_LOGIN_ROUTE_ID = 'account.sms-login';

/** The page reads its state with its own schema: only this page's chunk constructs it (pages/index.ts). */
const PAGE_STATES = { 'expired-session': expiredSessionPageStateSchema };

/** The tag of the passkey sign-in's error reports. */
export const PASSKEY_LOGIN_PROCESS = 'shell-passkey-login';

/** The intro for each set of ways back beside bank login. */
function introId(passkey: boolean, smsLogin: boolean): string {
  if (passkey) return smsLogin ? 'shell.expired.textPasskeyOrSms' : 'shell.expired.textPasskey';
  return smsLogin ? 'shell.expired.textChoose' : 'shell.expired.text';
}

/**
 * Session timed out (spec part 2 §2.2, §4 "Session"): `?next=` is where the user was. The ways
 * back: a passkey (issue 33; when the server's page state says the person whose session expired has
 * one), an SMS code (only when the state says this person has SMS login on and the expired session
 * can still be resumed) and bank login. The bank login shows at once; the others join it when the
 * state has arrived. No menu, no footer (the route's kind).
 */
export function ExpiredSessionPage() {
  return (
    <PageStatesProvider pageStates={PAGE_STATES}>
      <ExpiredSessionContent />
    </PageStatesProvider>
  );
}

function ExpiredSessionContent() {
  const { shell, state, api, redirect } = useRuntime();
  const location = useLocationSnapshot();
  const { page } = usePageState('expired-session');
  const next = safeNextPath(new URLSearchParams(location.search).get('next'), state.lang);
  const smsLogin = page.status === 'ready' && page.data.smsLogin && shell.hasRoute(SMS_LOGIN_ROUTE_ID);
  const passkey = page.status === 'ready' && page.data.passkey;
  const bankHref = signInHref(shell, { next });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<'cancelled' | 'failed' | null>(null);
  const lifetime = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    return () => controller.abort();
  }, []);

  async function signInWithPasskey() {
    if (busy) return;
    const signal = lifetime.current?.signal;
    setBusy(true);
    setFailure(null);
    try {
      const options = await api.passkeyLoginOptions(signal);
      const credential = await answerWithPasskey(options);
      const to = await api.passkeyLogin(credential, next, signal);
      // a full load: the shell starts again with the new session (its user, csrfToken and expiry come with the page)
      redirect(to);
    } catch (error) {
      if (error instanceof PasskeyCeremonyError) {
        setFailure(error.reason === 'cancelled' ? 'cancelled' : 'failed');
      } else {
        const kind = toApiFailure(error).kind;
        if (kind === 'aborted') return;
        // a refused passkey is a 401 the person can act on (bank login); anything else is reported too
        if (kind !== 'unauthorized' && kind !== 'network') shell.errors.report(error, PASSKEY_LOGIN_PROCESS);
        setFailure('failed');
      }
      setBusy(false);
    }
  }

  const others = passkey || smsLogin;
  return (
    <div className="shell-page">
      <h1 tabIndex={-1}>
        <FormattedMessage id="shell.expired.title" />
      </h1>
      <p>
        <FormattedMessage id={introId(passkey, smsLogin)} />
      </p>
      {passkey && (
        <div aria-live="polite">
          {failure && (
            <Alert variant="error">
              <p className="portal-m0">
                <FormattedMessage id={failure === 'cancelled' ? 'shell.expired.passkeyCancelled' : 'shell.expired.passkeyFailed'} />
              </p>
            </Alert>
          )}
        </div>
      )}
      {others ? (
        <ul className="portal-plain-list portal-row portal-gap-s">
          {passkey && (
            <li>
              <Button variant="primary" loading={busy} onClick={() => void signInWithPasskey()}>
                <FormattedMessage id="shell.expired.passkey" />
              </Button>
            </li>
          )}
          {smsLogin && (
            <li>
              <ShellLink className={buttonClassName(passkey ? 'secondary' : 'primary', 'medium', false)} href={withQuery(shell.href(SMS_LOGIN_ROUTE_ID), { next })}>
                <FormattedMessage id="shell.expired.sms" />
              </ShellLink>
            </li>
          )}
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
