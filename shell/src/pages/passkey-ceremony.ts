import type { AuthenticationCredential, PasskeyLoginOptions } from '@portal/shared-api';

/**
 * The browser's side of a passkey sign-in after the session expired (issue 33), over
 * @simplewebauthn/browser, imported when the person chooses a passkey: the expired-session page's
 * chunk does not carry it.
 */

/** Why no answer came: the person cancelled (or the time ran out), the browser has no WebAuthn, or anything else. */
export type PasskeyCeremonyFailure = 'cancelled' | 'unsupported' | 'failed';

export class PasskeyCeremonyError extends Error {
  constructor(readonly reason: PasskeyCeremonyFailure) {
    super(`passkey ceremony: ${reason}`);
  }
}

/** Asks the browser for a passkey's answer to the server's challenge (the browser offers the person's passkeys). */
export async function answerWithPasskey(options: PasskeyLoginOptions): Promise<AuthenticationCredential> {
  const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  try {
    const answer = await startAuthentication({ optionsJSON: options });
    return {
      id: answer.id,
      rawId: answer.rawId,
      type: 'public-key',
      response: {
        clientDataJSON: answer.response.clientDataJSON,
        authenticatorData: answer.response.authenticatorData,
        signature: answer.response.signature,
        ...(answer.response.userHandle ? { userHandle: answer.response.userHandle } : {}),
      },
      ...(answer.authenticatorAttachment ? { authenticatorAttachment: answer.authenticatorAttachment } : {}),
      clientExtensionResults: {},
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new PasskeyCeremonyError(name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'failed');
  }
}
