import type { ReactNode } from 'react';
import styles from './ReservationFormParts.module.css';

export interface ReservationCheckboxProps {
  id: string;
  checked: boolean;
  disabled: boolean;
  required?: boolean;
  onChange(checked: boolean): void;
  children: ReactNode;
}

/** A confirmation checkbox of a reservation form (terms, binding reservation, occupational), its label beside it. */
export function ReservationCheckbox({ id, checked, disabled, required, onChange, children }: ReservationCheckboxProps) {
  return (
    <div className={`${styles.checkbox} portal-flex portal-items-start portal-gap-s`}>
      <input id={id} type="checkbox" required={required} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}
