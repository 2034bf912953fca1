import { createApiClient, loadPage, logoutResponseSchema, mfaChallengeResponseSchema, type Lang } from '@portal/shared-api';

/** The POST's answer is not read (spec part 1 §7). */
const ignoreBody = { parse: () => undefined };
import type { SessionStoreState } from '@portal/shared-ui';
import type { StoreApi } from 'zustand';
import type { ShellApi } from '../app/runtime';

export interface ShellApiOptions {
  lang: Lang;
  csrfToken: string | null;
  session: StoreApi<SessionStoreState>;
  /** origin of the API; default same origin */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** The shell's calls on the shared client; every response's x-session-expires slides the session store. */
export function createShellApi({ lang, csrfToken, session, baseUrl, fetch }: ShellApiOptions): ShellApi {
  const client = createApiClient({
    ...(baseUrl ? { baseUrl } : {}),
    getCsrfToken: () => csrfToken,
    onSessionExpires: (expiresAt) => session.getState().setExpiresAt(expiresAt),
    ...(fetch ? { fetch } : {}),
  });
  return {
    async logout() {
      // the client appends ?csrfToken= to every state-changing call
      await client.post('/api/logout', logoutResponseSchema);
    },
    loadPage: (routeId, params, signal) => loadPage(client, routeId, lang, params, signal),
    async requestMfaCode(phoneNumber, signal) {
      await client.post('/api/mfa-onboarding', ignoreBody, { searchParams: { lang }, json: { phoneNumber }, ...(signal ? { signal } : {}) });
    },
    async answerMfaChallenge(challengeResponseFromUser, signal) {
      const answer = await client.put('/api/mfa-onboarding', mfaChallengeResponseSchema, {
        json: { challengeResponseFromUser },
        ...(signal ? { signal } : {}),
      });
      return answer.data.type;
    },
  };
}
