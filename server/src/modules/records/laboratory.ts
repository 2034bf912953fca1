import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type {
  LaboratoryHistoryPoint,
  LaboratoryListDate,
  LaboratoryPageState,
  LaboratoryResultPageState,
  LaboratoryResultValue,
  LaboratoryTest,
  Lang,
  SingleLaboratoryTest,
} from '@portal/shared-api';
import type { Database } from '../../db/index';
import { personById } from '../patients/index';
import { referralList } from './referrals';
import { laboratoryRows } from './rows';
import { laboratoryResults } from './schema';
import { laboratoryTestNameIn, laboratoryTextResultIn } from './vocabulary';

/**
 * The laboratory pages' loaders (spec part 1 §2 "Laboratory list", "Laboratory result"). Each answers
 * only `subjectPersonId`'s rows (the signed-in person, or the child a guardian acts for); the caller
 * checks the session and writes the audit row.
 */

/** records.laboratory: results grouped by sample date, newest first, and the laboratory referrals. */
export async function loadLaboratoryPage(db: Database, subjectPersonId: string, lang: Lang): Promise<LaboratoryPageState> {
  const [rows, referrals] = await Promise.all([laboratoryRows(db, subjectPersonId), referralList(db, subjectPersonId, 'laboratory', lang)]);

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
  return { dates: [...byDate.values()], referrals };
}

/** A real calendar date 'yyyy-MM-dd' (the route's pattern lets '2026-02-30' through; the database would reject it). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type ResultRow = typeof laboratoryResults.$inferSelect;

/** A test's name (its description) in the page's language, by the test's code; null when it has none. */
function descriptionIn(row: ResultRow, lang: Lang): string | null {
  const description = row.description?.trim();
  return description ? laboratoryTestNameIn(row.code, description, lang) : null;
}

function resultOf(row: ResultRow, lang: Lang): LaboratoryResultValue | null {
  if (!row.isReady) return null;
  if (row.resultType === 'numeric' && row.resultNumber !== null) {
    return {
      __typename: 'NumeralLaboratoryResult',
      prefix: row.prefix,
      resultNumber: row.resultNumber,
      isWithinReferenceRange: row.isWithinReferenceRange,
    };
  }
  if (row.resultType === 'textual' && row.resultText !== null) return { __typename: 'TextualLaboratoryResult', resultText: laboratoryTextResultIn(row.resultText, lang) };
  return null;
}

function singleTest(row: ResultRow, history: LaboratoryHistoryPoint[], lang: Lang): SingleLaboratoryTest {
  return {
    __typename: 'SingleLaboratoryTest',
    id: String(row.id),
    code: row.code,
    displayName: row.displayName,
    isReady: row.isReady,
    result: resultOf(row, lang),
    unit: row.unit?.trim() || null,
    referenceRange: row.referenceMin === null && row.referenceMax === null ? null : { min: row.referenceMin, max: row.referenceMax },
    description: descriptionIn(row, lang),
    // the laboratory's comment, as written
    additionalResult: row.additionalResult?.trim() || null,
    history,
  };
}

/** Every ready numeric result of the given test codes of the patient, oldest first, by code. */
async function numericHistory(db: Database, personId: string, codes: string[]): Promise<Map<string, LaboratoryHistoryPoint[]>> {
  const byCode = new Map<string, LaboratoryHistoryPoint[]>();
  if (codes.length === 0) return byCode;
  const rows = await db
    .select({
      code: laboratoryResults.code,
      date: laboratoryResults.sampleDate,
      prefix: laboratoryResults.prefix,
      resultNumber: laboratoryResults.resultNumber,
      isWithinReferenceRange: laboratoryResults.isWithinReferenceRange,
    })
    .from(laboratoryResults)
    .where(
      and(
        eq(laboratoryResults.personId, personId),
        inArray(laboratoryResults.code, codes),
        inArray(laboratoryResults.kind, ['single', 'item']),
        eq(laboratoryResults.isReady, true),
        eq(laboratoryResults.resultType, 'numeric'),
        isNotNull(laboratoryResults.resultNumber),
      ),
    )
    .orderBy(asc(laboratoryResults.sampleDate), asc(laboratoryResults.id));
  for (const row of rows) {
    if (row.resultNumber === null) continue;
    const points = byCode.get(row.code) ?? [];
    points.push({ date: row.date, prefix: row.prefix, resultNumber: row.resultNumber, isWithinReferenceRange: row.isWithinReferenceRange });
    byCode.set(row.code, points);
  }
  return byCode;
}

/**
 * records.laboratory-result: the patient's full name and every test of `date` in listing order
 * (packages with their items, and single tests), each with its numeric history. A date with none of
 * the patient's results, another patient's date or a date that does not exist is not-found.
 */
export async function loadLaboratoryResultPage(db: Database, subjectPersonId: string, date: string, lang: Lang): Promise<LaboratoryResultPageState> {
  if (!isCalendarDate(date)) return { status: 'not-found' };
  const rows = await db
    .select()
    .from(laboratoryResults)
    .where(and(eq(laboratoryResults.personId, subjectPersonId), eq(laboratoryResults.sampleDate, date)))
    .orderBy(asc(laboratoryResults.position), asc(laboratoryResults.id));
  if (rows.length === 0) return { status: 'not-found' };

  const person = await personById(db, subjectPersonId);
  const tests = rows.filter((row) => row.kind !== 'package');
  const history = await numericHistory(db, subjectPersonId, [...new Set(tests.map((row) => row.code))]);
  const toSingle = (row: ResultRow) => singleTest(row, history.get(row.code) ?? [], lang);

  const laboratoryTests: LaboratoryTest[] = [];
  for (const row of rows) {
    if (row.kind === 'single') laboratoryTests.push(toSingle(row));
    if (row.kind !== 'package') continue;
    const items = rows.filter((item) => item.kind === 'item' && item.packageId === row.id).map(toSingle);
    laboratoryTests.push({
      __typename: 'LaboratoryTestPackage',
      id: String(row.id),
      code: row.code,
      displayName: row.displayName,
      // a package is ready only when it and every item in it are
      isReady: row.isReady && items.every((item) => item.isReady),
      description: descriptionIn(row, lang),
      items,
    });
  }
  return {
    status: 'ok',
    date,
    fullName: person ? `${person.givenName} ${person.familyName}`.trim() : '',
    laboratoryTests,
  };
}
