import { calendarParts, daysBetween, helsinkiParts, helsinkiToday, toHelsinkiDate, toInstant, type IsoDate } from './calendar';
import { LOCALES, TIME_ZONE, type Lang } from './languages';

/*
 * Finnish and Swedish formats are assembled from parts because the spec fixes them as d.M.yyyy H:mm,
 * while Intl's fi-FI writes times as 10.05; English uses Intl's en-GB month-name style.
 */

// made on first use, as calendar.ts's formatter: not in the start-up of every page
let englishDate: Intl.DateTimeFormat | null = null;
function englishDateFormatter(): Intl.DateTimeFormat {
  englishDate ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, day: 'numeric', month: 'long', year: 'numeric' });
  return englishDate;
}

function englishCalendarDate(formatter: Intl.DateTimeFormat, value: Date | string): string {
  const { year, month, day } = calendarParts(value);
  // noon UTC is the same calendar day in Helsinki all year round
  return formatter.format(new Date(Date.UTC(year, month - 1, day, 12)));
}

/** fi/sv '22.11.2026', en '22 November 2026'. Accepts a calendar date ('2026-11-22') or an instant. */
export function formatDate(value: Date | string, lang: Lang): string {
  if (lang === 'en') return englishCalendarDate(englishDateFormatter(), value);
  const { year, month, day } = calendarParts(value);
  return `${day}.${month}.${year}`;
}

/**
 * The date of older relative dates: the same style as formatDate, so that one page never shows
 * '23 Sept 2026' beside '23 September 2026' (one date style per language).
 */
export function formatShortDate(value: Date | string, lang: Lang): string {
  return formatDate(value, lang);
}

/** 'H:mm' in Helsinki, 24-hour clock in every language ('9:05', '14:30'). */
export function formatTime(value: Date | string): string {
  const { hour, minute } = helsinkiParts(value);
  return `${hour}:${String(minute).padStart(2, '0')}`;
}

/** fi/sv '22.11.2026 10:05', en '22 November 2026 at 10:05'. */
export function formatDateTime(value: Date | string, lang: Lang): string {
  const date = formatDate(toInstant(value), lang);
  return lang === 'en' ? `${date} at ${formatTime(value)}` : `${date} ${formatTime(value)}`;
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Spec part 1 §9: relative time (abbreviated) within 24 h, 'yesterday' for 24–48 h ago, else a short date.
 * Future instants within 24 h read 'in 3 hr'. `now` is injectable for tests.
 */
export function formatRelative(value: Date | string, lang: Lang, now: Date = new Date()): string {
  const elapsed = now.getTime() - toInstant(value).getTime();
  const relative = new Intl.RelativeTimeFormat(LOCALES[lang], { style: 'short', numeric: 'auto' });
  const magnitude = Math.abs(elapsed);
  const sign = elapsed >= 0 ? -1 : 1;
  if (magnitude < MINUTE_MS) return relative.format(0, 'second');
  if (magnitude < HOUR_MS) return relative.format(sign * Math.floor(magnitude / MINUTE_MS), 'minute');
  if (magnitude < 24 * HOUR_MS) return relative.format(sign * Math.floor(magnitude / HOUR_MS), 'hour');
  if (elapsed >= 24 * HOUR_MS && elapsed < 48 * HOUR_MS) return relative.format(-1, 'day');
  return formatShortDate(value, lang);
}

/** EUR with 2 decimals: fi '1 234,50 €', sv '1 234,50 €', en '€1,234.50' (spaces are Intl's no-break spaces). */
export function formatMoney(amountEuros: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountEuros);
}

/** Money given in cents (as payment items carry it). */
export function formatCents(cents: number, lang: Lang): string {
  return formatMoney(cents / 100, lang);
}

/**
 * A validity label (spec part 1 §9): shown only for a validity ending within 30 days.
 * - 0 days: today; 1 day: tomorrow;
 * - 2–7 days: in N days;
 * - more than 7 and fewer than 27 days: in N weeks (rounded to the nearest week, so 8–10 → 1, 11–17 → 2);
 * - 27–30 days: in a month;
 * - already passed or more than 30 days away: no label (null).
 * `messageId` and `values` are ready for intl.formatMessage with the common catalogue.
 */
export type ValidityLabel =
  | { kind: 'today'; messageId: 'common.validity.today'; values: Record<string, never> }
  | { kind: 'tomorrow'; messageId: 'common.validity.tomorrow'; values: Record<string, never> }
  | { kind: 'days'; messageId: 'common.validity.days'; values: { count: number } }
  | { kind: 'weeks'; messageId: 'common.validity.weeks'; values: { count: number } }
  | { kind: 'month'; messageId: 'common.validity.month'; values: Record<string, never> };

export const VALIDITY_LABEL_MAX_DAYS = 30;

export function validityLabel(validUntil: IsoDate | Date | string, today: IsoDate = helsinkiToday()): ValidityLabel | null {
  const days = daysBetween(today, toHelsinkiDate(validUntil));
  if (days < 0 || days > VALIDITY_LABEL_MAX_DAYS) return null;
  if (days === 0) return { kind: 'today', messageId: 'common.validity.today', values: {} };
  if (days === 1) return { kind: 'tomorrow', messageId: 'common.validity.tomorrow', values: {} };
  if (days <= 7) return { kind: 'days', messageId: 'common.validity.days', values: { count: days } };
  if (days < 27) return { kind: 'weeks', messageId: 'common.validity.weeks', values: { count: Math.round(days / 7) } };
  return { kind: 'month', messageId: 'common.validity.month', values: {} };
}

const KIB = 1024;
const MIB = 1024 * 1024;

/**
 * A file's size for the attachment list, in binary units as the 9 MB limit is (9437184 = 9 × 1024²):
 * en '850 kB', '2.4 MB'; fi '850 kt', '2,4 Mt'; sv '850 kB', '2,4 MB'. Below 1 kB it reads '1 kB'
 * (a byte count means nothing to a patient).
 */
export function formatFileSize(bytes: number, lang: Lang): string {
  if (bytes >= MIB) {
    return new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / MIB);
  }
  return new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / KIB)));
}
