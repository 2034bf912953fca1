import { and, eq, inArray } from 'drizzle-orm';
import type { Lang, Prescription, PrescriptionsPageState } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { prescriptionRows } from './rows';
import { prescriptions } from './schema';
import { medicineFormIn, packageUnitIn, totalAmountIn } from './vocabulary';

/**
 * Prescriptions (spec part 1 §2 "Prescriptions list", §3 "Prescription"): the list page's loader
 * and the lookup the renewal page and the renewal request share. Only `subjectPersonId`'s rows are
 * ever read; the caller checks the session and writes the audit log.
 */

type PrescriptionRow = typeof prescriptions.$inferSelect;

/** A row in the shared-api shape (every field of §3). */
export function toPrescription(row: PrescriptionRow): Prescription {
  return {
    id: String(row.id),
    medicineName: row.medicineName,
    strength: row.strength,
    issuedDate: row.issuedDate,
    isRenewable: row.isRenewable,
    medicineType: row.medicineType,
    packageUnit: row.packageUnit,
    packageSize: row.packageSize,
    packageCount: row.packageCount,
    treatmentLength: row.treatmentLength,
    treatmentLengthUnit: row.treatmentLengthUnit,
    totalAmount: row.totalAmount,
    dosageGuide: row.dosageGuide,
    usageGuide: row.usageGuide,
  };
}

/**
 * A prescription as a page in `lang` shows it: the pharmaceutical form, the package unit and the
 * total amount in that language; the guides the prescriber wrote stay as written.
 */
export function prescriptionIn(prescription: Prescription, lang: Lang): Prescription {
  return {
    ...prescription,
    medicineType: medicineFormIn(prescription.medicineType, lang),
    packageUnit: packageUnitIn(prescription.packageUnit, lang),
    totalAmount: totalAmountIn(prescription.totalAmount, lang),
  };
}

/** records.prescriptions: every prescription of the subject, newest first. */
export async function loadPrescriptionsPage(db: Database, subjectPersonId: string, lang: Lang): Promise<PrescriptionsPageState> {
  const rows = await prescriptionRows(db, subjectPersonId);
  return { prescriptions: rows.map((row) => prescriptionIn(toPrescription(row), lang)) };
}

/** The largest id the database has (int4); a longer or larger id names no prescription. */
const MAX_ID = 2_147_483_647;

/** '12' → 12; anything that cannot be a prescription id → null. */
export function parsePrescriptionId(raw: string): number | null {
  if (!/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The subject's renewable prescriptions among `ids`, in the order of `ids` (duplicates once),
 * and the ids that are not one of them (another patient's, not renewable, unknown, malformed).
 */
export async function renewablePrescriptionsAmong(
  db: Database,
  subjectPersonId: string,
  ids: readonly string[],
): Promise<{ found: Prescription[]; missing: string[] }> {
  const unique = [...new Set(ids)];
  const numeric = unique.map(parsePrescriptionId).filter((id): id is number => id !== null);
  const rows = numeric.length
    ? await db
        .select()
        .from(prescriptions)
        .where(and(eq(prescriptions.personId, subjectPersonId), eq(prescriptions.isRenewable, true), inArray(prescriptions.id, numeric)))
    : [];
  const byId = new Map(rows.map((row) => [String(row.id), toPrescription(row)]));
  const found: Prescription[] = [];
  const missing: string[] = [];
  for (const raw of unique) {
    const id = parsePrescriptionId(raw);
    const prescription = id === null ? undefined : byId.get(String(id));
    if (prescription) found.push(prescription);
    else missing.push(raw);
  }
  return { found, missing };
}
