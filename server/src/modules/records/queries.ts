import { and, asc, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { LaboratoryListDate, Lang, RecordsSummary, VisitPageState } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitioners, specialties } from '../clinics/schema';
import { people } from '../patients/schema';
import { imagingResults, laboratoryResults, prescriptions, questionnaireInvitations, visitDiagnoses, visitTexts, visits } from './schema';

const SUMMARY_SIZE = 3;

function specialtyNameColumn(lang: Lang) {
  return lang === 'sv' ? specialties.nameSv : lang === 'en' ? specialties.nameEn : specialties.nameFi;
}

const practitionerName = sql<string>`${practitioners.firstName} || ' ' || ${practitioners.lastName}`;

async function visitRows(db: Database, personId: string, lang: Lang, limit?: number) {
  const query = db
    .select({
      id: visits.id,
      dateTime: visits.dateTime,
      practitionerName,
      practitionerTitle: practitioners.title,
      practitionerPictureUrl: practitioners.profilePictureUrl,
      specialtyName: specialtyNameColumn(lang),
    })
    .from(visits)
    .innerJoin(practitioners, eq(practitioners.id, visits.practitionerId))
    .innerJoin(specialties, eq(specialties.id, visits.specialtyId))
    .where(and(eq(visits.personId, personId), lte(visits.dateTime, new Date())))
    .orderBy(desc(visits.dateTime), desc(visits.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r) => ({ ...r, id: String(r.id), dateTime: r.dateTime.toISOString() }));
}

async function prescriptionRows(db: Database, personId: string, limit?: number) {
  const query = db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.personId, personId))
    .orderBy(desc(prescriptions.issuedDate), desc(prescriptions.id));
  return limit ? query.limit(limit) : query;
}

/** Lab results grouped by sample date, newest first; a date is ready when all its tests are. */
async function laboratoryDates(db: Database, personId: string, limit?: number): Promise<LaboratoryListDate[]> {
  const dateQuery = db
    .select({ date: laboratoryResults.sampleDate, pending: sql<number>`count(*) filter (where not ${laboratoryResults.isReady})` })
    .from(laboratoryResults)
    .where(eq(laboratoryResults.personId, personId))
    .groupBy(laboratoryResults.sampleDate)
    .orderBy(desc(laboratoryResults.sampleDate));
  const dates = limit ? await dateQuery.limit(limit) : await dateQuery;
  if (dates.length === 0) return [];
  // Top-level entries only: single tests and packages (a package's items show on the result page).
  const tests = await db
    .select({
      id: laboratoryResults.id,
      date: laboratoryResults.sampleDate,
      displayName: laboratoryResults.displayName,
      isReady: laboratoryResults.isReady,
    })
    .from(laboratoryResults)
    .where(
      and(
        eq(laboratoryResults.personId, personId),
        isNull(laboratoryResults.packageId),
        inArray(
          laboratoryResults.sampleDate,
          dates.map((d) => d.date),
        ),
      ),
    )
    .orderBy(asc(laboratoryResults.position), asc(laboratoryResults.id));
  return dates.map((d) => ({
    date: d.date,
    isReady: Number(d.pending) === 0,
    tests: tests.filter((t) => t.date === d.date).map((t) => ({ id: String(t.id), displayName: t.displayName, isReady: t.isReady })),
  }));
}

async function imagingRows(db: Database, personId: string, limit?: number) {
  const query = db
    .select({ id: imagingResults.id, imagingDate: imagingResults.imagingDate, examinationName: imagingResults.examinationName })
    .from(imagingResults)
    .where(eq(imagingResults.personId, personId))
    .orderBy(desc(imagingResults.imagingDate), desc(imagingResults.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}

async function questionnaireRows(db: Database, personId: string) {
  const rows = await db
    .select({
      id: questionnaireInvitations.id,
      title: questionnaireInvitations.title,
      sentAt: questionnaireInvitations.sentAt,
      answeredAt: questionnaireInvitations.answeredAt,
    })
    .from(questionnaireInvitations)
    .where(eq(questionnaireInvitations.personId, personId))
    .orderBy(desc(questionnaireInvitations.sentAt), desc(questionnaireInvitations.id));
  return rows.map((r) => ({
    id: String(r.id),
    title: r.title,
    sentAt: r.sentAt.toISOString(),
    answeredAt: r.answeredAt ? r.answeredAt.toISOString() : null,
  }));
}

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
    laboratoryDates(db, personId, SUMMARY_SIZE),
    imagingRows(db, personId, SUMMARY_SIZE),
    questionnaireRows(db, personId),
    options.renewalEnabled ? hasRenewablePrescription(db, personId) : Promise.resolve(false),
  ]);
  const openFirst = [...questionnaires.filter((q) => !q.answeredAt), ...questionnaires.filter((q) => q.answeredAt)];
  return {
    canRenewPrescriptions: options.renewalEnabled && renewable,
    visits: visitList.map(({ id, dateTime, practitionerName: name, specialtyName }) => ({
      id,
      dateTime,
      practitionerName: name,
      specialtyName,
    })),
    prescriptions: prescriptionList.map((p) => ({
      id: String(p.id),
      medicineName: p.medicineName,
      strength: p.strength,
      issuedDate: p.issuedDate,
      isRenewable: p.isRenewable,
    })),
    laboratory: laboratory.map((d) => ({ date: d.date, isReady: d.isReady, testNames: d.tests.map((t) => t.displayName) })),
    imaging,
    questionnaires: openFirst.slice(0, SUMMARY_SIZE),
  };
}

/** One visit's medical report, only when it belongs to `personId`. */
export async function visitPage(db: Database, personId: string, visitId: string, lang: Lang): Promise<VisitPageState> {
  if (!/^[0-9]{1,9}$/.test(visitId)) return { status: 'visit-not-found' };
  const id = Number(visitId);
  const [row] = await db
    .select({
      id: visits.id,
      dateTime: visits.dateTime,
      practitionerName,
      practitionerTitle: practitioners.title,
      practitionerPictureUrl: practitioners.profilePictureUrl,
      specialtyName: specialtyNameColumn(lang),
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
