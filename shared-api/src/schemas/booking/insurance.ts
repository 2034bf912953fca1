import { z } from 'zod';
import type { Brand } from '../common';
import { bookingDateSchema, isoDateSchema } from '../common';
import { textSchema } from '../text';

/**
 * Insurance checks and the concept service (spec part 2 §3 "Insurance companies", "Reimbursement
 * choices", "Insurance concept codes", "Direct compensation permit"; §4 "Insurance checks"; §7 the
 * insurance and concept calls). The server is server/src/modules/booking/insurance/, the reservation
 * page's picker mf-booking/src/pages/reservation/insurance/.
 */

/** Spec part 2 §3: every company value the provider knows. */
export const insuranceCompanies = [
  'AKTIA',
  'FENNIA',
  'IF',
  'LAHITAPIOLA',
  'MANDATUM',
  'MELA',
  'OP',
  'OTHER',
  'POHJANTAHTI',
  'POP',
  'PROTECTOR',
  'PV',
  'SAASTOPANKKI',
  'TURVA',
  'VALTIOKONTTORI',
] as const;
export const insuranceCompanySchema = z.enum(insuranceCompanies);
export type InsuranceCompany = z.infer<typeof insuranceCompanySchema>;

/** Spec part 2 §3: the picker offers only these (OP is Pohjola Vakuutus). */
export const pickerInsuranceCompanies = ['IF', 'LAHITAPIOLA', 'OP', 'OTHER'] as const satisfies readonly InsuranceCompany[];
export type PickerInsuranceCompany = (typeof pickerInsuranceCompanies)[number];

/** Spec part 2 §3: USE_REIMBURSEMENT is direct reimbursement (If bills the insurer directly). */
export const reimbursementChoices = ['USE_REIMBURSEMENT', 'COMPANY_REIMBURSEMENT', 'PAY_AND_REIMBURSE'] as const;
export const reimbursementChoiceSchema = z.enum(reimbursementChoices);
export type ReimbursementChoice = z.infer<typeof reimbursementChoiceSchema>;

/** Spec part 2 §3 "Insurance concept codes". */
export const IF_USE_CONCEPT_CODE = '90157';
export const IF_PAY_CONCEPT_CODE = '758236';
export const OP_PAY_CONCEPT_CODE = '999503';
export const insuranceConceptCodes = [IF_USE_CONCEPT_CODE, IF_PAY_CONCEPT_CODE, OP_PAY_CONCEPT_CODE] as const;
export const insuranceConceptCodeSchema = z.enum(insuranceConceptCodes);
export type InsuranceConceptCode = z.infer<typeof insuranceConceptCodeSchema>;

/**
 * The If reimbursement choices a reservation may offer: company reimbursement is never on the
 * children's brand (§3) and never for a remote appointment (§9 "Company insurance disabled for
 * remote appointments").
 */
export function ifReimbursementChoices(brand: Brand, isRemote: boolean): ReimbursementChoice[] {
  return reimbursementChoices.filter((choice) => choice !== 'COMPANY_REIMBURSEMENT' || (brand === 'adult' && !isRemote));
}

/** The concept code a selection books with (spec part 2 §3), or null when it carries none. */
export function insuranceConceptCodeFor(
  brand: Brand,
  company: PickerInsuranceCompany | null,
  reimbursement: ReimbursementChoice | null,
): InsuranceConceptCode | null {
  if (company === 'IF') {
    if (reimbursement === 'USE_REIMBURSEMENT') return IF_USE_CONCEPT_CODE;
    if (reimbursement === 'PAY_AND_REIMBURSE') return IF_PAY_CONCEPT_CODE;
    if (reimbursement === 'COMPANY_REIMBURSEMENT' && brand === 'adult') return IF_PAY_CONCEPT_CODE;
    return null;
  }
  if (company === 'OP') return OP_PAY_CONCEPT_CODE;
  return null;
}

/** A concept the patient has (spec part 2 §3 "Page state for reservation" patientConcepts). */
export const patientConceptSchema = z.object({ code: z.string(), directReimbursementAllowed: z.boolean() });
export type PatientConcept = z.infer<typeof patientConceptSchema>;

/**
 * Spec part 2 §4: the concept insertion call happens only when the patient lacks the concept code,
 * or (for the If use code) has it without direct reimbursement permission.
 */
export function needsConceptInsertion(code: string, patientConcepts: readonly PatientConcept[]): boolean {
  const existing = patientConcepts.find((concept) => concept.code === code);
  if (!existing) return true;
  return code === IF_USE_CONCEPT_CODE && !existing.directReimbursementAllowed;
}

/** What the reservation page books with: the picker's answer (onChange). */
export interface InsuranceChoice {
  company: PickerInsuranceCompany | null;
  /** If only */
  reimbursement: ReimbursementChoice | null;
  /** If with USE_REIMBURSEMENT: the consent checkbox */
  directReimbursementConsent: boolean;
  /** the reservation's insuranceConceptCode; ensureConcept before reserving when not null */
  conceptCode: InsuranceConceptCode | null;
  /** the chosen LähiTapiola permit's contentHash (the reservation's dcpContentHash) */
  dcpContentHash: string | null;
  /** spec part 2 §5 "Logged-in booking button": the selection lets the patient book */
  valid: boolean;
}

export const EMPTY_INSURANCE_CHOICE: InsuranceChoice = {
  company: null,
  reimbursement: null,
  directReimbursementConsent: false,
  conceptCode: null,
  dcpContentHash: null,
  valid: false,
};

// ---- §7 calls -------------------------------------------------------------------------------

/** GET /api/insurance/pohjola-check/{date}: the appointment's date (Europe/Helsinki). */
export const pohjolaCheckParamsSchema = z.object({ date: bookingDateSchema });
export const pohjolaCheckResponseSchema = z.object({ hasInsurance: z.boolean() });
export type PohjolaCheckResponse = z.infer<typeof pohjolaCheckResponseSchema>;

/** Spec part 2 §4 "Pohjola check states". */
export const pohjolaCheckStates = ['undefined', 'found', 'not_found', 'canceled', 'error'] as const;
export type PohjolaCheckState = (typeof pohjolaCheckStates)[number];

/**
 * LähiTapiola answers' type: underageCustomer when the subject is under 18 with no guardian acting
 * (spec part 2 §5 "Age rule"); error when the insurer could not answer.
 */
export const lahiTapiolaAnswerTypes = ['success', 'underageCustomer', 'error'] as const;
export const lahiTapiolaAnswerTypeSchema = z.enum(lahiTapiolaAnswerTypes);

/** GET /api/insurance/lahitapiola-policy-check */
export const lahiTapiolaPolicyCheckResponseSchema = z.object({
  type: lahiTapiolaAnswerTypeSchema,
  hasHealthcarePolicy: z.boolean(),
});
export type LahiTapiolaPolicyCheckResponse = z.infer<typeof lahiTapiolaPolicyCheckResponseSchema>;

/** Spec part 2 §3 "Direct compensation permit": validTo yyyy-MM-dd (shown d.M.yyyy). */
export const directCompensationPermitSchema = z.object({
  symptom: z.string(),
  bodyPart: z.string(),
  validTo: isoDateSchema,
  contentHash: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/),
});
export type DirectCompensationPermit = z.infer<typeof directCompensationPermitSchema>;

/** GET /api/insurance/lahitapiola-direct-compensation-permits/{lang} */
export const lahiTapiolaPermitsResponseSchema = z.object({
  type: lahiTapiolaAnswerTypeSchema,
  directCompensationPermits: z.array(directCompensationPermitSchema),
});
export type LahiTapiolaPermitsResponse = z.infer<typeof lahiTapiolaPermitsResponseSchema>;

/** GET /api/insurance/lahitapiola-apply-permit?redirectTo=: a same-origin path (never another site). */
export const lahiTapiolaApplyPermitQuerySchema = z.object({
  redirectTo: textSchema.min(1).max(2048).startsWith('/'),
});

/** The insurer's answer on the way back: ?status= on redirectTo (spec part 2 §4 initial states). */
export const lahiTapiolaReturnStatuses = ['directcompensationallowed', 'directcompensationdenied', 'cancel', 'error'] as const;
export const lahiTapiolaReturnStatusSchema = z.enum(lahiTapiolaReturnStatuses);
export type LahiTapiolaReturnStatus = z.infer<typeof lahiTapiolaReturnStatusSchema>;

/** Spec part 2 §4 "LähiTapiola modal states". */
export const lahiTapiolaModalStates = [
  'not_asked',
  'insurance_not_found',
  'insurance_found_no_permits',
  'insurance_found_with_permits',
  'denied',
  'canceled',
  'error',
] as const;
export type LahiTapiolaModalState = (typeof lahiTapiolaModalStates)[number];

/** Spec part 2 §4: the modal's initial state from the return query status. */
export function lahiTapiolaInitialState(status: string | null | undefined): LahiTapiolaModalState {
  switch (status) {
    case 'directcompensationallowed':
      return 'insurance_found_with_permits';
    case 'directcompensationdenied':
      return 'denied';
    case 'cancel':
      return 'canceled';
    case 'error':
      return 'error';
    default:
      return 'not_asked';
  }
}

/** Spec part 2 §4 LähiTapiola outcome types (the notice under the form). */
export const lahiTapiolaOutcomes = ['success', 'underageCustomer', 'insuranceFoundNoPermit', 'insuranceNotFound', 'error', 'pending'] as const;
export type LahiTapiolaOutcome = (typeof lahiTapiolaOutcomes)[number];

/** POST /api/concepts?csrfToken: only the §3 concept codes. */
export const conceptInsertRequestSchema = z.object({ code: insuranceConceptCodeSchema }).strict();
export type ConceptInsertRequest = z.infer<typeof conceptInsertRequestSchema>;
/** 'error': the concept service refused; the page shows the unknown error and stops (§4, §8). */
export const conceptInsertResponseSchema = z.object({ type: z.enum(['success', 'error']) });
export type ConceptInsertResponse = z.infer<typeof conceptInsertResponseSchema>;
