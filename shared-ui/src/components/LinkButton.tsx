import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './Button';
import './Button.css';

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /**
   * Client-side navigation (e.g. the shell's navigate): called on a plain left click instead of
   * a page load; modified clicks (new tab, …) keep the browser's behaviour.
   */
  onNavigate?: (href: string) => void;
  children: ReactNode;
}

export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A link that looks like a button (it navigates, so it stays an <a>). */
export function LinkButton({ href, variant = 'primary', size = 'medium', fullWidth = false, onNavigate, onClick, className, children, ...rest }: LinkButtonProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !onNavigate || !isPlainLeftClick(event) || rest.target === '_blank') return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <a {...rest} href={href} className={buttonClassName(variant, size, fullWidth, `portal-link-button ${className ?? ''}`.trim())} onClick={handleClick}>
      {children}
    </a>
  );
}
