import { useIntl } from 'react-intl';
import { ReservationCheckbox } from './ReservationCheckbox';

export interface BindingCheckboxProps {
  id: string;
  cancellationHours: number;
  checked: boolean;
  disabled: boolean;
  required?: boolean;
  onChange(checked: boolean): void;
}

/** Spec part 2 §5: inside the cancellation window the patient confirms the reservation is binding. */
export function BindingCheckbox({ cancellationHours, ...checkbox }: BindingCheckboxProps) {
  const intl = useIntl();
  return <ReservationCheckbox {...checkbox}>{intl.formatMessage({ id: 'booking.reservation.binding' }, { hours: cancellationHours })}</ReservationCheckbox>;
}
