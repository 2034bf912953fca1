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
    second: 'numeric',
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

function wallClock(instant: Date): HelsinkiParts & { second: number } {
  const parts = helsinkiPartsFormatter().formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') };
}

/** Wall-clock parts of an instant in Helsinki (DST handled by Intl's time zone data). */
export function helsinkiParts(value: Date | string): HelsinkiParts {
  const { year, month, day, hour, minute } = wallClock(toInstant(value));
  return { year, month, day, hour, minute };
}

/** Milliseconds of a UTC wall-clock time; unlike Date.UTC, years 0–99 are those years, not 1900–1999. */
function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, day);
  time.setUTCHours(hour, minute, second, 0);
  return time.getTime();
}

function exactOffsetMs(instant: Date): number {
  const p = wallClock(instant);
  return utcTime(p.year, p.month, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
// Since 1981 Helsinki's offset changes only on the full UTC hour (01:00 UTC under the EU rules, 00:00
// UTC in 1981–82), so one Intl call per UTC hour serves every instant in it. formatToParts costs some
// 15 µs and every search call on the server made several (issue 13's budget); older instants are
// computed each time.
const MEMO_FROM_MS = Date.UTC(1981, 0, 1);
const MEMO_UNTIL_MS = Date.UTC(9000, 0, 1);
const offsetsByHour = new Map<number, number>();

/** Offset of Helsinki from UTC at the instant, in milliseconds (+2 h or +3 h since 1921). */
function offsetMs(instant: Date): number {
  const time = instant.getTime();
  if (!(time >= MEMO_FROM_MS && time < MEMO_UNTIL_MS)) return exactOffsetMs(instant);
  const hour = Math.floor(time / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    if (offsetsByHour.size >= 10_000) offsetsByHour.clear();
    offset = exactOffsetMs(new Date(hour * HOUR_MS));
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The Helsinki calendar date of an instant ('2026-03-28T22:30:00Z' → '2026-03-29'). Date-only input is returned as is. */
export function toHelsinkiDate(value: Date | string): IsoDate {
  if (typeof value === 'string' && isIsoDate(value)) return value;
  const instant = toInstant(value);
  const time = instant.getTime();
  if (time >= MEMO_FROM_MS && time < MEMO_UNTIL_MS) return new Date(time + offsetMs(instant)).toISOString().slice(0, 10);
  const { year, month, day } = wallClock(instant);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today in Helsinki. `now` is injectable for tests. */
export function helsinkiToday(now: Date = new Date()): IsoDate {
  return toHelsinkiDate(now);
}

/**
 * The year, month and day of a yyyy-MM-dd date. Request schemas keep dates in their windows
 * (shared-api's isoDateSchema, bookingDateSchema); a text that is no such date reaching the
 * arithmetic is a bug, and the RangeError names the text instead of computing some other day.
 */
function dateParts(date: IsoDate): [number, number, number] {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${JSON.stringify(date.slice(0, 40))}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function dayNumber(date: IsoDate): number {
  const [y, m, d] = dateParts(date);
  return utcTime(y, m, d) / 86_400_000;
}

/** Whole calendar days from `from` to `to` ('2026-11-22' → '2026-11-29' is 7), independent of DST. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** The date `days` calendar days after (or, negative, before) `date`; a result outside the years 0000–9999 is a RangeError. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = dateParts(date);
  const result = new Date(utcTime(y, m, d + days));
  const year = result.getUTCFullYear();
  // toISOString writes years past 9999 as +010000-…, which no yyyy-MM-dd reader takes
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`${date} + ${days} days leaves the years 0000–9999`);
  return result.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  const [y, m, d] = dateParts(date);
  const day = new Date(utcTime(y, m, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The instant of a Helsinki wall-clock time on a date (DST-correct). */
export function helsinkiInstant(date: IsoDate, hour: number, minute = 0): Date {
  const [y, m, d] = dateParts(date);
  const wall = utcTime(y, m, d, hour, minute);
  const first = new Date(wall - offsetMs(new Date(wall)));
  // Near a DST change the offset at the guess may differ from the offset at the answer.
  return new Date(wall - offsetMs(first));
}

/** Year, month and day of a calendar date or of an instant's Helsinki date. */
export function calendarParts(value: Date | string): { year: number; month: number; day: number } {
  const match = ISO_DATE.exec(toHelsinkiDate(value));
  if (!match) throw new RangeError(`Not a date: ${String(value)}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}
