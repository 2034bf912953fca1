import type { DirectCompensationPermit, InsuranceConceptCode, Lang, LahiTapiolaPermitsResponse, LahiTapiolaPolicyCheckResponse } from '@portal/shared-api';

/**
 * The insurers and the concept service behind interfaces (issue 13): the routes know only these, so
 * a real integration replaces the built-in test doubles (server/src/demo/insurers/) without touching them.
 */

/** Whom a check is about: the session's subject (the ward when a guardian acts for one). */
export interface InsuredPerson {
  personId: string;
  identityCode: string;
  /** yyyy-MM-dd from the identity code; null when it cannot be read */
  birthDate: string | null;
  /** a guardian is acting for the subject (spec part 2 §5 "Age rule": no guardian and under 18 → underageCustomer) */
  guardianActing: boolean;
}

/** The insurer could not answer (a timeout, its service down): the page shows its error state. */
export class InsurerUnavailableError extends Error {
  constructor(readonly insurer: 'pohjola' | 'lahitapiola' | 'concepts') {
    super(`${insurer} did not answer`);
  }
}

export interface PohjolaAdapter {
  /** does the person have a Pohjola (OP) health insurance valid on the appointment's date; throws InsurerUnavailableError */
  check(person: InsuredPerson, date: string): Promise<{ hasInsurance: boolean }>;
}

export interface LahiTapiolaAdapter {
  policyCheck(person: InsuredPerson): Promise<LahiTapiolaPolicyCheckResponse>;
  /** the permits with symptom and body part in `lang` */
  permits(person: InsuredPerson, lang: Lang): Promise<LahiTapiolaPermitsResponse>;
  /**
   * Where the browser goes to apply for a direct compensation permit; the insurer sends it back to
   * `redirectTo` (a same-origin path, already checked) with ?status=.
   */
  applyPermitUrl(redirectTo: string, lang: Lang): string;
}

export interface ConceptService {
  /** adds the concept code to the person's record at the provider; 'error' when the service refuses */
  insert(person: InsuredPerson, code: InsuranceConceptCode): Promise<{ type: 'success'; directReimbursementAllowed: boolean } | { type: 'error' }>;
}

export interface InsuranceAdapters {
  pohjola: PohjolaAdapter;
  lahiTapiola: LahiTapiolaAdapter;
  concepts: ConceptService;
}

export type { DirectCompensationPermit };
