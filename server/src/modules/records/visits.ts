import { and, asc, eq, lte, ne } from 'drizzle-orm';
import type { Lang, VisitPageState, VisitsPageState } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { personById } from '../patients/index';
import { practitionerTitleIn } from '../clinics/index';
import { visitOwnColumns, visitRows, visitsWithCatalogue } from './rows';
import { diagnosisIn, visitTextHeadingIn } from './vocabulary';
import { visitDiagnoses, visitTexts, visits } from './schema';

/**
 * Visits (spec part 1 §2 "Visits", "Visit"): the list page's loader (records.visits) and the
 * medical report (records.visit). Only `subjectPersonId`'s visits are ever read; the caller checks
 * the session and writes the audit log.
 */

/** records.visits: past visits, newest first. */
export async function loadVisitsPage(db: Database, subjectPersonId: string, lang: Lang): Promise<VisitsPageState> {
  const rows = await visitRows(db, subjectPersonId, lang);
  return {
    visits: rows.map((row) => ({
      id: String(row.id),
      dateTime: row.dateTime.toISOString(),
      practitionerName: row.practitionerName,
      practitionerTitle: row.practitionerTitle ? practitionerTitleIn(row.practitionerTitle, lang) : null,
      practitionerPictureUrl: row.practitionerPictureUrl,
      specialtyName: row.specialtyName,
    })),
  };
}

/**
 * records.visit: one visit's medical report, only when it belongs to `personId`; anything else
 * (another patient's visit, one still ahead, an unknown or malformed id) is visit-not-found, with
 * nothing about it.
 */
export async function visitPage(db: Database, personId: string, visitId: string, lang: Lang): Promise<VisitPageState> {
  if (!/^[0-9]{1,9}$/.test(visitId)) return { status: 'visit-not-found' };
  const id = Number(visitId);
  const own = await db
    .select(visitOwnColumns)
    .from(visits)
    // a visit still ahead is an appointment: it has no report yet (the list leaves it out too)
    .where(and(eq(visits.id, id), eq(visits.personId, personId), lte(visits.dateTime, new Date())))
    .limit(1);
  // its practitioner and specialty through the clinics module (rows.ts visitsWithCatalogue)
  const [row] = await visitsWithCatalogue(db, own, lang);
  if (!row) return { status: 'visit-not-found' };
  // the patient's name and identity code through the patients module (issue 32), where the
  // statement joined people: visits.person_id references people, so the join never left a visit out
  const patient = await personById(db, personId);
  if (!patient) return { status: 'visit-not-found' };
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
      .orderBy(asc(visitTexts.position), asc(visitTexts.id)),
  ]);
  return {
    status: 'ok',
    visit: {
      id: String(row.id),
      dateTime: row.dateTime.toISOString(),
      practitionerName: row.practitionerName,
      practitionerTitle: row.practitionerTitle ? practitionerTitleIn(row.practitionerTitle, lang) : null,
      practitionerPictureUrl: row.practitionerPictureUrl,
      specialtyName: row.specialtyName,
      // the diagnosis' name and the texts' headings in the page's language; what was written, as written
      diagnoses: diagnoses.map((d) => ({ code: d.code, description: diagnosisIn(d.code, d.description, lang) })),
      texts: texts.map((t) => ({ title: visitTextHeadingIn(t.title, lang), body: t.body })),
      patient: { fullName: `${patient.givenName} ${patient.familyName}`.trim(), identityCode: patient.identityCode },
    },
  };
}
