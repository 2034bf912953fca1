import type { SessionStoreState } from '@portal/shared-ui';
import { createStore, type StoreApi } from 'zustand';

export function createSessionStore(expiresAt: string | null): StoreApi<SessionStoreState> {
  return createStore<SessionStoreState>()((set) => ({
    expiresAt,
    setExpiresAt: (next) => set({ expiresAt: next }),
  }));
}
