import { z } from 'zod';
import { isoDateSchema } from '../../common';
import { healthcareTypeSchema } from '../appointment';
import { searchFilterSchema, searchOptionsSchema, searchResultsSchema, searchSuggestionsSchema } from '../search';

/**
 * booking.private-list, booking.insurance-list, booking.vaccination and the occupational list's ok
 * status: everything to render the first results without a second round trip.
 */
export const pageStateSchema = z.object({
  healthcareType: healthcareTypeSchema,
  /** booking.vaccination: the specialties the search is limited to (ROKT, KORR, INFL); null: any */
  restrictedToSpecialtyIds: z.array(z.string()).nullable(),
  /** today in Europe/Helsinki: the earliest start date */
  today: isoDateSchema,
  options: searchOptionsSchema,
  /** parsed from the page's query string; invalid values dropped, startDate not before today */
  filter: searchFilterSchema,
  results: searchResultsSchema,
  suggestions: searchSuggestionsSchema.nullable(),
  /** the calendar's first month (the filter's start date's month, from startDate on) */
  availableDates: z.object({ startDate: isoDateSchema, endDate: isoDateSchema, dates: z.array(isoDateSchema) }),
  /** the private type's price estimates carry their breakdown (the price-details feature) */
  showPriceDetails: z.boolean(),
});
export type PageState = z.infer<typeof pageStateSchema>;
