import { z } from 'zod';
import { bookingDateSchema, isoDateSchema, isoDateTimeSchema, langSchema } from '../common';
import { BOOKING_PAGE_SIZE, clinicSchema, codeSchema, MAX_DAY_SUGGESTIONS, numericIdSchema, sanitizedHtmlSchema, slotSchema, timeOfDaySchema, timesOfDay, type TimeOfDay } from './appointment';

/**
 * Appointment search (spec part 2 §2.1, §4 "Appointment search", §5 filter rules, §7, §9): the four
 * anonymous-capable GET calls and the list pages' states. The server module is
 * server/src/modules/booking/search/, the pages mf-booking/src/pages/search*.
 */

export const APPOINTMENT_SEARCH_PATH = '/api/appointments';
export const AVAILABLE_DATES_PATH = '/api/appointments/available-appointment-dates';
export const PRACTITIONER_CLINICS_PATH = '/api/appointments/practitioner-clinics';
export const SPECIALTY_INFO_PATH = '/api/appointments/specialty';

/** The widest range one call may ask for (the suggestions' extra month is the server's own). */
export const MAX_SEARCH_RANGE_DAYS = 62;
/** The most values of one repeated filter parameter. */
export const MAX_FILTER_VALUES = 50;
/** The deepest page the search serves (offset), so a client cannot ask the database to skip forever. */
export const MAX_SEARCH_OFFSET = 2000;

/** Repeated query parameters (`?clinicIds=KA&clinicIds=TAP`); a single value is accepted as a list of one. */
const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(item).max(MAX_FILTER_VALUES));

/** Query booleans: `true` or `false` only. */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

const rangeRefinement = (query: { startDate?: string | undefined; endDate?: string | undefined }, ctx: z.RefinementCtx) => {
  if (!query.startDate || !query.endDate) return;
  if (query.endDate < query.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date is before the start date' });
  else if (daysBetween(query.startDate, query.endDate) > MAX_SEARCH_RANGE_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `Search at most ${MAX_SEARCH_RANGE_DAYS} days at a time` });
};

/** Whole days from `from` to `to` (yyyy-MM-dd calendar dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The filter every search call shares (spec part 2 §3 "Filter value"). startDate defaults to today
 * (Europe/Helsinki) and cannot be in the past: the server answers 400 at path startDate (the check
 * needs the server's clock, so it is not in this schema). Without endDate the search is open-ended
 * (up to the catalogue's end).
 */
const filterQueryShape = {
  clinicIds: repeated(codeSchema),
  specialtyIds: repeated(codeSchema),
  practitionerIds: repeated(numericIdSchema),
  includeRemote: queryBooleanSchema.default(false),
  startDate: bookingDateSchema.optional(),
  endDate: bookingDateSchema.optional(),
  /** the occupational type: only a signed-in person with a web-reservation contract (else 403) */
  isOccupationalHealthcare: queryBooleanSchema.default(false),
  isInsuranceCustomer: queryBooleanSchema.default(false),
  timeOfDay: timeOfDaySchema.default('all'),
  lang: langSchema.default('fi'),
};

/** GET /api/appointments */
export const appointmentSearchQuerySchema = z
  .object({
    ...filterQueryShape,
    /** a multiple of 20 (spec part 2 §9) */
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_SEARCH_OFFSET)
      .refine((offset) => offset % BOOKING_PAGE_SIZE === 0, { message: `Use a multiple of ${BOOKING_PAGE_SIZE}` })
      .default(0),
  })
  .superRefine(rangeRefinement);
export type AppointmentSearchQuery = z.infer<typeof appointmentSearchQuerySchema>;

/** GET /api/appointments/available-appointment-dates: the filter plus timeOfDay, a month at a time. */
export const availableDatesQuerySchema = z
  .object({ ...filterQueryShape, startDate: bookingDateSchema, endDate: bookingDateSchema })
  .superRefine(rangeRefinement);
export type AvailableDatesQuery = z.infer<typeof availableDatesQuerySchema>;
export const availableDatesResponseSchema = z.object({ dates: z.array(isoDateSchema) });
export type AvailableDatesResponse = z.infer<typeof availableDatesResponseSchema>;

/** GET /api/appointments/practitioner-clinics?id=&lang= → the clinics the practitioner works at. */
export const practitionerClinicsQuerySchema = z.object({ id: numericIdSchema, lang: langSchema.default('fi') });
export const practitionerClinicsResponseSchema = z.object({ clinicIds: z.array(z.string()) });
export type PractitionerClinicsResponse = z.infer<typeof practitionerClinicsResponseSchema>;

/** GET /api/appointments/specialty?id=&lang= → the specialty with its reservation info (404 when unknown). */
export const specialtyInfoQuerySchema = z.object({ id: codeSchema, lang: langSchema.default('fi') });
export const specialtyInfoResponseSchema = z.object({
  specialty: z.object({
    id: z.string(),
    title: z.string(),
    isVaccination: z.boolean(),
    /** cmsContent.appointmentReservationInfo as sanitised HTML; null when there is none */
    reservationInfoHtml: sanitizedHtmlSchema.nullable(),
  }),
});
export type SpecialtyInfoResponse = z.infer<typeof specialtyInfoResponseSchema>;

/**
 * When the first page is empty, the same search repeated with the range extended by one month
 * (spec part 2 §4, §9): other days (at most 5) and clinics in the neighbour municipalities.
 */
export const daySuggestionSchema = z.object({
  date: isoDateSchema,
  /** the day's first free slot */
  firstStartDate: isoDateTimeSchema,
  count: z.number().int().positive(),
});
/** A clinic suggestion's count stops here: the page may show it as "200+". */
export const SUGGESTION_COUNT_CAP = 200;
export const clinicSuggestionSchema = z.object({
  clinic: clinicSchema,
  /** free slots in the extended range, counted up to SUGGESTION_COUNT_CAP */
  count: z.number().int().positive(),
  firstStartDate: isoDateTimeSchema,
});
export const searchSuggestionsSchema = z.object({
  days: z.array(daySuggestionSchema).max(MAX_DAY_SUGGESTIONS),
  clinics: z.array(clinicSuggestionSchema),
});
export type DaySuggestion = z.infer<typeof daySuggestionSchema>;
export type ClinicSuggestion = z.infer<typeof clinicSuggestionSchema>;
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const searchResultsSchema = z.object({
  type: z.literal('success'),
  /** at most 20, by start time */
  appointments: z.array(slotSchema).max(BOOKING_PAGE_SIZE),
  hasMore: z.boolean(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const appointmentSearchResponseSchema = z.object({
  availableAppointments: searchResultsSchema,
  /** only when the page at offset 0 is empty */
  suggestions: searchSuggestionsSchema.optional(),
});
export type AppointmentSearchResponse = z.infer<typeof appointmentSearchResponseSchema>;

/** 403 of an occupational search the caller may not make (spec part 2 §2.1 occupational statuses). */
export const occupationalSearchRefusals = ['not-signed-in', 'no-occupational-healthcare', 'no-web-reservation'] as const;
export const occupationalSearchForbiddenSchema = z.object({
  type: z.literal('Forbidden'),
  message: z.string(),
  reason: z.enum(occupationalSearchRefusals),
});
export type OccupationalSearchForbidden = z.infer<typeof occupationalSearchForbiddenSchema>;

/* ------------------------------------------------------------------ the list pages */

/** The filter as the page holds it (spec part 2 §3 "Filter value"), plus the time-of-day tab. */
export const searchFilterSchema = z.object({
  clinicIds: z.array(z.string()),
  specialtyIds: z.array(z.string()),
  practitionerIds: z.array(z.string()),
  includeRemote: z.boolean(),
  startDate: isoDateSchema,
  timeOfDay: timeOfDaySchema,
});
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** The filter options in the page's language. Remote clinics are not listed: includeRemote adds them. */
export const searchOptionsSchema = z.object({
  municipalities: z.array(
    z.object({
      /** as stored (e.g. "Helsinki"); the neighbour map is keyed by its lower case */
      name: z.string(),
      clinics: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  specialties: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      isVaccination: z.boolean(),
      /** spec part 2 §5: choosing it turns includeRemote on (PSY, ENDO, GYN, NNA, GRG) */
      turnsOnRemote: z.boolean(),
    }),
  ),
  practitioners: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      isResource: z.boolean(),
      specialtyIds: z.array(z.string()),
      clinicIds: z.array(z.string()),
    }),
  ),
});
export type SearchOptions = z.infer<typeof searchOptionsSchema>;

/* ------------------------------------------------------------------ page URL ⇄ filter */

/** The page's own query parameter of the time tab (spec part 2 §2.1: `time`, default all). */
export const TIME_QUERY_PARAM = 'time';

type QueryValue = string | readonly string[] | undefined | null;
const valuesOf = (value: unknown): string[] =>
  value === undefined || value === null ? [] : (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/**
 * The filter in a page's query string, leniently (spec part 2 §2.1): invalid values are dropped, not
 * errors; a missing or past startDate becomes today. `query` is a parsed query (repeated keys as
 * arrays) or URLSearchParams.
 */
export function parseSearchFilter(query: URLSearchParams | Readonly<Record<string, unknown>>, today: string): SearchFilter {
  const get = (key: string): string[] => (query instanceof URLSearchParams ? query.getAll(key) : valuesOf((query as Record<string, QueryValue>)[key]));
  const valid = (schema: z.ZodType, values: string[]) => [...new Set(values.filter((value) => schema.safeParse(value).success))].slice(0, MAX_FILTER_VALUES);
  const [start] = get('startDate');
  const [time] = get(TIME_QUERY_PARAM);
  const startDate = start && bookingDateSchema.safeParse(start).success && start >= today ? start : today;
  return {
    clinicIds: valid(codeSchema, get('clinicIds')),
    specialtyIds: valid(codeSchema, get('specialtyIds')),
    practitionerIds: valid(numericIdSchema, get('practitionerIds')),
    includeRemote: get('includeRemote')[0] === 'true',
    startDate,
    timeOfDay: (timesOfDay as readonly string[]).includes(time ?? '') ? (time as TimeOfDay) : 'all',
  };
}

/** The page's query string of a filter (shareable; defaults left out). */
export function searchFilterToPageQuery(filter: SearchFilter, today: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of filter.clinicIds) params.append('clinicIds', id);
  for (const id of filter.specialtyIds) params.append('specialtyIds', id);
  for (const id of filter.practitionerIds) params.append('practitionerIds', id);
  if (filter.includeRemote) params.set('includeRemote', 'true');
  if (filter.startDate !== today) params.set('startDate', filter.startDate);
  if (filter.timeOfDay !== 'all') params.set(TIME_QUERY_PARAM, filter.timeOfDay);
  return params;
}

export interface SearchCallOptions {
  healthcareType: 'private' | 'insurance' | 'occupational';
  lang: string;
  offset?: number;
  endDate?: string;
}

/** The query of GET /api/appointments (and, with endDate, of the available dates) for a filter. */
export function searchFilterToApiQuery(filter: SearchFilter, options: SearchCallOptions): URLSearchParams {
  const params = new URLSearchParams();
  for (const id of filter.clinicIds) params.append('clinicIds', id);
  for (const id of filter.specialtyIds) params.append('specialtyIds', id);
  for (const id of filter.practitionerIds) params.append('practitionerIds', id);
  params.set('includeRemote', String(filter.includeRemote));
  params.set('startDate', filter.startDate);
  if (options.endDate) params.set('endDate', options.endDate);
  params.set('timeOfDay', filter.timeOfDay);
  params.set('isOccupationalHealthcare', String(options.healthcareType === 'occupational'));
  params.set('isInsuranceCustomer', String(options.healthcareType === 'insurance'));
  params.set('lang', options.lang);
  if (options.offset) params.set('offset', String(options.offset));
  return params;
}

/** The last day of the calendar month of `date` (yyyy-MM-dd): the available dates' month. */
export function endOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
