import { daysBetween, formatRelative, formatShortDate, helsinkiToday, isIsoDate, LOCALES, type Lang } from '@portal/shared-i18n';
import { useShell } from '@portal/shared-ui';

/**
 * Relative dates of the timeline lists (spec part 1 §9): an instant reads as relative time within
 * 24 h ('3 hr. ago'), 'yesterday' for 24–48 h ago, else a short date; a calendar date reads 'today',
 * 'yesterday', else a short date. In the shell's language, Helsinki time; `now` is for tests.
 */
export function relativeDate(value: string, lang: Lang, now: Date = new Date()): string {
  if (!isIsoDate(value)) return formatRelative(value, lang, now);
  const days = daysBetween(value, helsinkiToday(now));
  if (days === 0 || days === 1) return new Intl.RelativeTimeFormat(LOCALES[lang], { numeric: 'auto' }).format(-days, 'day');
  return formatShortDate(value, lang);
}

export function useTimelineDates(now?: Date) {
  const { lang } = useShell();
  return { relative: (value: string) => relativeDate(value, lang, now) };
}
