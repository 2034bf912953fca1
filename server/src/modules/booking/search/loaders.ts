import {
  endOfMonth,
  parseSearchFilter,
  type HealthcareType,
  type Lang,
  type SearchListState,
} from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { helsinkiToday } from '@portal/shared-i18n';
import { criteriaOf, lastDayOf, specialtyRulesOf, type SearchScope } from './criteria';
import { loadSearchOptions } from './options';
import { findAvailableDates, findSlots, findSuggestions, PRICE_DETAILS_FEATURE } from './slots';

export interface ListStateInput {
  scope: SearchScope;
  /** the page's query string as the server parsed it (repeated keys as arrays) */
  query: unknown;
  lang: Lang;
  features: readonly string[];
  now?: Date;
}

/**
 * A list page's whole first state (spec part 2 §2.1): the options, the filter from the address
 * (leniently), the first page of results (with suggestions when empty) and the calendar's first
 * month, so the page shows results without a second round trip.
 */
export async function loadSearchListState(db: Database, input: ListStateInput): Promise<SearchListState> {
  const now = input.now ?? new Date();
  const today = helsinkiToday(now);
  const query = typeof input.query === 'object' && input.query !== null ? (input.query as Record<string, unknown>) : {};
  const rules = specialtyRulesOf(input.scope);
  const parsed = parseSearchFilter(query, today);
  // a specialty the page does not offer is an invalid value: dropped like any other
  const filter = {
    ...parsed,
    specialtyIds: parsed.specialtyIds.filter((id) => (rules.allowed ? rules.allowed.includes(id) : !rules.excluded.includes(id))),
  };
  const criteria = criteriaOf(filter, input.scope);
  const monthEnd = endOfMonth(filter.startDate);
  const view = { lang: input.lang, priceDetails: input.features.includes(PRICE_DETAILS_FEATURE) };
  const [options, results, dates] = await Promise.all([
    loadSearchOptions(db, input.scope, input.lang, now),
    findSlots(db, criteria, 0, now, view),
    findAvailableDates(db, criteriaOf({ ...filter, endDate: monthEnd }, input.scope), now),
  ]);
  const suggestions = results.appointments.length ? null : await findSuggestions(db, criteria, lastDayOf(filter), now);
  return {
    healthcareType: criteria.healthcareType,
    restrictedToSpecialtyIds: input.scope === 'vaccination' ? [...(rules.allowed ?? [])] : null,
    today,
    options,
    filter,
    results: { type: 'success', ...results },
    suggestions,
    availableDates: { startDate: filter.startDate, endDate: monthEnd, dates },
    showPriceDetails: view.priceDetails,
  };
}

/** booking.landing: occupational health care is offered on the adult brand only (spec part 2 §2.1). */
export function customerTypesOf(brand: string): HealthcareType[] {
  return brand === 'adult' ? ['private', 'insurance', 'occupational'] : ['private', 'insurance'];
}
