import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useHref, useLocation, useSearchParams } from 'react-router-dom';
import {
  ifReimbursementChoices,
  pickerInsuranceCompanies,
  type InsuranceChoice,
  type PatientConcept,
  type PickerInsuranceCompany,
} from '@portal/shared-api';
import { CHOICE_CLASS, useShell } from '@portal/shared-ui';
import { choiceOf, LAHITAPIOLA_FLOW_FEATURE, type LahiTapiolaStatus, type PohjolaStatus, type SelectionState } from './choice';
import { IfReimbursement } from './IfReimbursement';
import styles from './InsuranceSelection.module.css';
import { LahiTapiolaFlow } from './LahiTapiolaFlow';
import { PohjolaCheck } from './PohjolaCheck';

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
  /**
   * The reservation page state's patientConcepts (spec part 2 §3). The picker itself does not need
   * them; the page passes the same list to ensureConcept before reserving.
   */
  patientConcepts: readonly PatientConcept[];
  /** every change of the selection; `valid` feeds the booking button (spec part 2 §5) */
  onChange(choice: InsuranceChoice): void;
  /** the LähiTapiola return query's status; default: this page's ?status= (spec part 2 §4) */
  returnStatus?: string | null;
  /** disables the inputs while the page reserves */
  disabled?: boolean;
}

const INITIAL_POHJOLA: PohjolaStatus = { state: 'undefined', continuedUnverified: false };
const INITIAL_LAHITAPIOLA: LahiTapiolaStatus = { outcome: 'pending', permit: null };

/**
 * The insurance type's picker on the reservation page (spec part 2 §3 "The picker offers only If,
 * LähiTapiola, Pohjola Vakuutus (OP) and Other", §4 "Insurance checks", §5 booking button rules).
 * Coming back from LähiTapiola (?status=) selects LähiTapiola and reopens its dialog.
 */
export function InsuranceSelection({ appointment, onChange, returnStatus, disabled = false }: InsuranceSelectionProps) {
  const shell = useShell();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // the insurer sends the browser back to the page's full path: the router's own lacks its basename '/{lang}'
  const pagePath = useHref({ pathname: location.pathname });
  const lahiTapiolaFlow = shell.features.includes(LAHITAPIOLA_FLOW_FEATURE);
  const status = returnStatus === undefined ? searchParams.get('status') : returnStatus;
  const returning = lahiTapiolaFlow && status !== null && status !== '';

  const [state, setState] = useState<SelectionState>(() => ({
    company: returning ? 'LAHITAPIOLA' : null,
    reimbursement: null,
    directReimbursementConsent: false,
    pohjola: INITIAL_POHJOLA,
    lahiTapiola: INITIAL_LAHITAPIOLA,
  }));
  /** the return status opens the dialog once; picking again starts afresh */
  const [returnPending, setReturnPending] = useState(returning);
  const name = useId();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const reimbursementChoices = useMemo(() => ifReimbursementChoices(shell.brand, appointment.isRemote), [shell.brand, appointment.isRemote]);

  const choice = useMemo(() => choiceOf(state, shell.brand, lahiTapiolaFlow), [state, shell.brand, lahiTapiolaFlow]);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => onChangeRef.current(choice), [choice]);

  const pick = (company: PickerInsuranceCompany) => {
    setReturnPending(false);
    setState((current) => ({
      ...current,
      company,
      pohjola: company === 'OP' ? current.pohjola : INITIAL_POHJOLA,
      lahiTapiola: company === 'LAHITAPIOLA' ? current.lahiTapiola : INITIAL_LAHITAPIOLA,
    }));
  };
  /** remove: the insurer is cleared and the choice starts over; focus goes back to the companies */
  const remove = () => {
    setReturnPending(false);
    setState((current) => ({ ...current, company: null, pohjola: INITIAL_POHJOLA, lahiTapiola: INITIAL_LAHITAPIOLA }));
    groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  return (
    <div className="portal-vstack-m portal-wrap-anywhere">
      <fieldset ref={groupRef} className={`${styles.group} portal-vstack-s portal-m0`}>
        <legend className={`${styles.legend} portal-field__label`}>
          <FormattedMessage id="booking.insurance.company.legend" />
        </legend>
        {pickerInsuranceCompanies.map((company) => (
          <label key={company} className={`${CHOICE_CLASS} portal-touch`}>
            <input
              type="radio"
              name={name}
              value={company}
              checked={state.company === company}
              onChange={() => pick(company)}
              disabled={disabled}
              required
            />
            <FormattedMessage id={`booking.insurance.company.${company}`} />
          </label>
        ))}
      </fieldset>
      {state.company === 'IF' && (
        <IfReimbursement
          choices={reimbursementChoices}
          reimbursement={state.reimbursement}
          consent={state.directReimbursementConsent}
          isRemote={appointment.isRemote}
          onReimbursement={(reimbursement) => setState((current) => ({ ...current, reimbursement }))}
          onConsent={(directReimbursementConsent) => setState((current) => ({ ...current, directReimbursementConsent }))}
          disabled={disabled}
        />
      )}
      {state.company === 'OP' && (
        <PohjolaCheck
          api={shell.api}
          startDate={appointment.startDate}
          status={state.pohjola}
          onStatus={(pohjola) => setState((current) => ({ ...current, pohjola }))}
          onRemove={remove}
          disabled={disabled}
        />
      )}
      {state.company === 'LAHITAPIOLA' && lahiTapiolaFlow && (
        <LahiTapiolaFlow
          api={shell.api}
          lang={shell.lang}
          status={state.lahiTapiola}
          onStatus={(lahiTapiola) => setState((current) => ({ ...current, lahiTapiola }))}
          onRemove={remove}
          returnStatus={returnPending ? status : null}
          currentPath={pagePath}
          disabled={disabled}
        />
      )}
    </div>
  );
}
