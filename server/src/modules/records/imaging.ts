import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ImagingPageState, ImagingResultPageState, Lang } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { isCalendarDate } from './laboratory';
import { referralList } from './referrals';
import { imagingRows } from './rows';
import { imagingResults } from './schema';

/**
 * The imaging pages' loaders (spec part 1 §2 "Imaging list", "Imaging result"). Each answers only
 * `subjectPersonId`'s rows; the caller checks the session and writes the audit row.
 */

/**
 * The imaging service's state, from IMAGING_API_STATUS: `ok` (default), or `temporary-error`, which
 * makes the imaging result page answer its temporary-api-error state ('This section is temporarily
 * unavailable.', spec §2 "Imaging result", §8), as when the imaging system behind it is down.
 */
export const imagingApiStatusSchema = z.enum(['ok', 'temporary-error']);
export type ImagingApiStatus = z.infer<typeof imagingApiStatusSchema>;

export class ImagingConfigError extends Error {}

/** Reads IMAGING_API_STATUS (an empty value counts as unset); throws ImagingConfigError on an unknown value. */
export function loadImagingApiStatus(env: Record<string, string | undefined> = process.env): ImagingApiStatus {
  const raw = env.IMAGING_API_STATUS;
  if (raw === undefined || raw === '') return 'ok';
  const parsed = imagingApiStatusSchema.safeParse(raw);
  if (!parsed.success) throw new ImagingConfigError(`Invalid IMAGING_API_STATUS '${raw}': expected one of ${imagingApiStatusSchema.options.join(', ')}`);
  return parsed.data;
}

/** records.imaging: results newest first (a blank name becomes null: 'no title') and the imaging referrals. */
export async function loadImagingPage(db: Database, subjectPersonId: string, _lang: Lang): Promise<ImagingPageState> {
  const [rows, referrals] = await Promise.all([imagingRows(db, subjectPersonId), referralList(db, subjectPersonId, 'imaging')]);
  return {
    results: rows.map((row) => ({
      id: String(row.id),
      imagingDate: row.imagingDate,
      examinationName: row.examinationName?.trim() ? row.examinationName : null,
    })),
    referrals,
  };
}

/**
 * records.imaging-result: every result of the patient on `imagingDate`, in the order they were
 * recorded; not-found when there is none (or the date does not exist).
 */
export async function loadImagingResultPage(db: Database, subjectPersonId: string, imagingDate: string): Promise<ImagingResultPageState> {
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
      examinationName: row.examinationName?.trim() ? row.examinationName : null,
      statementText: row.statementText?.trim() ? row.statementText : null,
    })),
  };
}
