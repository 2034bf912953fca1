import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useIntl } from 'react-intl';
import { VisuallyHidden } from './VisuallyHidden';
import './Spinner.css';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger';
export type ButtonSize = 'medium' | 'small';

export function buttonClassName(variant: ButtonVariant, size: ButtonSize, fullWidth: boolean, extra?: string): string {
  return ['portal-button', `portal-button--${variant}`, size === 'small' && 'portal-button--small', fullWidth && 'portal-button--full-width', extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /**
   * While true the button says it is busy (aria-busy), ignores clicks and keeps its focus and label,
   * so a screen reader user is not thrown out of the form while a call runs.
   */
  loading?: boolean;
  /** announced while loading; default 'Loading…' */
  loadingLabel?: string;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  loading = false,
  loadingLabel,
  type = 'button',
  className,
  onClick,
  children,
  ref,
  ...rest
}: ButtonProps) {
  const intl = useIntl();
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={buttonClassName(variant, size, fullWidth, className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
    >
      {loading && <span className="portal-spinner__circle portal-button__spinner" aria-hidden="true" />}
      {children}
      {loading && <VisuallyHidden>{loadingLabel ?? intl.formatMessage({ id: 'common.loading' })}</VisuallyHidden>}
    </button>
  );
}
