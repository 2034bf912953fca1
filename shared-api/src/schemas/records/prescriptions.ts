import { z } from 'zod';
import { isoDateSchema } from '../common';

/** How long a treatment lasts: `treatmentLength` of these units (spec part 1 §3 Prescription). */
export const treatmentLengthUnitSchema = z.enum(['day', 'week', 'month', 'year']);
export type TreatmentLengthUnit = z.infer<typeof treatmentLengthUnitSchema>;

/**
 * A prescription with every field of spec part 1 §3: the list page shows them, the renewal page
 * names the chosen ones. Texts (medicine type, package unit, total amount, guides) are the
 * prescriber's own, as written on the prescription (in Finnish in the demo world).
 */
export const prescriptionSchema = z.object({
  id: z.string(),
  medicineName: z.string(),
  strength: z.string(),
  issuedDate: isoDateSchema,
  isRenewable: z.boolean(),
  /** e.g. 'tabletti' */
  medicineType: z.string(),
  /** e.g. 'kpl' */
  packageUnit: z.string(),
  packageSize: z.number().int(),
  packageCount: z.number().int(),
  /** null when the prescription gives no length */
  treatmentLength: z.number().int().nullable(),
  treatmentLengthUnit: treatmentLengthUnitSchema.nullable(),
  /** e.g. '2 pakkausta' */
  totalAmount: z.string(),
  /** how much and when, e.g. '1 tabletti aamulla' */
  dosageGuide: z.string(),
  /** what for, e.g. 'Kipuun' */
  usageGuide: z.string(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;

/** records.prescriptions: every prescription of the patient, newest first (the page paginates, 10 per page). */
export const prescriptionListItemSchema = prescriptionSchema;
export type PrescriptionListItem = z.infer<typeof prescriptionListItemSchema>;

/** The feature that turns on the checkboxes, the cart and the renewal page (routes.json, server features). */
export const PRESCRIPTION_RENEWAL_FEATURE = 'prescription-renewal';
