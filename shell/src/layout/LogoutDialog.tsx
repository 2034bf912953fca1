import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@portal/shared-ui';
import { hrefById } from '@portal/shared-i18n';
import { useRuntime } from '../app/runtime';

/** Opens the confirmation; focus goes back to `returnFocusTo` (else to the element focused now) when it closes. */
export type RequestLogout = (returnFocusTo?: HTMLElement | null) => void;

const LogoutContext = createContext<RequestLogout>(() => undefined);

/** Opens the logout confirmation (spec part 2 §4 Session: "the logout confirmation asks the user first"). */
export function useRequestLogout(): RequestLogout {
  return useContext(LogoutContext);
}

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function ConfirmDialog({ onCancel, onConfirm, busy }: { onCancel: () => void; onConfirm: () => void; busy: boolean }) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="shell-dialog-backdrop">
      <div
        ref={dialogRef}
        className="shell-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>
          <FormattedMessage id="shell.logout.title" />
        </h2>
        <p id={textId}>
          <FormattedMessage id="shell.logout.text" />
        </p>
        <div className="shell-dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            <FormattedMessage id="common.cancel" />
          </Button>
          <Button onClick={onConfirm} loading={busy}>
            <FormattedMessage id="shell.logout.confirm" />
          </Button>
        </div>
      </div>
    </div>
  );
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
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };
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
      {open ? <ConfirmDialog onCancel={close} onConfirm={() => void confirm()} busy={busy} /> : null}
    </LogoutContext.Provider>
  );
}
