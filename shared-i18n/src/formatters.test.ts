import { createIntl } from 'react-intl';
import { addDays, daysBetween, helsinkiToday, toHelsinkiDate } from './calendar';
import { formatCents, formatDate, formatDateTime, formatFileSize, formatMoney, formatRelative, formatTime, validityLabel } from './formatters';
import { LANGUAGES } from './languages';
import { createIntlMessages } from './messages';

/** Intl uses no-break spaces in money and some dates; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('calendar days in Helsinki', () => {
  test('an instant belongs to its Helsinki calendar day', () => {
    expect(toHelsinkiDate('2026-11-22T21:59:00Z')).toBe('2026-11-22'); // 23:59 EET
    expect(toHelsinkiDate('2026-11-22T22:00:00Z')).toBe('2026-11-23'); // 00:00 EET
    expect(toHelsinkiDate('2026-07-01T20:59:00Z')).toBe('2026-07-01'); // 23:59 EEST
    expect(toHelsinkiDate('2026-07-01T21:00:00Z')).toBe('2026-07-02'); // 00:00 EEST
    expect(toHelsinkiDate('2026-05-04')).toBe('2026-05-04');
  });

  test('today is computed in Helsinki, not in UTC', () => {
    expect(helsinkiToday(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(helsinkiToday(new Date('2026-12-31T21:30:00Z'))).toBe('2026-12-31');
  });

  test('day counts ignore the DST change', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('formatDate, formatTime, formatDateTime', () => {
  const instant = '2026-11-22T08:05:00Z'; // 10:05 in Helsinki (EET, +2)

  test('fi and sv use d.M.yyyy H:mm, en the month-name style', () => {
    expect(formatDate(instant, 'fi')).toBe('22.11.2026');
    expect(formatDate(instant, 'sv')).toBe('22.11.2026');
    expect(formatDate(instant, 'en')).toBe('22 November 2026');
    expect(formatDateTime(instant, 'fi')).toBe('22.11.2026 10:05');
    expect(formatDateTime(instant, 'sv')).toBe('22.11.2026 10:05');
    expect(formatDateTime(instant, 'en')).toBe('22 November 2026 at 10:05');
    expect(formatDate('2026-01-05', 'fi')).toBe('5.1.2026');
    expect(formatDate('2026-01-05', 'en')).toBe('5 January 2026');
  });

  test('calendar dates never shift a day, whatever the time zone of the computer', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('1 March 2026');
    expect(formatDate('2026-12-31', 'sv')).toBe('31.12.2026');
  });

  test('times follow Helsinki across the DST boundaries', () => {
    // spring forward: 2026-03-29 03:00 EET → 04:00 EEST (01:00 UTC)
    expect(formatTime('2026-03-29T00:59:00Z')).toBe('2:59');
    expect(formatTime('2026-03-29T01:00:00Z')).toBe('4:00');
    // fall back: 2026-10-25 04:00 EEST → 03:00 EET (01:00 UTC); 03:30 happens twice
    expect(formatTime('2026-10-25T00:30:00Z')).toBe('3:30');
    expect(formatTime('2026-10-25T01:30:00Z')).toBe('3:30');
    expect(formatDateTime('2026-07-01T21:15:00Z', 'fi')).toBe('2.7.2026 0:15');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  test('within 24 hours: abbreviated relative time', () => {
    expect(formatRelative(ago(30_000), 'en', now)).toBe('now');
    expect(formatRelative(ago(5 * MIN), 'en', now)).toBe('5 min ago');
    expect(formatRelative(ago(5 * MIN), 'fi', now)).toBe('5 min sitten');
    expect(formatRelative(ago(3 * HOUR), 'en', now)).toBe('3 hr ago');
    expect(formatRelative(ago(3 * HOUR), 'fi', now)).toBe('3 t sitten');
    expect(formatRelative(ago(3 * HOUR), 'sv', now)).toBe('för 3 tim sedan');
    expect(formatRelative(ago(24 * HOUR - 1), 'en', now)).toBe('23 hr ago');
    expect(formatRelative(ago(-2 * HOUR), 'en', now)).toBe('in 2 hr');
  });

  test('24 to 48 hours ago: yesterday', () => {
    expect(formatRelative(ago(24 * HOUR), 'en', now)).toBe('yesterday');
    expect(formatRelative(ago(47 * HOUR), 'fi', now)).toBe('eilen');
    expect(formatRelative(ago(30 * HOUR), 'sv', now)).toBe('i går');
  });

  test.each([
    ['fi', '23.9.2026'],
    ['sv', '23.9.2026'],
    ['en', '23 September 2026'],
  ] as const)('one date style per language: an older relative date reads as formatDate does (%s)', (lang, expected) => {
    const later = new Date('2026-11-22T12:00:00Z');
    expect(formatRelative('2026-09-23T09:00:00Z', lang, later)).toBe(expected);
    expect(formatDate('2026-09-23', lang)).toBe(expected);
    expect(formatDateTime('2026-09-23T09:00:00Z', lang).startsWith(expected)).toBe(true);
  });

  test('older: a short date', () => {
    expect(formatRelative(ago(48 * HOUR), 'en', now)).toBe('20 November 2026');
    expect(formatRelative(ago(48 * HOUR), 'fi', now)).toBe('20.11.2026');
    expect(formatRelative('2026-03-28T22:30:00Z', 'sv', now)).toBe('29.3.2026');
  });

  test('24 hours across the autumn DST change still reads yesterday', () => {
    const after = new Date('2026-10-25T12:00:00Z');
    expect(formatRelative('2026-10-24T11:00:00Z', 'en', after)).toBe('yesterday');
  });
});

describe('formatMoney', () => {
  test('EUR with two decimals in each language', () => {
    expect(plain(formatMoney(1234.5, 'fi'))).toBe('1 234,50 €');
    expect(plain(formatMoney(1234.5, 'sv'))).toBe('1 234,50 €');
    expect(plain(formatMoney(1234.5, 'en'))).toBe('€1,234.50');
    expect(plain(formatMoney(0, 'fi'))).toBe('0,00 €');
    expect(plain(formatCents(4990, 'en'))).toBe('€49.90');
  });
});

describe('validityLabel', () => {
  const today = '2026-11-22';
  const labelIn = (days: number) => validityLabel(addDays(today, days), today);

  test.each([
    [0, { kind: 'today' }],
    [1, { kind: 'tomorrow' }],
    [2, { kind: 'days', values: { count: 2 } }],
    [7, { kind: 'days', values: { count: 7 } }],
    [8, { kind: 'weeks', values: { count: 1 } }],
    [10, { kind: 'weeks', values: { count: 1 } }],
    [11, { kind: 'weeks', values: { count: 2 } }],
    [26, { kind: 'weeks', values: { count: 4 } }],
    [27, { kind: 'month' }],
    [30, { kind: 'month' }],
  ])('%i days away', (days, expected) => {
    expect(labelIn(days)).toMatchObject(expected);
  });

  test('no label when passed or more than 30 days away', () => {
    expect(labelIn(-1)).toBeNull();
    expect(labelIn(31)).toBeNull();
  });

  test('an instant counts by its Helsinki day; DST does not change the count', () => {
    expect(validityLabel('2026-11-22T22:30:00Z', today)?.kind).toBe('tomorrow');
    expect(validityLabel('2026-04-05', '2026-03-28')).toMatchObject({ kind: 'weeks', values: { count: 1 } });
  });

  test('its message formats in every language', () => {
    const texts = LANGUAGES.map((lang) => {
      const intl = createIntl({ locale: lang, messages: createIntlMessages(lang) });
      const label = labelIn(14);
      if (!label) throw new Error('expected a label');
      return intl.formatMessage({ id: label.messageId }, label.values);
    });
    expect(texts).toEqual(['Päättyy 2 viikon kuluttua', 'Upphör om 2 veckor', 'Expires in 2 weeks']);
  });
});

describe('formatFileSize (attachments, binary units like the 9 MB limit)', () => {
  test('kilobytes below a megabyte, never a byte count', () => {
    expect(plain(formatFileSize(10, 'en'))).toBe('1 kB');
    expect(plain(formatFileSize(850 * 1024, 'fi'))).toBe('850 kt');
  });
  test('megabytes with one decimal in the language of the page', () => {
    expect(plain(formatFileSize(2.4 * 1024 * 1024, 'fi'))).toBe('2,4 Mt');
    expect(plain(formatFileSize(9437184, 'en'))).toBe('9 MB');
  });
});
