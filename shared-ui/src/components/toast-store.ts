import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ToastApi, ToastInput } from '../shell-context';

/** Spec part 1 §9: toasts close by themselves after 10 s unless a toast says otherwise. */
export const DEFAULT_TOAST_DURATION_MS = 10_000;

export interface Toast extends ToastInput {
  id: string;
  durationMs: number;
}

export interface ToastState extends ToastApi {
  /** oldest first */
  toasts: readonly Toast[];
  show(toast: ToastInput): string;
  dismiss(id: string): void;
  dismissAll(): void;
}

export type ToastStore = StoreApi<ToastState>;

/**
 * The shell's toast queue. `store.getState()` is the ToastApi remotes receive in the shell context.
 * Auto-dismiss timers live here, not in the region, so a toast also expires while no region is mounted.
 */
export function createToastStore(options: { defaultDurationMs?: number } = {}): ToastStore {
  const defaultDurationMs = options.defaultDurationMs ?? DEFAULT_TOAST_DURATION_MS;
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let nextId = 1;

  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show(input) {
      const id = `toast-${nextId++}`;
      const toast: Toast = { ...input, id, durationMs: input.durationMs ?? defaultDurationMs };
      set((state) => ({ toasts: [...state.toasts, toast] }));
      if (Number.isFinite(toast.durationMs) && toast.durationMs > 0) {
        timers.set(id, setTimeout(() => get().dismiss(id), toast.durationMs));
      }
      return id;
    },
    dismiss(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
    },
    dismissAll() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      set({ toasts: [] });
    },
  }));
}
