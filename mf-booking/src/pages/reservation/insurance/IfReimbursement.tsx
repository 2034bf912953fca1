import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ReimbursementChoice } from '@portal/shared-api';
import { CHOICE_CLASS } from '@portal/shared-ui';
import styles from './InsuranceSelection.module.css';

export interface IfReimbursementProps {
  /** the choices this brand and appointment allow (ifReimbursementChoices) */
  choices: readonly ReimbursementChoice[];
  reimbursement: ReimbursementChoice | null;
  consent: boolean;
  isRemote: boolean;
  onReimbursement(choice: ReimbursementChoice): void;
  onConsent(consent: boolean): void;
  disabled: boolean;
}

/** If's reimbursement choice and, for direct reimbursement, the required consent (spec part 2 §3, §5, §9). */
export function IfReimbursement({ choices, reimbursement, consent, isRemote, onReimbursement, onConsent, disabled }: IfReimbursementProps) {
  const name = useId();
  const consentHint = useId();
  const direct = reimbursement === 'USE_REIMBURSEMENT';
  return (
    <div className={`${styles.section} portal-vstack-s`}>
      <fieldset className={`${styles.group} portal-vstack-s portal-m0`}>
        <legend className={`${styles.legend} portal-field__label`}>
          <FormattedMessage id="booking.insurance.if.legend" />
        </legend>
        {choices.map((choice) => (
          <label key={choice} className={`${CHOICE_CLASS} portal-touch`}>
            <input
              type="radio"
              name={name}
              value={choice}
              checked={reimbursement === choice}
              onChange={() => onReimbursement(choice)}
              disabled={disabled}
              required
            />
            <FormattedMessage id={`booking.insurance.if.${choice}`} />
          </label>
        ))}
      </fieldset>
      {direct && (
        <>
          <label className={`${CHOICE_CLASS} portal-touch`}>
            <input
              type="checkbox"
              checked={consent}
              onChange={(event) => onConsent(event.target.checked)}
              disabled={disabled}
              required
              aria-invalid={!consent}
              aria-describedby={consent ? undefined : consentHint}
            />
            <FormattedMessage id="booking.insurance.if.consent" />
          </label>
          {!consent && (
            <p id={consentHint} className="portal-m0">
              <FormattedMessage id="booking.insurance.if.consentRequired" />
            </p>
          )}
          {isRemote && (
            <p className="portal-m0">
              <FormattedMessage id="booking.insurance.if.remoteBillNote" />
            </p>
          )}
        </>
      )}
    </div>
  );
}
