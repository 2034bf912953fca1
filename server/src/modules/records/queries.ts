import { and, asc, eq, ne } from 'drizzle-orm';
import type { Lang, RecordsSummary, VisitPageState } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitioners, specialties } from '../clinics/schema';
import { people } from '../patients/schema';
import { imagingRows, laboratoryRows, prescriptionRows, questionnaireItems, visitColumns, visitRows } from './rows';
import { prescriptions, visitDiagnoses, visitTexts, visits } from './schema';

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
    questionnaireItems(db, personId),
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
    imaging: imaging.map((r) => ({ id: String(r.id), imagingDate: r.imagingDate, examinationName: r.examinationName })),
    questionnaires: openFirst.slice(0, SUMMARY_SIZE),
  };
}

/** One visit's medical report, only when it belongs to `personId`. */
export async function visitPage(db: Database, personId: string, visitId: string, lang: Lang): Promise<VisitPageState> {
  if (!/^[0-9]{1,9}$/.test(visitId)) return { status: 'visit-not-found' };
  const id = Number(visitId);
  const [row] = await db
    .select({
      ...visitColumns(lang),
      givenName: people.givenName,
      familyName: people.familyName,
      identityCode: people.identityCode,
    })
    .from(visits)
    .innerJoin(practitioners, eq(practitioners.id, visits.practitionerId))
    .innerJoin(specialties, eq(specialties.id, visits.specialtyId))
    .innerJoin(people, eq(people.id, visits.personId))
    .where(and(eq(visits.id, id), eq(visits.personId, personId)))
    .limit(1);
  if (!row) return { status: 'visit-not-found' };
  const [diagnoses, texts] = await Promise.all([
    db
      .select({ code: visitDiagnoses.code, description: visitDiagnoses.description })
      .from(visitDiagnoses)
      .where(eq(visitDiagnoses.visitId, id))
      .orderBy(asc(visitDiagnoses.id)),
    db
      .select({ title: visitTexts.title, body: visitTexts.body })
      .from(visitTexts)
      .where(and(eq(visitTexts.visitId, id), ne(visitTexts.title, '')))
      .orderBy(asc(visitTexts.position)),
  ]);
  return {
    status: 'ok',
    visit: {
      id: String(row.id),
      dateTime: row.dateTime.toISOString(),
      practitionerName: row.practitionerName,
      practitionerTitle: row.practitionerTitle,
      practitionerPictureUrl: row.practitionerPictureUrl,
      specialtyName: row.specialtyName,
      diagnoses,
      texts,
      patient: { fullName: `${row.givenName} ${row.familyName}`.trim(), identityCode: row.identityCode },
    },
  };
}
