/** Europe/Helsinki calendar arithmetic without a date library: dates are 'yyyy-MM-dd' strings. */
export const TIME_ZONE = 'Europe/Helsinki';

const partsFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function helsinkiParts(instant: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of partsFormatter.formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

function exactOffsetMs(instant: Date): number {
  const p = helsinkiParts(instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
// Since 1981 Helsinki's offset changes only on the full UTC hour (01:00 UTC under the EU rules, 00:00
// UTC in 1981–82), so one Intl call per UTC hour serves every instant in it. formatToParts costs some
// 15 µs and every search call made several (issue 13's budget); older instants are computed each time.
const MEMO_FROM_MS = Date.UTC(1981, 0, 1);
const MEMO_UNTIL_MS = Date.UTC(9000, 0, 1);
const offsetsByHour = new Map<number, number>();

/** Offset of Helsinki from UTC at the instant, in milliseconds (+2 h or +3 h). */
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

/** The calendar date in Helsinki at the instant. */
export function helsinkiDate(instant: Date = new Date()): string {
  const time = instant.getTime();
  if (time >= MEMO_FROM_MS && time < MEMO_UNTIL_MS) return new Date(time + offsetMs(instant)).toISOString().slice(0, 10);
  const p = helsinkiParts(instant);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The year, month and day of a yyyy-MM-dd date. Request schemas keep dates in their windows
 * (shared-api's isoDateSchema, bookingDateSchema); a text that is no such date reaching the
 * arithmetic is a bug, and the RangeError names the text instead of computing some other day.
 */
function dateParts(date: string): [number, number, number] {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new RangeError(`Not a yyyy-MM-dd date: ${JSON.stringify(date.slice(0, 40))}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Milliseconds of a UTC wall-clock time; unlike Date.UTC, years 0–99 are those years, not 1900–1999. */
function utcTime(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const time = new Date(0);
  time.setUTCFullYear(year, month - 1, day);
  time.setUTCHours(hour, minute, 0, 0);
  return time.getTime();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = dateParts(date);
  const result = new Date(utcTime(y, m, d + days));
  const year = result.getUTCFullYear();
  // toISOString writes years past 9999 as +010000-…, which no yyyy-MM-dd reader takes
  if (!(year >= 0 && year <= 9999)) throw new RangeError(`${date} + ${days} days leaves the years 0000–9999`);
  return result.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = dateParts(date);
  const day = new Date(utcTime(y, m, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The instant of a Helsinki wall-clock time on a date (DST-correct). */
export function helsinkiInstant(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = dateParts(date);
  const wall = utcTime(y, m, d, hour, minute);
  const first = new Date(wall - offsetMs(new Date(wall)));
  // Near a DST change the offset at the guess may differ from the offset at the answer.
  return new Date(wall - offsetMs(first));
}
