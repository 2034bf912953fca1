import {
  insuranceConceptCodeFor,
  OP_PAY_CONCEPT_CODE,
  type Brand,
  type DirectCompensationPermit,
  type InsuranceChoice,
  type LahiTapiolaOutcome,
  type PickerInsuranceCompany,
  type PohjolaCheckState,
  type ReimbursementChoice,
} from '@portal/shared-api';

/** The feature that turns the LähiTapiola flow on (spec part 2 §6). */
export const LAHITAPIOLA_FLOW_FEATURE = 'lahitapiola-insurance-flow';

/** Pohjola's check, with whether the patient chose to go on unverified (spec part 2 §4: "continue books at the base price"). */
export interface PohjolaStatus {
  state: PohjolaCheckState;
  continuedUnverified: boolean;
}

export interface LahiTapiolaStatus {
  outcome: LahiTapiolaOutcome;
  /** the chosen permit when outcome is success */
  permit: DirectCompensationPermit | null;
}

export interface SelectionState {
  company: PickerInsuranceCompany | null;
  reimbursement: ReimbursementChoice | null;
  directReimbursementConsent: boolean;
  pohjola: PohjolaStatus;
  lahiTapiola: LahiTapiolaStatus;
}

/**
 * LähiTapiola outcomes the patient may book with: with a permit (direct compensation) or, having
 * checked, without one (they pay and claim). Not while the check is unfinished or failed.
 */
const BOOKABLE_LAHITAPIOLA_OUTCOMES: readonly LahiTapiolaOutcome[] = ['success', 'insuranceFoundNoPermit', 'insuranceNotFound', 'underageCustomer'];

/**
 * What the reservation books with (spec part 2 §3 concept codes; §5 "Logged-in booking button":
 * If needs a reimbursement choice and, with direct reimbursement, the consent; Other or another
 * known insurer is fine). Pohjola is fine once checked (found, or not found: the base price) or
 * knowingly left unverified; LähiTapiola (with its flow) once its check has an outcome.
 */
export function choiceOf(state: SelectionState, brand: Brand, lahiTapiolaFlow: boolean): InsuranceChoice {
  const base = {
    company: state.company,
    reimbursement: state.company === 'IF' ? state.reimbursement : null,
    directReimbursementConsent: state.company === 'IF' && state.reimbursement === 'USE_REIMBURSEMENT' && state.directReimbursementConsent,
    conceptCode: null,
    dcpContentHash: null,
  };
  switch (state.company) {
    case null:
      return { ...base, valid: false };
    case 'IF':
      return {
        ...base,
        conceptCode: insuranceConceptCodeFor(brand, 'IF', state.reimbursement),
        valid: state.reimbursement !== null && (state.reimbursement !== 'USE_REIMBURSEMENT' || state.directReimbursementConsent),
      };
    case 'OP': {
      // OP has one concept, the pay code (§3), whatever the check said: unverified or not found, the
      // patient pays the base price and claims it (the reservation route requires the code for OP).
      const { state: check, continuedUnverified } = state.pohjola;
      return { ...base, conceptCode: OP_PAY_CONCEPT_CODE, valid: check === 'found' || check === 'not_found' || (check === 'canceled' && continuedUnverified) };
    }
    case 'LAHITAPIOLA': {
      if (!lahiTapiolaFlow) return { ...base, valid: true };
      const { outcome, permit } = state.lahiTapiola;
      return {
        ...base,
        dcpContentHash: outcome === 'success' && permit ? permit.contentHash : null,
        valid: BOOKABLE_LAHITAPIOLA_OUTCOMES.includes(outcome),
      };
    }
    case 'OTHER':
      return { ...base, valid: true };
  }
}
