import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { clinicsByIds, practitionersByIds, specialtiesByIds, type Clinic, type Practitioner, type Specialty } from '../clinics/index';
import { imagingResults, laboratoryResults, prescriptions, questionnaireInvitations, vaccinations, visitDiagnoses, visits, visitTexts } from './schema';

/**
 * The subject's records as "Download my data" (account/data-access/fhir-export.ts) maps them to
 * FHIR: the rows, in the export's order, read here because the tables are this module's. Every read
 * is filtered by the one person id the caller got from the session (patientAccess).
 */

export type LaboratoryResultRow = typeof laboratoryResults.$inferSelect;
export type ImagingResultRow = typeof imagingResults.$inferSelect;
export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type QuestionnaireInvitationRow = typeof questionnaireInvitations.$inferSelect;

/**
 * The catalogue's rows that `rows` name, through the clinics module (issue 32): one batched lookup
 * per kind where the statements joined them. The foreign keys make the lookups agree with the joins.
 */
async function catalogueOf(
  db: Database,
  rows: readonly { practitionerId: number | null; specialtyId: string | null; clinicId: string | null }[],
): Promise<{ practitioners: Map<number, Practitioner>; specialties: Map<string, Specialty>; clinics: Map<string, Clinic> }> {
  const present = <T>(values: (T | null)[]): T[] => values.filter((value): value is T => value !== null);
  const [practitioners, specialties, clinics] = await Promise.all([
    practitionersByIds(db, present(rows.map((row) => row.practitionerId))),
    specialtiesByIds(db, present(rows.map((row) => row.specialtyId))),
    clinicsByIds(db, present(rows.map((row) => row.clinicId))),
  ]);
  return { practitioners, specialties, clinics };
}

const specialtyNames = (specialty: Specialty) => ({ nameFi: specialty.nameFi, nameSv: specialty.nameSv, nameEn: specialty.nameEn });

/** The subject's visits (the ones still ahead too), and the diagnoses and report texts of those already past at `now`. */
export async function visitsForExport(db: Database, personId: string, now: Date) {
  const own = await db
    .select({
      id: visits.id,
      dateTime: visits.dateTime,
      visitType: visits.visitType,
      practitionerId: visits.practitionerId,
      specialtyId: visits.specialtyId,
      clinicId: visits.clinicId,
    })
    .from(visits)
    .where(eq(visits.personId, personId))
    .orderBy(asc(visits.dateTime), asc(visits.id));
  // practitioner and specialty as the inner joins had them (a visit without one left out), the
  // clinic as the left join (null when none)
  const catalogue = await catalogueOf(db, own);
  const rows = own.flatMap(({ id, dateTime, visitType, practitionerId, specialtyId, clinicId }) => {
    const practitioner = catalogue.practitioners.get(practitionerId);
    const specialty = catalogue.specialties.get(specialtyId);
    if (!practitioner || !specialty) return [];
    const clinicName = clinicId === null ? null : (catalogue.clinics.get(clinicId)?.name ?? null);
    return [{ id, dateTime, visitType, firstName: practitioner.firstName, lastName: practitioner.lastName, specialty: specialtyNames(specialty), clinicName }];
  });
  const past = rows.filter((row) => row.dateTime <= now);
  const ids = past.map((row) => row.id);
  const diagnoses = ids.length ? await db.select().from(visitDiagnoses).where(inArray(visitDiagnoses.visitId, ids)).orderBy(asc(visitDiagnoses.id)) : [];
  const texts = ids.length ? await db.select().from(visitTexts).where(inArray(visitTexts.visitId, ids)).orderBy(asc(visitTexts.position), asc(visitTexts.id)) : [];
  return { rows, diagnoses, texts };
}

/** The subject's laboratory results: single tests, packages and their items. */
export async function laboratoryResultsForExport(db: Database, personId: string): Promise<LaboratoryResultRow[]> {
  return db
    .select()
    .from(laboratoryResults)
    .where(eq(laboratoryResults.personId, personId))
    .orderBy(asc(laboratoryResults.sampleDate), asc(laboratoryResults.position), asc(laboratoryResults.id));
}

export async function imagingResultsForExport(db: Database, personId: string): Promise<ImagingResultRow[]> {
  return db.select().from(imagingResults).where(eq(imagingResults.personId, personId)).orderBy(asc(imagingResults.imagingDate), asc(imagingResults.id));
}

export async function prescriptionsForExport(db: Database, personId: string): Promise<PrescriptionRow[]> {
  return db.select().from(prescriptions).where(eq(prescriptions.personId, personId)).orderBy(asc(prescriptions.issuedDate), asc(prescriptions.id));
}

/** The subject's vaccinations with who gave them, where and in which specialty (each may be unknown). */
export async function vaccinationsForExport(db: Database, personId: string) {
  const own = await db
    .select()
    .from(vaccinations)
    .where(eq(vaccinations.personId, personId))
    .orderBy(asc(vaccinations.vaccinationDate), asc(vaccinations.id));
  // each as the left joins had it: null when the vaccination names none
  const catalogue = await catalogueOf(db, own);
  return own.map((row) => {
    const practitioner = row.practitionerId === null ? undefined : catalogue.practitioners.get(row.practitionerId);
    const specialty = row.specialtyId === null ? undefined : catalogue.specialties.get(row.specialtyId);
    const clinic = row.clinicId === null ? undefined : catalogue.clinics.get(row.clinicId);
    return {
      row,
      firstName: practitioner?.firstName ?? null,
      lastName: practitioner?.lastName ?? null,
      clinicName: clinic?.name ?? null,
      specialty: specialty ? specialtyNames(specialty) : null,
    };
  });
}

/** The subject's answered questionnaires (their answers are FHIR already). */
export async function answeredQuestionnairesForExport(db: Database, personId: string): Promise<QuestionnaireInvitationRow[]> {
  return db
    .select()
    .from(questionnaireInvitations)
    .where(and(eq(questionnaireInvitations.personId, personId), isNotNull(questionnaireInvitations.answeredAt)))
    .orderBy(asc(questionnaireInvitations.answeredAt), asc(questionnaireInvitations.id));
}
