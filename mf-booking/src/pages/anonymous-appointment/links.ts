import { signInHref, type ShellContextValue } from '@portal/shared-ui';

/** Strong login that comes back to `nextPath` (a full path with its language), else to this page. */
export function loginHref(shell: Pick<ShellContextValue, 'hasRoute' | 'href' | 'lang'>, nextPath?: string): string {
  return signInHref(shell, nextPath === undefined ? {} : { next: nextPath });
}

/** A route's path when this environment has it, else null. */
export function hrefIfRoute(shell: Pick<ShellContextValue, 'hasRoute' | 'href'>, routeId: string, params?: Record<string, string>): string | null {
  return shell.hasRoute(routeId) ? shell.href(routeId, params) : null;
}
