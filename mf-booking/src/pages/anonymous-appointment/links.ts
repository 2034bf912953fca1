import type { Lang } from '@portal/shared-api';
import type { ShellContextValue } from '@portal/shared-ui';

/** SPEC-DECISIONS "Paths": the login page, where the shell's route table has none (it always has in the portal). */
const LOGIN_PATHS: Record<Lang, string> = { en: '/en/login', fi: '/fi/kirjaudu', sv: '/sv/logga-in' };

/** Strong login that comes back to `nextPath` (the login page reads ?nextPath=). */
export function loginHref(shell: Pick<ShellContextValue, 'hasRoute' | 'href' | 'lang'>, nextPath?: string): string {
  const login = shell.hasRoute('login') ? shell.href('login') : LOGIN_PATHS[shell.lang];
  return nextPath ? `${login}?${new URLSearchParams({ nextPath }).toString()}` : login;
}

/** A route's path when this environment has it, else null. */
export function hrefIfRoute(shell: Pick<ShellContextValue, 'hasRoute' | 'href'>, routeId: string, params?: Record<string, string>): string | null {
  return shell.hasRoute(routeId) ? shell.href(routeId, params) : null;
}
