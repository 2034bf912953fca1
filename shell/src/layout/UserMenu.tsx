import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionUser } from '@portal/shared-api';
import { ShellLink } from '../app/ShellLink';
import { useRuntime } from '../app/runtime';
import { MY_INFORMATION_ROUTE_ID } from '../menu/build-menu';
import { useRequestLogout } from './LogoutDialog';

/** Disclosure menu of the signed-in user: my information (when that page exists) and log out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const intl = useIntl();
  const { shell } = useRuntime();
  const requestLogout = useRequestLogout();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const name = `${user.firstName} ${user.lastName}`;

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="shell-user-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="shell-user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={intl.formatMessage({ id: 'shell.header.userMenu' }, { name })}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{name}</span>
      </button>
      {user.actingFor ? (
        <p className="portal-mt-xxs portal-small portal-muted">
          <FormattedMessage id="shell.header.actingFor" values={{ name: `${user.actingFor.firstName} ${user.actingFor.lastName}` }} />
        </p>
      ) : null}
      <ul id={listId} className="shell-user-menu__list" hidden={!open}>
        {shell.hasRoute(MY_INFORMATION_ROUTE_ID) ? (
          <li>
            <ShellLink href={shell.href(MY_INFORMATION_ROUTE_ID)} onClick={() => setOpen(false)}>
              <FormattedMessage id="shell.header.myInformation" />
            </ShellLink>
          </li>
        ) : null}
        <li>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              requestLogout(buttonRef.current);
            }}
          >
            <FormattedMessage id="shell.header.logout" />
          </button>
        </li>
      </ul>
    </div>
  );
}
