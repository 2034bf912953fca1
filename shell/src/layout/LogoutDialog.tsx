import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Dialog } from '@portal/shared-ui';
import { hrefById } from '@portal/shared-i18n';
import { useRuntime } from '../app/runtime';

/** Opens the confirmation; focus goes back to `returnFocusTo` (else to the element focused now) when it closes. */
export type RequestLogout = (returnFocusTo?: HTMLElement | null) => void;

const LogoutContext = createContext<RequestLogout>(() => undefined);

/** Opens the logout confirmation (spec part 2 §4 Session: "the logout confirmation asks the user first"). */
export function useRequestLogout(): RequestLogout {
  return useContext(LogoutContext);
}

/** Holds the confirmation dialog; confirm posts /api/logout?csrfToken= and loads the login page. */
export function LogoutProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const runtime = useRuntime();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const request = useCallback<RequestLogout>((returnFocusTo) => {
    // The user menu closes as the dialog opens, so it names its (still visible) button to come back to.
    opener.current = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setOpen(true);
  }, []);
  // the dialog puts focus back on the opener as it closes
  const close = () => setOpen(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await runtime.api.logout();
      runtime.redirect(hrefById(runtime.routes, 'login', runtime.state.lang));
    } catch (error) {
      runtime.shell.errors.report(error, 'logout');
      runtime.shell.toasts.show({ kind: 'error', text: intl.formatMessage({ id: 'shell.logout.failed' }) });
      setBusy(false);
      close();
    }
  };

  return (
    <LogoutContext.Provider value={request}>
      {children}
      {open ? (
        <Dialog
          size="small"
          title={<FormattedMessage id="shell.logout.title" />}
          description={<FormattedMessage id="shell.logout.text" />}
          onDismiss={close}
          initialFocus="first-control"
          returnFocusTo={() => opener.current}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                <FormattedMessage id="common.cancel" />
              </Button>
              <Button onClick={() => void confirm()} loading={busy}>
                <FormattedMessage id="shell.logout.confirm" />
              </Button>
            </>
          }
        />
      ) : null}
    </LogoutContext.Provider>
  );
}
