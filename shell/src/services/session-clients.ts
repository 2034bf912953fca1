import { createApiClient, createMessagingClient, type ApiClient, type MessagingClient } from '@portal/shared-api';
import type { SessionStoreState } from '@portal/shared-ui';
import type { StoreApi } from 'zustand';

export interface SessionClientsOptions {
  csrfToken: string | null;
  session: StoreApi<SessionStoreState>;
  /** origin of the API; default same origin */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export interface SessionClients {
  api: ApiClient;
  messaging: MessagingClient;
}

/**
 * The page's REST and messaging clients, made once by the shell and handed to every remote in its
 * context: the session's csrfToken on state-changing calls, and every answer's x-session-expires
 * slides the session store (so the expiry warnings stay true whoever made the call).
 */
export function createSessionClients({ csrfToken, session, baseUrl, fetch }: SessionClientsOptions): SessionClients {
  const options = {
    ...(baseUrl ? { baseUrl } : {}),
    ...(fetch ? { fetch } : {}),
    getCsrfToken: () => csrfToken,
    onSessionExpires: (expiresAt: string) => session.getState().setExpiresAt(expiresAt),
  };
  return { api: createApiClient(options), messaging: createMessagingClient(options) };
}
