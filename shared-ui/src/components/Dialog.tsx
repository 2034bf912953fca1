import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './Dialog.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: ReactNode;
  /** Escape and the close button */
  onDismiss(): void;
  /** the close button's name; without it there is no close button (a question closes by its answers) */
  closeLabel?: string;
  /** a short text under the title, read with the dialog's name */
  description?: ReactNode;
  /** the dialog's buttons, in a row under its content */
  actions?: ReactNode;
  /**
   * Where focus goes as it opens: the first control (a question, whose safe answer comes first) or
   * the dialog itself (a flow whose text is read first).
   */
  initialFocus?: 'first-control' | 'dialog';
  /** where focus goes when it closes; by default the element that had it when the dialog opened */
  returnFocusTo?(): HTMLElement | null;
  /** where focus goes when it closes if the element that opened it is gone */
  fallbackFocus?(): HTMLElement | null;
  /** small for a question, medium for a flow */
  size?: 'small' | 'medium';
  children?: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus moves into it, Tab stays inside, Escape closes it,
 * and focus returns to where it was (or to the fallback when that element has gone). Not the native
 * <dialog>: jsdom has no showModal(), so the unit tests could not see the trap or Escape work.
 */
export function Dialog({ title, onDismiss, closeLabel, description, actions, initialFocus = 'dialog', returnFocusTo, fallbackFocus, size = 'medium', children }: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const textId = `${id}-text`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnRef = useRef({ returnFocusTo, fallbackFocus });
  useEffect(() => {
    returnRef.current = { returnFocusTo, fallbackFocus };
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first = initialFocus === 'first-control' ? dialog?.querySelector<HTMLElement>(FOCUSABLE) : null;
    (first ?? dialog)?.focus();
    return () => {
      const { returnFocusTo: chosen, fallbackFocus: fallback } = returnRef.current;
      // opened on page load (back from an insurer) there was no opener but the page itself
      const target = chosen?.() ?? (opener && opener !== document.body && opener.isConnected ? opener : (fallback?.() ?? null));
      target?.focus();
    };
    // where focus goes is decided once, as the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="portal-dialog-backdrop">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? textId : undefined}
        tabIndex={-1}
        className={`portal-dialog portal-dialog--${size}`}
        onKeyDown={onKeyDown}
      >
        <div className="portal-dialog__header">
          <h2 id={titleId} className="portal-dialog__title">
            {title}
          </h2>
          {closeLabel && (
            <button type="button" className="portal-dialog__close" onClick={onDismiss} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        {description && (
          <p id={textId} className="portal-dialog__text">
            {description}
          </p>
        )}
        {children}
        {actions && <div className="portal-dialog__actions">{actions}</div>}
      </div>
    </div>
  );
}
