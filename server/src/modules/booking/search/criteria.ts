import {
  CLINIC_INCLUDES,
  TIME_OF_DAY_HOURS,
  VACCINATION_SPECIALTY_IDS,
  MAX_SEARCH_RANGE_DAYS,
  type HealthcareType,
  type TimeOfDay,
} from '@portal/shared-api';
import { addDays, helsinkiInstant } from '@portal/shared-i18n';

/**
 * What a search looks for, decided from the caller's filter and the healthcare type before any SQL:
 * the routes and the page loaders build it the same way, so the list page's first results are the
 * ones GET /api/appointments answers for the same address.
 */
export interface SearchCriteria {
  healthcareType: HealthcareType;
  /** physical clinics asked for, with KA's HP added (spec part 2 §9); empty: every physical clinic */
  clinicIds: string[];
  /** the remote clinics' slots too */
  includeRemote: boolean;
  /** empty: any the type allows */
  specialtyIds: string[];
  practitionerIds: number[];
  /** only these specialties (the occupational ones, the vaccination ones); null: any */
  allowedSpecialtyIds: readonly string[] | null;
  /** never these (occupational health's own specialties in a private or insurance search) */
  excludedSpecialtyIds: readonly string[];
  /** the private and insurance types book only practitioners with a private rate */
  requiresRate: boolean;
  /** [from, to) instants */
  from: Date;
  to: Date;
  timeOfDay: TimeOfDay;
}

/**
 * The specialties an occupational health customer may book online (docs/product-decisions.md,
 * "Occupational confirmation groups": occupational doctor, nurse and psychologist, psychology, physiotherapy,
 * general practice, and the vaccinations their contract may include).
 */
export const OCCUPATIONAL_SPECIALTY_IDS = ['TTL', 'TTH', 'TPSG', 'PSY', 'FYS', 'YLE', 'INFL', 'ROKT', 'KORR'] as const;
/** Occupational health's own specialties: never offered to private or insurance customers. */
export const OCCUPATIONAL_ONLY_SPECIALTY_IDS = ['TTL', 'TTH', 'TPSG'] as const;

/** Which search a list page runs: the vaccination page is the private search limited to vaccinations. */
export type SearchScope = HealthcareType | 'vaccination';

export function healthcareTypeOf(scope: SearchScope): HealthcareType {
  return scope === 'vaccination' ? 'private' : scope;
}

/** The specialties a scope allows (null: any but the excluded) and excludes. */
export function specialtyRulesOf(scope: SearchScope): { allowed: readonly string[] | null; excluded: readonly string[] } {
  if (scope === 'occupational') return { allowed: OCCUPATIONAL_SPECIALTY_IDS, excluded: [] };
  if (scope === 'vaccination') return { allowed: VACCINATION_SPECIALTY_IDS, excluded: [] };
  return { allowed: null, excluded: OCCUPATIONAL_ONLY_SPECIALTY_IDS };
}

/** Spec part 2 §9: choosing KA searches HP too. */
export function expandClinicIds(clinicIds: readonly string[]): string[] {
  return [...new Set(clinicIds.flatMap((id) => [id, ...(CLINIC_INCLUDES[id] ?? [])]))];
}

export interface FilterInput {
  clinicIds: readonly string[];
  specialtyIds: readonly string[];
  practitionerIds: readonly string[];
  includeRemote: boolean;
  startDate: string;
  /** inclusive; without one the search looks MAX_SEARCH_RANGE_DAYS ahead */
  endDate?: string | undefined;
  timeOfDay: TimeOfDay;
}

/** The last day (inclusive) a filter searches. */
export function lastDayOf(filter: Pick<FilterInput, 'startDate' | 'endDate'>): string {
  return filter.endDate ?? addDays(filter.startDate, MAX_SEARCH_RANGE_DAYS);
}

/** Practitioner ids are PostgreSQL integers: a longer number names nobody (-1), rather than failing the query. */
export function asPractitionerId(id: string): number {
  const value = Number(id);
  return value <= 2_147_483_647 ? value : -1;
}

export function criteriaOf(filter: FilterInput, scope: SearchScope): SearchCriteria {
  const rules = specialtyRulesOf(scope);
  const healthcareType = healthcareTypeOf(scope);
  return {
    healthcareType,
    clinicIds: expandClinicIds(filter.clinicIds),
    includeRemote: filter.includeRemote,
    specialtyIds: [...new Set(filter.specialtyIds)],
    practitionerIds: [...new Set(filter.practitionerIds.map(asPractitionerId))],
    allowedSpecialtyIds: rules.allowed,
    excludedSpecialtyIds: rules.excluded,
    requiresRate: healthcareType !== 'occupational',
    from: helsinkiInstant(filter.startDate, 0),
    to: helsinkiInstant(addDays(lastDayOf(filter), 1), 0),
    timeOfDay: filter.timeOfDay,
  };
}

/** Spec part 2 §9 time-of-day windows [from, to) in Helsinki hours; null for all. */
export function hoursOf(timeOfDay: TimeOfDay): readonly [number, number] | null {
  return timeOfDay === 'all' ? null : TIME_OF_DAY_HOURS[timeOfDay];
}
