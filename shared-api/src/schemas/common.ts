import { z } from 'zod';

export const languages = ['fi', 'sv', 'en'] as const;
export const langSchema = z.enum(languages);
export type Lang = z.infer<typeof langSchema>;

export const brands = ['adult', 'children'] as const;
export const brandSchema = z.enum(brands);
export type Brand = z.infer<typeof brandSchema>;

export const environments = ['development', 'production'] as const;
export const environmentSchema = z.enum(environments);
export type Environment = z.infer<typeof environmentSchema>;

/**
 * The dates a request may name. A date outside any window the portal has a use for (year 0, 9999)
 * is refused at its field's path instead of reaching the server's date arithmetic, where a year
 * past 9999 makes no Date (issue 27: `?startDate=9999-12-31` answered 500). The general window
 * holds every date of birth and every record of a living patient's history; domains with a
 * narrower sense (the booking calendar) narrow it.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2200-12-31';
/** The booking calendar: free times are searched from today on, and no catalogue reaches past 2099. */
export const EARLIEST_BOOKING_DATE = '2000-01-01';
export const LATEST_BOOKING_DATE = '2099-12-31';

export const DATE_FORMAT_MESSAGE = 'Use a real calendar date as yyyy-MM-dd (e.g. 2026-02-28)';
export const dateRangeMessage = (earliest: string, latest: string) => `Use a date from ${earliest} to ${latest}`;

/**
 * A calendar date yyyy-MM-dd from `earliest` to `latest` (both inclusive, yyyy-MM-dd). Days that do
 * not exist (2026-02-30, 2026-13-01) are refused by the format, dates outside the window by the
 * range; each with its own message.
 */
export function isoDateBetween(earliest: string, latest: string) {
  // yyyy-MM-dd with four-digit years compares as text in calendar order
  // abort: a text that is no date gets the format's message only, not the window's too
  return z.iso.date({ message: DATE_FORMAT_MESSAGE, abort: true }).refine((date) => date >= earliest && date <= latest, { message: dateRangeMessage(earliest, latest) });
}

/** ISO 8601 instant with offset, e.g. 2026-11-22T10:00:00.000Z, in the years of the general date window. */
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, abort: true })
  .refine((instant) => instant.slice(0, 10) >= EARLIEST_DATE && instant.slice(0, 10) <= LATEST_DATE, { message: dateRangeMessage(EARLIEST_DATE, LATEST_DATE) });
/** Calendar date yyyy-MM-dd (Europe/Helsinki) in the general window (EARLIEST_DATE to LATEST_DATE). */
export const isoDateSchema = isoDateBetween(EARLIEST_DATE, LATEST_DATE);
/** A day of the booking calendar (EARLIEST_BOOKING_DATE to LATEST_BOOKING_DATE). */
export const bookingDateSchema = isoDateBetween(EARLIEST_BOOKING_DATE, LATEST_BOOKING_DATE);

/** A localized text, one per language; used where texts travel as data (route table menu labels). */
export const localizedTextSchema = z.object({ fi: z.string(), sv: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;
