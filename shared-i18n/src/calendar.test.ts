import { addDays, daysBetween, helsinkiInstant, helsinkiToday, isoWeekday, toHelsinkiDate } from './calendar';

// Issue 27: the date arithmetic takes only the yyyy-MM-dd dates the request schemas let through and
// says so when handed anything else, instead of computing some other day (or none: RangeError from
// toISOString deep in a search). Moved here from the server's util/time tests (issue 32: one calendar).
describe('calendar', () => {
  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2200-12-31', 62)).toBe('2201-03-03');
    expect(addDays('1900-01-01', -1)).toBe('1899-12-31');
    expect(daysBetween('2026-11-22', '2026-11-29')).toBe(7);
  });

  it('years 0–99 are those years, not 1900–1999', () => {
    expect(addDays('0001-01-01', 1)).toBe('0001-01-02');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(isoWeekday('0001-01-01')).toBe(1);
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
  });

  it('refuses a result past year 9999 and a text that is no date, naming it', () => {
    expect(() => addDays('9999-12-31', 62)).toThrow(new RangeError('9999-12-31 + 62 days leaves the years 0000–9999'));
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    for (const text of ['+010000-01-01', '2026-1-1', '20260101', '', '2026-01-01T00:00:00Z']) {
      expect(() => addDays(text, 1)).toThrow(/Not a yyyy-MM-dd date/);
      expect(() => addDays(text, 1)).toThrow(RangeError);
      expect(() => isoWeekday(text)).toThrow(RangeError);
      expect(() => helsinkiInstant(text, 0)).toThrow(RangeError);
      expect(() => daysBetween(text, '2026-01-01')).toThrow(RangeError);
    }
  });

  it('keeps Helsinki wall-clock times right across daylight saving', () => {
    expect(helsinkiInstant('2026-03-29', 12).toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(helsinkiInstant('2026-10-25', 12).toISOString()).toBe('2026-10-25T10:00:00.000Z');
    expect(helsinkiInstant('2150-06-15', 0).toISOString()).toBe('2150-06-14T21:00:00.000Z');
    // 03:30 does not exist on the spring-forward day: it is taken as 04:30 summer time
    expect(helsinkiInstant('2026-03-29', 3, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // Helsinki mean time (+1:39:49) before 1921, to the second
    expect(helsinkiInstant('1900-06-01', 12).toISOString()).toBe('1900-06-01T10:20:11.000Z');
    expect(toHelsinkiDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(helsinkiToday(new Date('2026-12-31T21:59:59Z'))).toBe('2026-12-31');
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('gives the same date on the memoised path (1981–8999) as Intl does, on both sides of each DST change', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (const iso of ['2026-03-29T00:59:59Z', '2026-03-29T01:00:00Z', '2026-10-24T20:59:59Z', '2026-10-24T21:00:00Z', '1981-03-29T00:00:00Z', '1985-09-28T21:30:00Z', '8999-12-31T21:59:59Z']) {
      const instant = new Date(iso);
      expect(toHelsinkiDate(instant)).toBe(intl.format(instant));
    }
    // before 1981 the date comes from Intl every time
    expect(toHelsinkiDate(new Date('1950-06-30T21:30:00Z'))).toBe('1950-06-30'); // no summer time in 1950
    expect(toHelsinkiDate(new Date('1950-06-30T22:30:00Z'))).toBe('1950-07-01');
  });
});
