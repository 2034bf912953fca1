import type { Lang } from '@portal/shared-api';

export type { Lang };

/**
 * Kept here as a plain array (not imported from shared-api at run time) so that browser code using
 * only i18n helpers does not pull zod in.
 */
export const LANGUAGES: readonly Lang[] = ['fi', 'sv', 'en'];
export const DEFAULT_LANG: Lang = 'fi';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** BCP 47 locale used for Intl formatting (spec part 2 §9: en-GB, fi-FI; Swedish in Finland). */
export const LOCALES: Readonly<Record<Lang, string>> = { fi: 'fi-FI', sv: 'sv-FI', en: 'en-GB' };

export const TIME_ZONE = 'Europe/Helsinki';
