import { and, asc, eq } from 'drizzle-orm';
import type { ImagingPageState, ImagingResultPageState, Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { isCalendarDate } from './laboratory';
import { referralList } from './referrals';
import { imagingRows } from './rows';
import { imagingResults } from './schema';
import { imagingExaminationIn } from './vocabulary';

/**
 * The imaging pages' loaders (spec part 1 §2 "Imaging list", "Imaging result"). Each answers only
 * `subjectPersonId`'s rows; the caller checks the session and writes the audit row.
 */

/** records.imaging: results newest first (a blank name becomes null: 'no title') and the imaging referrals. */
export async function loadImagingPage(db: Database, subjectPersonId: string, lang: Lang): Promise<ImagingPageState> {
  const [rows, referrals] = await Promise.all([imagingRows(db, subjectPersonId), referralList(db, subjectPersonId, 'imaging', lang)]);
  return {
    results: rows.map((row) => ({
      id: String(row.id),
      imagingDate: row.imagingDate,
      examinationName: row.examinationName?.trim() ? imagingExaminationIn(row.examinationName, lang) : null,
    })),
    referrals,
  };
}

/**
 * records.imaging-result: every result of the patient on `imagingDate`, in the order they were
 * recorded; not-found when there is none (or the date does not exist).
 */
export async function loadImagingResultPage(db: Database, subjectPersonId: string, imagingDate: string, lang: Lang): Promise<ImagingResultPageState> {
  if (!isCalendarDate(imagingDate)) return { status: 'not-found' };
  const rows = await db
    .select({
      id: imagingResults.id,
      imagingDate: imagingResults.imagingDate,
      examinationName: imagingResults.examinationName,
      statementText: imagingResults.statementText,
    })
    .from(imagingResults)
    .where(and(eq(imagingResults.personId, subjectPersonId), eq(imagingResults.imagingDate, imagingDate)))
    .orderBy(asc(imagingResults.id));
  if (rows.length === 0) return { status: 'not-found' };
  return {
    status: 'ok',
    imagingDate,
    results: rows.map((row) => ({
      id: String(row.id),
      imagingDate: row.imagingDate,
      examinationName: row.examinationName?.trim() ? imagingExaminationIn(row.examinationName, lang) : null,
      // the radiologist's statement, as written
      statementText: row.statementText?.trim() ? row.statementText : null,
    })),
  };
}
