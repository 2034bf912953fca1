import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Lang, QuestionnaireListItem } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { practitionerFullName, practitionersByIds, specialtiesByIds, specialtyNameIn } from '../clinics/index';
import { fhirTitleIn } from './vocabulary';
import { imagingResults, laboratoryResults, prescriptions, questionnaireInvitations, visits } from './schema';

/**
 * The records' row queries, shared by the front-page summary (queries.ts, a few newest rows) and the
 * list pages (list-loaders.ts, every row). Each answers only `personId`'s rows, newest first;
 * `limit` (when given) keeps the newest that many. Callers map the rows to their own shared-api shape.
 */

/** A visit with its practitioner and specialty (visitsWithCatalogue). */
export interface VisitRow {
  id: number;
  dateTime: Date;
  practitionerName: string;
  practitionerTitle: string;
  practitionerPictureUrl: string | null;
  specialtyName: string;
}

/** The visit columns read here; the practitioner's and specialty's come from the clinics module. */
export const visitOwnColumns = {
  id: visits.id,
  dateTime: visits.dateTime,
  practitionerId: visits.practitionerId,
  specialtyId: visits.specialtyId,
};

/**
 * The visits with their practitioners and specialties, in the visits' order: the catalogue's rows
 * through the clinics module (issue 32), one batched lookup each where the statement joined them
 * (visits' practitioner_id and specialty_id are not null and reference them, so the inner joins
 * never left a visit out; one missing here is left out all the same).
 */
export async function visitsWithCatalogue(
  db: Database,
  rows: readonly { id: number; dateTime: Date; practitionerId: number; specialtyId: string }[],
  lang: Lang,
): Promise<VisitRow[]> {
  const [practitioners, specialties] = await Promise.all([
    practitionersByIds(db, rows.map((row) => row.practitionerId)),
    specialtiesByIds(db, rows.map((row) => row.specialtyId)),
  ]);
  return rows.flatMap((row) => {
    const practitioner = practitioners.get(row.practitionerId);
    const specialty = specialties.get(row.specialtyId);
    if (!practitioner || !specialty) return [];
    return [
      {
        id: row.id,
        dateTime: row.dateTime,
        practitionerName: practitionerFullName(practitioner),
        practitionerTitle: practitioner.title,
        practitionerPictureUrl: practitioner.profilePictureUrl,
        specialtyName: specialtyNameIn(specialty, lang),
      },
    ];
  });
}

export async function visitRows(db: Database, personId: string, lang: Lang, limit?: number): Promise<VisitRow[]> {
  const query = db
    .select(visitOwnColumns)
    .from(visits)
    // a visit still ahead is an appointment, not part of the record yet
    .where(and(eq(visits.personId, personId), lte(visits.dateTime, new Date())))
    .orderBy(desc(visits.dateTime), desc(visits.id));
  return visitsWithCatalogue(db, limit ? await query.limit(limit) : await query, lang);
}

export async function prescriptionRows(db: Database, personId: string, limit?: number) {
  const query = db
    .select()
    .from(prescriptions)
    .where(eq(prescriptions.personId, personId))
    .orderBy(desc(prescriptions.issuedDate), desc(prescriptions.id));
  return limit ? query.limit(limit) : query;
}

/**
 * Every laboratory row (single tests, packages and their items) of the newest `limit` sample dates,
 * by sample date newest first, then in listing order; callers group them by date.
 */
export async function laboratoryRows(db: Database, personId: string, limit?: number) {
  const ownRows = eq(laboratoryResults.personId, personId);
  const newestDates = (n: number) =>
    db
      .selectDistinct({ date: laboratoryResults.sampleDate })
      .from(laboratoryResults)
      .where(ownRows)
      .orderBy(desc(laboratoryResults.sampleDate))
      .limit(n);
  return db
    .select({
      id: laboratoryResults.id,
      sampleDate: laboratoryResults.sampleDate,
      kind: laboratoryResults.kind,
      packageId: laboratoryResults.packageId,
      displayName: laboratoryResults.displayName,
      isReady: laboratoryResults.isReady,
    })
    .from(laboratoryResults)
    .where(limit ? and(ownRows, inArray(laboratoryResults.sampleDate, newestDates(limit))) : ownRows)
    .orderBy(desc(laboratoryResults.sampleDate), asc(laboratoryResults.position), asc(laboratoryResults.id));
}

export async function imagingRows(db: Database, personId: string, limit?: number) {
  const query = db
    .select({ id: imagingResults.id, imagingDate: imagingResults.imagingDate, examinationName: imagingResults.examinationName })
    .from(imagingResults)
    .where(eq(imagingResults.personId, personId))
    .orderBy(desc(imagingResults.imagingDate), desc(imagingResults.id));
  return limit ? query.limit(limit) : query;
}

/**
 * Questionnaires newest first by when they were sent: all of them, or only the open (`answered: false`)
 * or answered (`answered: true`) ones; answered ones optionally by when they were answered (`by: 'answeredAt'`).
 */
export async function questionnaireItems(
  db: Database,
  personId: string,
  options: { lang: Lang; answered?: boolean; by?: 'sentAt' | 'answeredAt'; limit?: number },
): Promise<QuestionnaireListItem[]> {
  const newest =
    options.answered && options.by === 'answeredAt' ? questionnaireInvitations.answeredAt : questionnaireInvitations.sentAt;
  const state =
    options.answered === undefined
      ? undefined
      : options.answered
        ? isNotNull(questionnaireInvitations.answeredAt)
        : isNull(questionnaireInvitations.answeredAt);
  const query = db
    .select({
      id: questionnaireInvitations.id,
      title: questionnaireInvitations.title,
      titleTranslations: sql<unknown>`${questionnaireInvitations.form} -> '_title'`,
      sentAt: questionnaireInvitations.sentAt,
      answeredAt: questionnaireInvitations.answeredAt,
    })
    .from(questionnaireInvitations)
    .where(and(eq(questionnaireInvitations.personId, personId), state))
    .orderBy(desc(newest), desc(questionnaireInvitations.id));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map((row) => ({
    id: String(row.id),
    // the invitation's title, in the page's language when its form carries a translation
    title: fhirTitleIn({ _title: row.titleTranslations }, row.title, options.lang),
    sentAt: row.sentAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
  }));
}
