import { useIntl } from 'react-intl';
import { VisuallyHidden } from './VisuallyHidden';
import './Spinner.css';

export interface SpinnerProps {
  /** what is loading, for screen readers; default 'Loading…' */
  label?: string;
  size?: 'small' | 'medium';
}

/** A loading indicator announced politely (role=status) with a visually hidden label. */
export function Spinner({ label, size = 'medium' }: SpinnerProps) {
  const intl = useIntl();
  return (
    <span role="status" className={`portal-spinner portal-spinner--${size}`}>
      <span className="portal-spinner__circle" aria-hidden="true" />
      <VisuallyHidden>{label ?? intl.formatMessage({ id: 'common.loading' })}</VisuallyHidden>
    </span>
  );
}
