import type { Lang } from '@portal/shared-api';
import { inLanguage, practitionerTitleIn, type Translations } from '../clinics/index';
import type { MessagingUserRow } from './queries';

/**
 * Messaging's names and titles in the page's language (the rule of clinics/vocabulary.ts): a
 * professional's title is the practitioner registry's Finnish one, and a team recipient's name is
 * stored in Finnish; what people wrote (titles of threads, messages) is never translated.
 */

/** Team recipients' names (stored as the user's first name, in Finnish). */
export const TEAM_NAMES: Translations = {
  Terveystiimi: { sv: 'Hälsoteamet', en: 'Healthcare team' },
};

/** A user's first name as shown in `lang`: a team recipient's name is translated, a person's is not. */
export function firstNameIn(user: Pick<MessagingUserRow, 'firstName' | 'isTeamRecipient'>, lang: Lang): string {
  return user.isTeamRecipient ? inLanguage(TEAM_NAMES, user.firstName, lang) : user.firstName;
}

/** A user's title in `lang` (null stays null). */
export function titleIn(user: Pick<MessagingUserRow, 'title'>, lang: Lang): string | null {
  return user.title === null ? null : practitionerTitleIn(user.title, lang);
}

/** A recipient's display name in `lang` ('Healthcare team'; a person's name as it is). */
export function recipientNameIn(user: Pick<MessagingUserRow, 'firstName' | 'lastName' | 'isTeamRecipient'>, lang: Lang): string {
  return `${firstNameIn(user, lang)} ${user.lastName}`.trim();
}

const LANGS: readonly Lang[] = ['fi', 'sv', 'en'];

/**
 * The language an Accept-Language header asks for first among fi, sv and en (by q-value, then
 * order; 'sv-FI' counts as sv), else Finnish. The portal's messaging client sends the page's
 * language; without it, the browser's own preference decides.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return 'fi';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      // q=0…1 with up to three decimals (RFC 9110 §12.4.2); a malformed weight drops the range
      const weight = params.map((p) => p.trim()).find((p) => /^q\s*=/i.test(p));
      const q = weight === undefined ? 1 : /^q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.test(weight) ? Number(weight.split('=')[1]) : Number.NaN;
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q, index };
    })
    .filter((range) => Number.isFinite(range.q) && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const lang = LANGS.find((candidate) => candidate === range.primary);
    if (lang) return lang;
  }
  return 'fi';
}
