import { sql, type SQL } from 'drizzle-orm';
import type { Lang, RecordsSummary } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { createPerTurnReaderByLanguage } from '../../db/per-turn-loader';
import { preparedStatement } from '../../db/prepared';
import { fromPeopleWithIds, personRowId } from '../patients/index';
import { certificates, imagingResults, laboratoryResults, prescriptions, questionnaireInvitations, referrals, vaccinations, visits } from './schema';
import { fhirTitleIn, imagingExaminationIn } from './vocabulary';


/**
 * Whether the person (`personId`, the front page's statement's) has any record the front page would
 * show: a visit, a prescription, a laboratory or imaging result, a referral, a questionnaire, a
 * certificate or a vaccination. Registered as the front page's landing events (front-page/landing.ts).
 */
export function recordsLandingEvents(personId: SQL): SQL<boolean> {
  const checks = (
    [
      [visits, visits.personId],
      [prescriptions, prescriptions.personId],
      [laboratoryResults, laboratoryResults.personId],
      [imagingResults, imagingResults.personId],
      [referrals, referrals.personId],
      [questionnaireInvitations, questionnaireInvitations.personId],
      [certificates, certificates.personId],
      [vaccinations, vaccinations.personId],
    ] as const
  ).map(([table, column]) => sql`exists (select 1 from ${table} where ${column} = ${personId})`);
  return sql<boolean>`${sql.join(checks, sql` or `)}`;
}

// The visit's medical report (records.visit) lives in visits.ts.
export { visitPage } from './visits';

const SUMMARY_SIZE = 3;

interface VisitJson {
  id: number;
  dateTime: string;
  practitionerName: string;
  specialtyName: string;
}
interface PrescriptionJson {
  id: number;
  medicineName: string;
  strength: string;
  issuedDate: string;
  isRenewable: boolean;
}
interface LaboratoryJson {
  sampleDate: string;
  packageId: number | null;
  displayName: string;
  isReady: boolean;
}
interface ImagingJson {
  id: number;
  imagingDate: string;
  examinationName: string | null;
}
interface QuestionnaireJson {
  id: number;
  title: string;
  titleTranslations: unknown;
  sentAt: string;
  answeredAt: string | null;
}

/** The rows of `select`, in `orderBy` order, as one JSON array (empty when none). */
const jsonRows = (fields: SQL, select: SQL, orderBy: SQL) => sql`(select coalesce(json_agg(${fields} order by ${orderBy}), '[]'::json) from (${select}) r)`;

const specialtyColumn = { fi: sql.raw('s.name_fi'), sv: sql.raw('s.name_sv'), en: sql.raw('s.name_en') } as const;

interface SummaryRow {
  visits: VisitJson[];
  prescriptions: PrescriptionJson[];
  laboratory: LaboratoryJson[];
  imaging: ImagingJson[];
  questionnaires: QuestionnaireJson[];
  renewable: boolean;
}

/**
 * The summary's columns of one person (`personRowId`): each list a JSON array built by the
 * database, with the same rows, order and limits as the list pages' queries in rows.ts.
 */
const summaryColumns = (lang: Lang): Record<keyof SummaryRow, SQL> => ({
  visits: sql<VisitJson[]>`${jsonRows(
    sql`json_build_object('id', r.id, 'dateTime', r.date_time, 'practitionerName', r.practitioner_name, 'specialtyName', r.specialty_name)`,
    // a visit still ahead is an appointment, not part of the record yet
    sql`select v.id, v.date_time, p.first_name || ' ' || p.last_name as practitioner_name, ${specialtyColumn[lang]} as specialty_name
        from visits v join practitioners p on p.id = v.practitioner_id join specialties s on s.id = v.specialty_id
        where v.person_id = ${personRowId} and v.date_time <= now() order by v.date_time desc, v.id desc limit ${SUMMARY_SIZE}`,
    sql`r.date_time desc, r.id desc`,
  )}`,
  prescriptions: sql<PrescriptionJson[]>`${jsonRows(
    sql`json_build_object('id', r.id, 'medicineName', r.medicine_name, 'strength', r.strength, 'issuedDate', r.issued_date, 'isRenewable', r.is_renewable)`,
    sql`select id, medicine_name, strength, issued_date, is_renewable from prescriptions
        where person_id = ${personRowId} order by issued_date desc, id desc limit ${SUMMARY_SIZE}`,
    sql`r.issued_date desc, r.id desc`,
  )}`,
  // every row (single tests, packages and their items) of the newest three sample dates
  laboratory: sql<LaboratoryJson[]>`${jsonRows(
    sql`json_build_object('sampleDate', r.sample_date, 'packageId', r.package_id, 'displayName', r.display_name, 'isReady', r.is_ready)`,
    sql`select sample_date, position, id, package_id, display_name, is_ready from laboratory_results
        where person_id = ${personRowId} and sample_date in (
          select distinct sample_date from laboratory_results where person_id = ${personRowId} order by sample_date desc limit ${SUMMARY_SIZE})`,
    sql`r.sample_date desc, r.position asc, r.id asc`,
  )}`,
  imaging: sql<ImagingJson[]>`${jsonRows(
    sql`json_build_object('id', r.id, 'imagingDate', r.imaging_date, 'examinationName', r.examination_name)`,
    sql`select id, imaging_date, examination_name from imaging_results
        where person_id = ${personRowId} order by imaging_date desc, id desc limit ${SUMMARY_SIZE}`,
    sql`r.imaging_date desc, r.id desc`,
  )}`,
  questionnaires: sql<QuestionnaireJson[]>`${jsonRows(
    sql`json_build_object('id', r.id, 'title', r.title, 'titleTranslations', r.form -> '_title', 'sentAt', r.sent_at, 'answeredAt', r.answered_at)`,
    sql`select id, title, form, sent_at, answered_at from questionnaire_invitations where person_id = ${personRowId}`,
    sql`r.sent_at desc, r.id desc`,
  )}`,
  renewable: sql`exists (select 1 from prescriptions where person_id = ${personRowId} and is_renewable)`,
});

/** summaryRows' statement in `lang`, prepared (db/prepared.ts): the front page is asked on every sign-in. */
const summaryStatement = (lang: Lang) =>
  preparedStatement<SummaryRow & { id: string }, { ids: readonly string[] }>(`front_page_records_${lang}`, () => {
    const columns = Object.entries(summaryColumns(lang)).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`);
    return sql`select ${personRowId} as id, ${sql.join(columns, sql`, `)} ${fromPeopleWithIds('ids')}`;
  });
const summaryStatements = { fi: summaryStatement('fi'), sv: summaryStatement('sv'), en: summaryStatement('en') } as const;

/** The summaries' rows of `personIds` in one statement, in their order (undefined: no such person). */
async function summaryRows(db: Database, lang: Lang, personIds: readonly string[]): Promise<(SummaryRow | undefined)[]> {
  const rows = await summaryStatements[lang](db, { ids: personIds });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return personIds.map((id) => byId.get(id));
}

/** The people signing in at the same moment share one statement per language (db/per-turn-loader.ts). */
const summaryReader = createPerTurnReaderByLanguage(summaryRows);

/**
 * Front-page summaries (spec part 1 §1–2): newest three of each; questionnaires open first.
 * One statement (the front page is asked on every sign-in, and on the embedded database each
 * statement costs more than these index reads), shared by every summary of the same language asked
 * in the same turn of the event loop.
 */
export async function recordsSummary(
  db: Database,
  personId: string,
  options: { lang: Lang; renewalEnabled: boolean },
): Promise<RecordsSummary> {
  const row = await summaryReader(db, personId, options.lang);
  const visitList = row?.visits ?? [];
  const prescriptionList = row?.prescriptions ?? [];
  const laboratory = row?.laboratory ?? [];
  const imaging = row?.imaging ?? [];
  const renewable = row?.renewable === true;
  const questionnaires = (row?.questionnaires ?? []).map((q) => ({
    id: String(q.id),
    // the invitation's title, in the page's language when its form carries a translation
    title: fhirTitleIn({ _title: q.titleTranslations }, q.title, options.lang),
    sentAt: new Date(q.sentAt).toISOString(),
    answeredAt: q.answeredAt ? new Date(q.answeredAt).toISOString() : null,
  }));
  const openFirst = [...questionnaires.filter((q) => !q.answeredAt), ...questionnaires.filter((q) => q.answeredAt)];
  const laboratoryDates = [...new Set(laboratory.map((row) => row.sampleDate))];
  return {
    canRenewPrescriptions: options.renewalEnabled && renewable,
    visits: visitList.map((v) => ({
      id: String(v.id),
      dateTime: new Date(v.dateTime).toISOString(),
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
