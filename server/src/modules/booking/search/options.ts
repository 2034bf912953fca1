import { REMOTE_SPECIALTY_IDS, type Lang, type SearchOptions } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import {
  physicalClinicsByMunicipality,
  practitionerClinicsWithSlotsAfter,
  practitionersWithSpecialties,
  practitionerTitleIn,
  specialtiesWhere,
} from '../../clinics/index';
import { healthcareTypeOf, specialtyRulesOf, type SearchScope } from './criteria';

const titleIn = (row: { nameFi: string; nameSv: string; nameEn: string }, lang: Lang) => (lang === 'fi' ? row.nameFi : lang === 'sv' ? row.nameSv : row.nameEn);

/**
 * The list page's filter options in the page's language (spec part 2 §2.1, §5): municipalities with
 * their physical clinics, the specialties the scope allows, and the practitioners who practise one
 * of them (with a private rate for the private and insurance types), each with their specialties and
 * the clinics they have times at.
 */
export async function loadSearchOptions(db: Database, scope: SearchScope, lang: Lang, now: Date): Promise<SearchOptions> {
  const rules = specialtyRulesOf(scope);
  const [clinicRows, specialtyRows, practitionerRows, practitionerClinicRows] = await Promise.all([
    physicalClinicsByMunicipality(db),
    specialtiesWhere(db, rules),
    practitionersWithSpecialties(db, { ...rules, withRateOnly: healthcareTypeOf(scope) !== 'occupational' }),
    practitionerClinicsWithSlotsAfter(db, null, now),
  ]);
  const municipalities = new Map<string, { id: string; name: string }[]>();
  for (const clinic of clinicRows) municipalities.set(clinic.municipality, [...(municipalities.get(clinic.municipality) ?? []), { id: clinic.id, name: clinic.name }]);
  const clinicsOf = new Map<number, string[]>();
  for (const row of practitionerClinicRows) clinicsOf.set(row.practitionerId, [...(clinicsOf.get(row.practitionerId) ?? []), row.clinicId]);
  const remoteTurning = new Set<string>(REMOTE_SPECIALTY_IDS);
  return {
    municipalities: [...municipalities].map(([name, list]) => ({ name, clinics: list })),
    specialties: specialtyRows
      .map((row) => ({ id: row.id, title: titleIn(row, lang), isVaccination: row.isVaccination, turnsOnRemote: remoteTurning.has(row.id) }))
      .sort((a, b) => a.title.localeCompare(b.title, lang)),
    practitioners: practitionerRows.map((row) => ({
      id: String(row.id),
      name: `${row.firstName} ${row.lastName}`,
      title: practitionerTitleIn(row.title, lang),
      isResource: row.isResource,
      specialtyIds: row.specialtyIds,
      clinicIds: clinicsOf.get(row.id) ?? [],
    })),
  };
}
