import { and, eq } from 'drizzle-orm';
import type { Lang, RecordsSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { imagingRows, laboratoryRows, prescriptionRows, questionnaireItems, visitRows } from './rows';
import { prescriptions } from './schema';
import { imagingExaminationIn } from './vocabulary';

// The visit's medical report (records.visit) lives in visits.ts.
export { visitPage } from './visits';

const SUMMARY_SIZE = 3;

export async function hasRenewablePrescription(db: Database, personId: string): Promise<boolean> {
  const rows = await db
    .select({ id: prescriptions.id })
    .from(prescriptions)
    .where(and(eq(prescriptions.personId, personId), eq(prescriptions.isRenewable, true)))
    .limit(1);
  return rows.length > 0;
}

/** Front-page summaries (spec part 1 §1–2): newest three of each; questionnaires open first. */
export async function recordsSummary(
  db: Database,
  personId: string,
  options: { lang: Lang; renewalEnabled: boolean },
): Promise<RecordsSummary> {
  const [visitList, prescriptionList, laboratory, imaging, questionnaires, renewable] = await Promise.all([
    visitRows(db, personId, options.lang, SUMMARY_SIZE),
    prescriptionRows(db, personId, SUMMARY_SIZE),
    laboratoryRows(db, personId, SUMMARY_SIZE),
    imagingRows(db, personId, SUMMARY_SIZE),
    questionnaireItems(db, personId, { lang: options.lang }),
    options.renewalEnabled ? hasRenewablePrescription(db, personId) : Promise.resolve(false),
  ]);
  const openFirst = [...questionnaires.filter((q) => !q.answeredAt), ...questionnaires.filter((q) => q.answeredAt)];
  const laboratoryDates = [...new Set(laboratory.map((row) => row.sampleDate))];
  return {
    canRenewPrescriptions: options.renewalEnabled && renewable,
    visits: visitList.map((v) => ({
      id: String(v.id),
      dateTime: v.dateTime.toISOString(),
      practitionerName: v.practitionerName,
      specialtyName: v.specialtyName,
    })),
    prescriptions: prescriptionList.map((p) => ({
      id: String(p.id),
      medicineName: p.medicineName,
      strength: p.strength,
      issuedDate: p.issuedDate,
      isRenewable: p.isRenewable,
    })),
    laboratory: laboratoryDates.map((date) => {
      const day = laboratory.filter((row) => row.sampleDate === date);
      return {
        date,
        // a date is ready when all its tests, package items included, are
        isReady: day.every((row) => row.isReady),
        // Top-level entries only: single tests and packages (a package's items show on the result page).
        testNames: day.filter((row) => row.packageId === null).map((row) => row.displayName),
      };
    }),
    imaging: imaging.map((r) => ({
      id: String(r.id),
      imagingDate: r.imagingDate,
      examinationName: r.examinationName === null ? null : imagingExaminationIn(r.examinationName, options.lang),
    })),
    questionnaires: openFirst.slice(0, SUMMARY_SIZE),
  };
}
