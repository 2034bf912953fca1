import { TIME_ZONE } from './languages';

/** A calendar date in Europe/Helsinki, 'yyyy-MM-dd'. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface HelsinkiParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * Made on first use, not when the module loads: a time-zone formatter costs tens of milliseconds of
 * ICU set-up on a slow phone, and the shell loads this module in its start-up, before any date shows.
 */
let partsFormatter: Intl.DateTimeFormat | null = null;
function helsinkiPartsFormatter(): Intl.DateTimeFormat {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  return partsFormatter;
}

export function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value);
}

export function toInstant(value: Date | string): Date {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** Wall-clock parts of an instant in Helsinki (DST handled by Intl's time zone data). */
export function helsinkiParts(value: Date | string): HelsinkiParts {
  const parts = helsinkiPartsFormatter().formatToParts(toInstant(value));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The Helsinki calendar date of an instant ('2026-03-28T22:30:00Z' → '2026-03-29'). Date-only input is returned as is. */
export function toHelsinkiDate(value: Date | string): IsoDate {
  if (typeof value === 'string' && isIsoDate(value)) return value;
  const { year, month, day } = helsinkiParts(value);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in Helsinki. `now` is injectable for tests. */
export function helsinkiToday(now: Date = new Date()): IsoDate {
  return toHelsinkiDate(now);
}

function dayNumber(date: IsoDate): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not an ISO date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000;
}

/** Whole calendar days from `from` to `to` ('2026-11-22' → '2026-11-29' is 7), independent of DST. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const result = new Date((dayNumber(date) + days) * 86_400_000);
  return `${result.getUTCFullYear()}-${pad(result.getUTCMonth() + 1)}-${pad(result.getUTCDate())}`;
}

/** Year, month and day of a calendar date or of an instant's Helsinki date. */
export function calendarParts(value: Date | string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(toHelsinkiDate(value));
  if (!match) throw new RangeError(`Not a date: ${String(value)}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}
