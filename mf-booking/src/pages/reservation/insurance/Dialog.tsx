import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './InsuranceSelection.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  titleId: string;
  title: ReactNode;
  /** Escape and the close button */
  onDismiss(): void;
  closeLabel: string;
  /** where focus goes when the dialog closes, if the element that opened it is gone */
  fallbackFocus(): HTMLElement | null;
  children: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus moves into it, Tab stays inside, Escape closes it,
 * and focus returns to where it was (or to the fallback when that element has gone).
 */
export function Dialog({ titleId, title, onDismiss, closeLabel, fallbackFocus, children }: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.focus();
    return () => {
      // opened on page load (back from the insurer) there was no opener but the page itself
      const target = opener && opener !== document.body && opener.isConnected ? opener : fallbackRef.current();
      target?.focus();
    };
  }, []);

  useEffect(() => {
    // the control that had the focus may have gone with the step it belonged to: keep focus inside
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDismiss();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} className={styles.dialog} onKeyDown={onKeyDown}>
        <div className={styles.dialogHeader}>
          <h2 id={titleId} className={styles.dialogTitle}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onDismiss} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
