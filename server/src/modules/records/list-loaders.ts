import { and, asc, desc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type {
  ImagingPageState,
  LaboratoryListDate,
  LaboratoryPageState,
  Lang,
  PrescriptionsPageState,
  QuestionnaireListItem,
  QuestionnairesPageState,
  RecordsListRouteId,
  VisitsPageState,
} from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitioners, specialties } from '../clinics/schema';
import { imagingResults, laboratoryResults, prescriptions, questionnaireInvitations, visits } from './schema';

/**
 * Page loaders of the records remote's list pages (route ids records.visits, records.prescriptions,
 * records.laboratory, records.imaging, records.questionnaires). Each returns only the rows of
 * `subjectPersonId` (the signed-in person, or the child a guardian acts for); the caller checks
 * the session and writes the audit log.
 */

function specialtyNameColumn(lang: Lang) {
  if (lang === 'sv') return specialties.nameSv;
  if (lang === 'en') return specialties.nameEn;
  return specialties.nameFi;
}

export async function loadVisitsPage(db: Database, subjectPersonId: string, lang: Lang): Promise<VisitsPageState> {
  const rows = await db
    .select({
      id: visits.id,
      dateTime: visits.dateTime,
      firstName: practitioners.firstName,
      lastName: practitioners.lastName,
      title: practitioners.title,
      pictureUrl: practitioners.profilePictureUrl,
      specialtyName: specialtyNameColumn(lang),
    })
    .from(visits)
    .innerJoin(practitioners, eq(practitioners.id, visits.practitionerId))
    .innerJoin(specialties, eq(specialties.id, visits.specialtyId))
    // a visit still ahead is an appointment, not part of the record yet
    .where(and(eq(visits.personId, subjectPersonId), lte(visits.dateTime, new Date())))
    .orderBy(desc(visits.dateTime), desc(visits.id));
  return {
    visits: rows.map((row) => ({
      id: String(row.id),
      dateTime: row.dateTime.toISOString(),
      practitionerName: `${row.firstName} ${row.lastName}`,
      practitionerTitle: row.title || null,
      practitionerPictureUrl: row.pictureUrl,
      specialtyName: row.specialtyName,
    })),
  };
}

export async function loadPrescriptionsPage(
  db: Database,
  subjectPersonId: string,
  _lang: Lang,
): Promise<PrescriptionsPageState> {
  const rows = await db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.personId, subjectPersonId))
    .orderBy(desc(prescriptions.issuedDate), desc(prescriptions.id));
  return {
    prescriptions: rows.map((row) => ({
      id: String(row.id),
      medicineName: row.medicineName,
      strength: row.strength,
      issuedDate: row.issuedDate,
      isRenewable: row.isRenewable,
      medicineType: row.medicineType,
      packageSize: row.packageSize,
      packageUnit: row.packageUnit,
      packageCount: row.packageCount,
      dosageGuide: row.dosageGuide,
    })),
  };
}

export async function loadLaboratoryPage(
  db: Database,
  subjectPersonId: string,
  _lang: Lang,
): Promise<LaboratoryPageState> {
  const rows = await db
    .select({
      id: laboratoryResults.id,
      sampleDate: laboratoryResults.sampleDate,
      kind: laboratoryResults.kind,
      packageId: laboratoryResults.packageId,
      displayName: laboratoryResults.displayName,
      isReady: laboratoryResults.isReady,
    })
    .from(laboratoryResults)
    .where(eq(laboratoryResults.personId, subjectPersonId))
    .orderBy(desc(laboratoryResults.sampleDate), asc(laboratoryResults.position), asc(laboratoryResults.id));

  // A package is ready only when it and every item in it are; items are listed on the result page.
  const pendingPackages = new Set(
    rows.filter((row) => row.kind === 'item' && !row.isReady && row.packageId !== null).map((row) => row.packageId),
  );
  const byDate = new Map<string, LaboratoryListDate>();
  for (const row of rows) {
    if (row.kind === 'item') continue;
    const isReady = row.isReady && !pendingPackages.has(row.id);
    const day = byDate.get(row.sampleDate) ?? { date: row.sampleDate, isReady: true, tests: [] };
    day.tests.push({ id: String(row.id), displayName: row.displayName, isReady });
    day.isReady &&= isReady;
    byDate.set(row.sampleDate, day);
  }
  return { dates: [...byDate.values()] };
}

export async function loadImagingPage(db: Database, subjectPersonId: string, _lang: Lang): Promise<ImagingPageState> {
  const rows = await db
    .select({ id: imagingResults.id, imagingDate: imagingResults.imagingDate, examinationName: imagingResults.examinationName })
    .from(imagingResults)
    .where(eq(imagingResults.personId, subjectPersonId))
    .orderBy(desc(imagingResults.imagingDate), desc(imagingResults.id));
  return {
    results: rows.map((row) => ({
      id: String(row.id),
      imagingDate: row.imagingDate,
      examinationName: row.examinationName?.trim() ? row.examinationName : null,
    })),
  };
}

export async function loadQuestionnairesPage(
  db: Database,
  subjectPersonId: string,
  _lang: Lang,
): Promise<QuestionnairesPageState> {
  const columns = {
    id: questionnaireInvitations.id,
    title: questionnaireInvitations.title,
    sentAt: questionnaireInvitations.sentAt,
    answeredAt: questionnaireInvitations.answeredAt,
  };
  const ownRows = eq(questionnaireInvitations.personId, subjectPersonId);
  const [open, answered] = await Promise.all([
    db
      .select(columns)
      .from(questionnaireInvitations)
      .where(and(ownRows, isNull(questionnaireInvitations.answeredAt)))
      .orderBy(desc(questionnaireInvitations.sentAt), desc(questionnaireInvitations.id)),
    db
      .select(columns)
      .from(questionnaireInvitations)
      .where(and(ownRows, isNotNull(questionnaireInvitations.answeredAt)))
      .orderBy(desc(questionnaireInvitations.answeredAt), desc(questionnaireInvitations.id)),
  ]);
  const toItem = (row: (typeof open)[number]): QuestionnaireListItem => ({
    id: String(row.id),
    title: row.title,
    sentAt: row.sentAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  });
  return { status: 'ok', open: open.map(toItem), answered: answered.map(toItem) };
}

/** A list page's loader, as the registry calls it (each function above keeps its precise return type). */
export type RecordsListLoader = (db: Database, subjectPersonId: string, lang: Lang) => Promise<unknown>;

/** The five loaders by route id, for the server's loader registry. */
export const recordsListLoaders: Readonly<Record<RecordsListRouteId, RecordsListLoader>> = {
  'records.visits': loadVisitsPage,
  'records.prescriptions': loadPrescriptionsPage,
  'records.laboratory': loadLaboratoryPage,
  'records.imaging': loadImagingPage,
  'records.questionnaires': loadQuestionnairesPage,
};
