import { FormattedMessage, useIntl } from 'react-intl';
import { buttonClassName, signInHref } from '@portal/shared-ui';
import type { RouteId } from '@portal/shared-i18n';
import { ShellLink } from '../app/ShellLink';
import { useLocationSnapshot, useRuntime } from '../app/runtime';
import { LanguagePicker } from './LanguagePicker';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

/** Help page id in mf-account (fi only, spec part 2 §2.2); the info link shows only when it exists. */
export const HELP_ROUTE_ID: RouteId = 'account.help';
/** Pages where a log-in button would lead nowhere new. */
const NO_LOGIN_BUTTON = new Set(['login', 'landing', 'expired-session']);

/**
 * Logo and brand title, language picker, and for a signed-in user the info link and user menu, else a
 * log-in button back to this page. `minimal` (expired session) keeps only logo, title and languages.
 */
export function Header({ minimal, routeId }: { minimal: boolean; routeId: string | null }) {
  const intl = useIntl();
  const { state, shell } = useRuntime();
  const location = useLocationSnapshot();
  const title = intl.formatMessage({ id: `shell.brand.${state.brand}.title` });
  const user = state.user;
  const showLogin = !minimal && !user && !(routeId && NO_LOGIN_BUTTON.has(routeId)) && shell.hasRoute('login');
  return (
    <header className="shell-header">
      <ShellLink
        href={`/${state.lang}`}
        className="shell-header__brand"
        aria-label={intl.formatMessage({ id: 'shell.header.frontPageLink' }, { title })}
      >
        <Logo brand={state.brand} />
        <span className="shell-header__title">{title}</span>
      </ShellLink>
      <div className="shell-header__tools">
        <LanguagePicker />
        {!minimal && user && shell.hasRoute(HELP_ROUTE_ID) ? (
          <ShellLink href={shell.href(HELP_ROUTE_ID, {}, 'fi')} lang="fi" hrefLang="fi" className="shell-header__info">
            <FormattedMessage id="shell.header.info" />
          </ShellLink>
        ) : null}
        {!minimal && user ? <UserMenu user={user} /> : null}
        {showLogin ? (
          <ShellLink
            className={`${buttonClassName('primary', 'medium', false)} shell-header__login`}
            // the location snapshot, not the browser's: the pre-rendered header has no browser
            href={signInHref(shell, { next: `${location.pathname}${location.search}` })}
          >
            <FormattedMessage id="shell.header.login" />
          </ShellLink>
        ) : null}
      </div>
    </header>
  );
}
