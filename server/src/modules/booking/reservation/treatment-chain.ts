import { IF_USE_CONCEPT_CODE, type PatientConcept } from '@portal/shared-api';

/**
 * If's direct reimbursement (spec part 2 §8 treatmentChainCreationFailed): booking with the If use
 * code asks the insurer to open a treatment chain, which the insurer may refuse. This is the seam
 * for that call. The insurance part's adapters (../insurance/adapters.ts) have no treatment-chain
 * call yet; until they do, the built-in double below decides from what the concept service
 * recorded: the chain opens when the patient's If use concept allows direct reimbursement.
 */
export interface TreatmentChainService {
  /** true: the chain was opened; false: the insurer refused */
  open(input: { personId: string; slotId: number; conceptCode: string; patientConcepts: readonly PatientConcept[] }): Promise<boolean>;
}

/** Whether a booking with this concept code needs a treatment chain (If with direct reimbursement only). */
export function needsTreatmentChain(conceptCode: string | null): boolean {
  return conceptCode === IF_USE_CONCEPT_CODE;
}

export const conceptBasedTreatmentChains: TreatmentChainService = {
  async open({ conceptCode, patientConcepts }) {
    return patientConcepts.some((concept) => concept.code === conceptCode && concept.directReimbursementAllowed);
  },
};
