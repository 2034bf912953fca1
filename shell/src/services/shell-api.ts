import {
  ACCESSIBILITY_FEEDBACK_PATH,
  loadPage,
  logoutResponseSchema,
  mfaChallengeResponseSchema,
  PASSKEY_LOGIN_OPTIONS_PATH,
  PASSKEY_LOGIN_PATH,
  passkeyLoginOptionsResponseSchema,
  passkeyLoginResponseSchema,
  type ApiClient,
  type Lang,
} from '@portal/shared-api';
import type { ShellApi } from '../app/runtime';

/** The POST's answer is not read (spec part 1 §7). */
const ignoreBody = { parse: () => undefined };

export interface ShellApiOptions {
  lang: Lang;
  /** the session's REST client (createSessionClients), the one the remotes use too */
  client: ApiClient;
}

/** The shell's own calls, on the session's client. */
export function createShellApi({ lang, client }: ShellApiOptions): ShellApi {
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
    async sendAccessibilityFeedback(feedback, signal) {
      // the answer (its id) is not shown; the client appends ?csrfToken= when there is a session
      await client.post(ACCESSIBILITY_FEEDBACK_PATH, ignoreBody, { searchParams: { lang }, json: feedback, ...(signal ? { signal } : {}) });
    },
    async passkeyLoginOptions(signal) {
      return (await client.post(PASSKEY_LOGIN_OPTIONS_PATH, passkeyLoginOptionsResponseSchema, signal ? { signal } : {})).options;
    },
    async passkeyLogin(credential, next, signal) {
      const answer = await client.post(PASSKEY_LOGIN_PATH, passkeyLoginResponseSchema, { json: { credential, next }, ...(signal ? { signal } : {}) });
      return answer.next;
    },
  };
}
