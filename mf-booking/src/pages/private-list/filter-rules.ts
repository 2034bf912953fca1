import { parseSearchFilter, REMOTE_SPECIALTY_IDS, searchFilterToPageQuery, TIME_QUERY_PARAM, type SearchFilter, type TimeOfDay } from '@portal/shared-api';
import { isIsoDate, type IsoDate } from '@portal/shared-i18n';

/**
 * The search filter's interaction rules (spec part 2 §2.1 "Booking query parameters", §5 "Filter
 * behaviour", "Search start date cannot be in the past"), kept free of React so each rule is tested
 * on its own. The filter lives in the address: arrays as repeated parameters (the contract's
 * parseSearchFilter / searchFilterToPageQuery read and write it).
 */
export type { SearchFilter };

/** A municipality with its clinics, as the filter's clinic picker groups them. */
export interface MunicipalityClinics {
  name: string;
  clinics: ReadonlyArray<{ id: string }>;
}

const unique = (values: readonly string[]) => [...new Set(values)];
const without = (values: readonly string[], removed: readonly string[]) => values.filter((value) => !removed.includes(value));
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));
const idsOf = (group: MunicipalityClinics) => group.clinics.map((clinic) => clinic.id);

/** The filter in an address's query: invalid values are dropped (a shared link never breaks the page); a past or missing start date becomes today. */
export function filterFromSearchParams(params: URLSearchParams, today: IsoDate): SearchFilter {
  return parseSearchFilter(params, today);
}

/** The filter's own query parameters (and the offset, which the address never carries). */
const FILTER_PARAMS = ['startDate', 'clinicIds', 'specialtyIds', 'practitionerIds', 'includeRemote', TIME_QUERY_PARAM, 'offset'];

/**
 * The filter as the address's query. Defaults are left out (today's date, time 'all', includeRemote off)
 * so an untouched search keeps a clean, shareable address. Parameters the filter does not own (e.g. an
 * app deep link's) are kept as they were.
 */
export function filterToSearchParams(filter: SearchFilter, today: IsoDate, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const name of FILTER_PARAMS) params.delete(name);
  for (const [name, value] of searchFilterToPageQuery(filter, today)) params.append(name, value);
  return params;
}

/** Whether two filters search the same thing (the time tab included). */
export function sameFilter(a: SearchFilter, b: SearchFilter): boolean {
  return (
    a.startDate === b.startDate &&
    a.includeRemote === b.includeRemote &&
    a.timeOfDay === b.timeOfDay &&
    sameSet(a.clinicIds, b.clinicIds) &&
    sameSet(a.specialtyIds, b.specialtyIds) &&
    sameSet(a.practitionerIds, b.practitionerIds)
  );
}

/** §5: a start date before today is not searchable; it becomes today. */
export function withStartDate(filter: SearchFilter, date: IsoDate, today: IsoDate): SearchFilter {
  return { ...filter, startDate: isIsoDate(date) && date >= today ? date : today };
}

/** §5: picking a specialty clears the practitioners; PSY, ENDO, GYN, NNA and GRG turn includeRemote on. */
export function withSpecialties(filter: SearchFilter, specialtyIds: readonly string[]): SearchFilter {
  const next = unique(specialtyIds);
  const added = without(next, filter.specialtyIds);
  const turnsRemoteOn = next.some((id) => (REMOTE_SPECIALTY_IDS as readonly string[]).includes(id));
  return {
    ...filter,
    specialtyIds: next,
    practitionerIds: added.length > 0 ? [] : filter.practitionerIds,
    includeRemote: filter.includeRemote || turnsRemoteOn,
  };
}

/**
 * §5: choosing a practitioner clears the specialties and turns includeRemote on; the clinics become
 * the practitioners' own (from practitioner-clinics) when they are known. Removing the last
 * practitioner leaves the other choices as they are.
 */
export function withPractitioners(filter: SearchFilter, practitionerIds: readonly string[], practitionerClinicIds?: readonly string[]): SearchFilter {
  const next = unique(practitionerIds);
  const added = without(next, filter.practitionerIds);
  if (added.length === 0) return { ...filter, practitionerIds: next };
  return {
    ...filter,
    practitionerIds: next,
    specialtyIds: [],
    includeRemote: true,
    clinicIds: practitionerClinicIds ? unique(practitionerClinicIds) : filter.clinicIds,
  };
}

export function withClinics(filter: SearchFilter, clinicIds: readonly string[]): SearchFilter {
  return { ...filter, clinicIds: unique(clinicIds) };
}

/** §5: selecting a municipality selects all its clinics; removing it removes them all. */
export function withMunicipality(filter: SearchFilter, group: MunicipalityClinics, selected: boolean): SearchFilter {
  return {
    ...filter,
    clinicIds: selected ? unique([...filter.clinicIds, ...idsOf(group)]) : without(filter.clinicIds, idsOf(group)),
  };
}

/** A municipality reads as selected when all its clinics are, and as partly selected when some are. */
export function municipalitySelection(filter: SearchFilter, group: MunicipalityClinics): 'all' | 'some' | 'none' {
  const ids = idsOf(group);
  const chosen = ids.filter((id) => filter.clinicIds.includes(id)).length;
  if (chosen === 0) return 'none';
  return chosen === ids.length ? 'all' : 'some';
}

export function withIncludeRemote(filter: SearchFilter, includeRemote: boolean): SearchFilter {
  return { ...filter, includeRemote };
}

export function withTimeOfDay(filter: SearchFilter, timeOfDay: TimeOfDay): SearchFilter {
  return { ...filter, timeOfDay };
}
