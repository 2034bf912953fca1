import { and, asc, eq, gt, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { REMOTE_SPECIALTY_IDS, type Lang, type SearchOptions } from '@portal/shared-api';
import type { Database } from '../../../db/index';
import { appointmentSlots, clinics, practitioners, practitionerSpecialties, specialties } from '../../clinics/schema';
import { practitionerTitleIn } from '../../clinics/index';
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
  const specialtyWhere = and(
    rules.allowed ? inArray(specialties.id, [...rules.allowed]) : undefined,
    rules.excluded.length ? notInArray(specialties.id, [...rules.excluded]) : undefined,
  );
  const [clinicRows, specialtyRows, practitionerRows, practitionerClinicRows] = await Promise.all([
    db.select().from(clinics).where(eq(clinics.isRemote, false)).orderBy(asc(clinics.municipality), asc(clinics.name)),
    db.select().from(specialties).where(specialtyWhere),
    db
      .select({
        id: practitioners.id,
        firstName: practitioners.firstName,
        lastName: practitioners.lastName,
        title: practitioners.title,
        isResource: practitioners.isResource,
        specialtyIds: sql<string[]>`array_agg(${practitionerSpecialties.specialtyId} order by ${practitionerSpecialties.specialtyId})`,
      })
      .from(practitioners)
      .innerJoin(practitionerSpecialties, eq(practitionerSpecialties.practitionerId, practitioners.id))
      .innerJoin(specialties, eq(specialties.id, practitionerSpecialties.specialtyId))
      .where(and(specialtyWhere, healthcareTypeOf(scope) === 'occupational' ? undefined : isNotNull(practitioners.rate)))
      .groupBy(practitioners.id)
      .orderBy(asc(practitioners.lastName), asc(practitioners.firstName)),
    practitionerClinics(db, null, now),
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

/** The clinics where practitioners (one, or all with null) have times from now on, each pair once. */
export async function practitionerClinics(db: Database, practitionerId: number | null, now: Date): Promise<{ practitionerId: number; clinicId: string }[]> {
  return db
    .selectDistinct({ practitionerId: appointmentSlots.practitionerId, clinicId: appointmentSlots.clinicId })
    .from(appointmentSlots)
    .where(
      and(
        gt(appointmentSlots.startsAt, now),
        eq(appointmentSlots.withdrawn, false),
        practitionerId === null ? undefined : eq(appointmentSlots.practitionerId, practitionerId),
      ),
    )
    .orderBy(asc(appointmentSlots.practitionerId), asc(appointmentSlots.clinicId));
}
