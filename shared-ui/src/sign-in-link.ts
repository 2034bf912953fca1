import type { Lang } from '@portal/shared-api';
import { langOfPath } from '@portal/shared-i18n';
import { useShell, type ShellContextValue } from './shell-context';

/** Query parameter the login page reads to send the user back after identification (docs/product-decisions.md, "Paths"). */
export const NEXT_PATH_PARAM = 'nextPath';
/**
 * Marker on the login page's query (`?acting=guardian`): the guardian signs in to act for a child
 * (the children's brand's hpa login). The login page passes it on to the identification.
 */
export const ACTING_PARAM = 'acting';
export const ACTING_GUARDIAN = 'guardian';

/** docs/product-decisions.md, "Paths": the login page, where the route table has none (it always has in the portal). */
const LOGIN_PATHS: Record<Lang, string> = { en: '/en/login', fi: '/fi/kirjaudu', sv: '/sv/logga-in' };

export interface SignInLinkOptions {
  /**
   * Where signing in returns to, as a full portal path with its language ('/sv/tidsbokning/…').
   * Leave it out to come back to the page the browser shows. A path without a language segment
   * (a remote's router path is relative to its '/{lang}' basename) is not trusted: the page the
   * browser shows is used instead, so the patient never lands in another language.
   */
  next?: string;
  /** the guardian's login (hpa): the patient acts for a child */
  acting?: typeof ACTING_GUARDIAN;
}

/** The page the browser shows, with its language segment and query; null where there is no browser (pre-rendering). */
export function currentPagePath(): string | null {
  if (typeof window === 'undefined') return null;
  return `${window.location.pathname}${window.location.search}`;
}

function isFullPortalPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && langOfPath(path.split('?')[0] ?? '') !== null;
}

/**
 * The one way to build a sign-in link: the login page of the shell's language with `?nextPath=` this
 * page (or `options.next`) in its language. Every sign-in link of the shell and the remotes comes
 * from here, so none can lose the page or its language.
 */
export function signInHref(shell: Pick<ShellContextValue, 'hasRoute' | 'href' | 'lang'>, options: SignInLinkOptions = {}): string {
  const login = shell.hasRoute('login') ? shell.href('login') : LOGIN_PATHS[shell.lang];
  const here = currentPagePath();
  const requested = options.next !== undefined && isFullPortalPath(options.next) ? options.next : null;
  const next = requested ?? (here !== null && isFullPortalPath(here) ? here : `/${shell.lang}`);
  const params = new URLSearchParams({ [NEXT_PATH_PARAM]: next });
  if (options.acting) params.set(ACTING_PARAM, options.acting);
  return `${login}?${params.toString()}`;
}

/** signInHref with the remote's shell context. */
export function useSignInHref(options: SignInLinkOptions = {}): string {
  return signInHref(useShell(), options);
}
