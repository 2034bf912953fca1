import { EMPTY_INSURANCE_CHOICE, type InsuranceChoice } from '@portal/shared-api';
import type { InsuranceSelectionProps } from './insurance';

/**
 * A stand-in for the insurance engineer's <InsuranceSelection> in the reservation page's tests
 * (jest.mock('./insurance')): one checkbox makes the selection valid (If, pay and reimburse), so the
 * page's own rules are tested without the insurers' flows. ensureConcept is a jest mock.
 */
export const VALID_IF_CHOICE: InsuranceChoice = {
  company: 'IF',
  reimbursement: 'PAY_AND_REIMBURSE',
  directReimbursementConsent: false,
  conceptCode: '758236',
  dcpContentHash: null,
  valid: true,
};

export function InsuranceSelection({ onChange, disabled, returnStatus }: InsuranceSelectionProps) {
  return (
    <div>
      <input id="insurance-double" type="checkbox" disabled={disabled} onChange={(event) => onChange(event.target.checked ? VALID_IF_CHOICE : EMPTY_INSURANCE_CHOICE)} />
      <label htmlFor="insurance-double">If, pay and reimburse (return status {returnStatus ?? 'none'})</label>
    </div>
  );
}

export const ensureConcept = jest.fn(async () => 'ok' as 'ok' | 'failed');
