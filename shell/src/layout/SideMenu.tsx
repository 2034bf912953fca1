import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ShellLink } from '../app/ShellLink';
import { useRuntime } from '../app/runtime';
import { buildMenu, type MenuItem } from '../menu/build-menu';
import { useRequestLogout } from './LogoutDialog';

/** Groups with a visible heading; the others are plain lists. */
const TITLED_GROUPS = new Set(['occupational', 'sickness-fund']);

function Item({ item, currentRouteId, onNavigate }: { item: MenuItem; currentRouteId: string | null; onNavigate: () => void }) {
  const intl = useIntl();
  const requestLogout = useRequestLogout();
  if (item.kind === 'logout') {
    return (
      <li className="shell-menu__item shell-menu__item--small-screen-only">
        <button type="button" className="shell-menu__action" onClick={() => requestLogout()}>
          <FormattedMessage id="shell.header.logout" />
        </button>
      </li>
    );
  }
  const current = item.routeId === currentRouteId;
  return (
    <li className="shell-menu__item">
      <ShellLink href={item.href} aria-current={current ? 'page' : undefined} onClick={onNavigate}>
        {item.label ?? intl.formatMessage({ id: item.labelId })}
      </ShellLink>
    </li>
  );
}

/** Side menu (spec part 2 §2.4); behind a "Menu" button on small screens. */
export function SideMenu({ currentRouteId }: { currentRouteId: string | null }) {
  const intl = useIntl();
  const { routes, state } = useRuntime();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const sections = useMemo(
    () => buildMenu(routes, { features: state.features, brand: state.brand, user: state.user, lang: state.lang }),
    [routes, state],
  );
  if (sections.length === 0) return null;
  return (
    <nav className={`shell-menu${open ? ' shell-menu--open' : ''}`} aria-label={intl.formatMessage({ id: 'shell.menu.label' })}>
      <button type="button" className="shell-menu__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        <FormattedMessage id="shell.menu.toggle" />
      </button>
      <div id={listId} className="shell-menu__sections">
        {sections.map((section) => {
          const headingId = `${listId}-${section.group}`;
          const titled = TITLED_GROUPS.has(section.group);
          return (
            <div key={section.group} className={`shell-menu__section shell-menu__section--${section.group}`}>
              {titled ? (
                <h2 id={headingId} className="shell-menu__heading">
                  <FormattedMessage id={`shell.menu.group.${section.group}`} />
                </h2>
              ) : null}
              <ul aria-labelledby={titled ? headingId : undefined}>
                {section.items.map((item) => (
                  <Item
                    key={item.kind === 'link' ? item.routeId : item.kind}
                    item={item}
                    currentRouteId={currentRouteId}
                    onNavigate={() => setOpen(false)}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
