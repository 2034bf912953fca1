import type { InsuranceChoice, PatientConcept } from '@portal/shared-api';

/** What the picker needs of the appointment being reserved. */
export interface InsuranceAppointment {
  id: string;
  /** ISO instant; Pohjola checks the appointment's date in Europe/Helsinki */
  startDate: string;
  /** company reimbursement is not offered for remote appointments (spec part 2 §9) */
  isRemote: boolean;
}

export interface InsuranceSelectionProps {
  appointment: InsuranceAppointment;
  /** the reservation page state's patientConcepts (spec part 2 §3) */
  patientConcepts: readonly PatientConcept[];
  /** every change of the selection; `valid` feeds the booking button (spec part 2 §5) */
  onChange(choice: InsuranceChoice): void;
  /**
   * The LähiTapiola return query's status (?status= after the insurer's page, spec part 2 §4);
   * default: read from window.location.search.
   */
  returnStatus?: string | null;
  /** disables the inputs while the page reserves */
  disabled?: boolean;
}

/** The insurance type's picker on the reservation page (spec part 2 §3, §4 "Insurance checks", §5). */
export function InsuranceSelection(_props: InsuranceSelectionProps) {
  return null;
}
