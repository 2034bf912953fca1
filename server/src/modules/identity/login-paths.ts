import type { Lang } from '@portal/shared-api';

/** The shell's login route segments (route id `login`; docs/product-decisions.md, "Paths"). */
const loginSegments: Record<Lang, string> = { fi: 'kirjaudu', sv: 'logga-in', en: 'login' };

export const IDENTIFICATION_FAILED = 'identification-failed';

/** Where a failed or cancelled sign-in lands: the login page, with the error and the original target. */
export function loginErrorPath(lang: Lang, nextPath?: string): string {
  const query = new URLSearchParams({ error: IDENTIFICATION_FAILED });
  if (nextPath && nextPath !== '/') query.set('nextPath', nextPath);
  return `/${lang}/${loginSegments[lang]}?${query.toString()}`;
}

export function loginPath(lang: Lang): string {
  return `/${lang}/${loginSegments[lang]}`;
}

/** The children's-brand landing's `?error=` values (spec part 1 §8). */
export type LandingError = 'disallowed' | 'unknown';

/** '/fi/asiointipolku?error=disallowed': `segment` is the landing route's path in `lang`. */
export function landingErrorPath(lang: Lang, segment: string, error: LandingError): string {
  return `/${lang}/${segment}?${new URLSearchParams({ error }).toString()}`;
}
