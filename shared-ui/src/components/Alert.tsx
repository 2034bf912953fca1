import type { ReactNode } from 'react';
import './Alert.css';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  variant: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * Whether the alert is announced when it appears. Default true: warnings and errors interrupt
   * (role=alert), info and success wait (role=status). Static notices present on page load pass false.
   */
  announce?: boolean;
  className?: string;
}

export function alertRole(variant: AlertVariant): 'alert' | 'status' {
  return variant === 'warning' || variant === 'error' ? 'alert' : 'status';
}

export function Alert({ variant, title, children, announce = true, className }: AlertProps) {
  return (
    <div role={announce ? alertRole(variant) : undefined} className={`portal-alert portal-alert--${variant} ${className ?? ''}`.trim()}>
      {title && <p className="portal-alert__title">{title}</p>}
      {children && <div className="portal-alert__body">{children}</div>}
    </div>
  );
}
