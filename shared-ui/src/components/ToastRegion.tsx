import { useIntl } from 'react-intl';
import { useStore } from 'zustand';
import type { Toast, ToastStore } from './toast-store';
import './ToastRegion.css';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: string): void }) {
  const intl = useIntl();
  return (
    <div className={`portal-toast portal-toast--${toast.kind}`}>
      <div className="portal-toast__content">
        <p className="portal-toast__text">{toast.text}</p>
        {toast.detail && <p className="portal-toast__detail">{toast.detail}</p>}
      </div>
      <button
        type="button"
        className="portal-toast__dismiss portal-focusable"
        aria-label={intl.formatMessage({ id: 'common.toasts.dismiss' })}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Where toasts appear. Both live regions are always in the page, so screen readers announce what is
 * added to them: errors interrupt (assertive), everything else waits its turn (polite).
 */
export function ToastRegion({ store }: { store: ToastStore }) {
  const intl = useIntl();
  const toasts = useStore(store, (state) => state.toasts);
  const dismiss = useStore(store, (state) => state.dismiss);
  const errors = toasts.filter((toast) => toast.kind === 'error');
  const others = toasts.filter((toast) => toast.kind !== 'error');
  return (
    <section className="portal-toast-region" aria-label={intl.formatMessage({ id: 'common.toasts.label' })}>
      <div className="portal-toast-region__live" role="alert" aria-live="assertive">
        {errors.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
      <div className="portal-toast-region__live" role="status" aria-live="polite">
        {others.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
}
