import type {
  ImagingPageState,
  LaboratoryListDate,
  LaboratoryPageState,
  Lang,
  PrescriptionsPageState,
  QuestionnairesPageState,
  RecordsListRouteId,
  VisitsPageState,
} from '@portal/shared-api';
import type { Database } from '../../db/index';
import { imagingRows, laboratoryRows, prescriptionRows, questionnaireItems, visitRows } from './rows';

/**
 * Page loaders of the records remote's list pages (route ids records.visits, records.prescriptions,
 * records.laboratory, records.imaging, records.questionnaires). Each returns only the rows of
 * `subjectPersonId` (the signed-in person, or the child a guardian acts for); the caller checks
 * the session and writes the audit log.
 */

export async function loadVisitsPage(db: Database, subjectPersonId: string, lang: Lang): Promise<VisitsPageState> {
  const rows = await visitRows(db, subjectPersonId, lang);
  return {
    visits: rows.map((row) => ({
      id: String(row.id),
      dateTime: row.dateTime.toISOString(),
      practitionerName: row.practitionerName,
      practitionerTitle: row.practitionerTitle || null,
      practitionerPictureUrl: row.practitionerPictureUrl,
      specialtyName: row.specialtyName,
    })),
  };
}

export async function loadPrescriptionsPage(
  db: Database,
  subjectPersonId: string,
  _lang: Lang,
): Promise<PrescriptionsPageState> {
  const rows = await prescriptionRows(db, subjectPersonId);
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
  const rows = await laboratoryRows(db, subjectPersonId);

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
  const rows = await imagingRows(db, subjectPersonId);
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
  const [open, answered] = await Promise.all([
    questionnaireItems(db, subjectPersonId, { answered: false }),
    questionnaireItems(db, subjectPersonId, { answered: true, by: 'answeredAt' }),
  ]);
  return { status: 'ok', open, answered };
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
