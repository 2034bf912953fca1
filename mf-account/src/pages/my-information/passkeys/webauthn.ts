import type { PasskeyRegistrationOptions, RegistrationCredential } from '@portal/shared-api';

/**
 * The browser's side of a passkey registration, over @simplewebauthn/browser. Imported when the
 * person adds a passkey, not with My information: most visits never need it.
 */

/** Why the browser made no passkey: the person cancelled (or the time ran out), this authenticator has one already, the browser has no WebAuthn, or anything else. */
export type PasskeyFailure = 'cancelled' | 'exists' | 'unsupported' | 'failed';

export class PasskeyCeremonyError extends Error {
  constructor(readonly reason: PasskeyFailure) {
    super(`passkey ceremony: ${reason}`);
  }
}

/** Asks the browser to make a passkey with the server's options. */
export async function createPasskey(options: PasskeyRegistrationOptions): Promise<RegistrationCredential> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) throw new PasskeyCeremonyError('unsupported');
  try {
    const made = await startRegistration({ optionsJSON: options });
    return {
      id: made.id,
      rawId: made.rawId,
      type: 'public-key',
      response: {
        clientDataJSON: made.response.clientDataJSON,
        attestationObject: made.response.attestationObject,
        ...(made.response.authenticatorData ? { authenticatorData: made.response.authenticatorData } : {}),
        ...(made.response.transports ? { transports: made.response.transports } : {}),
        ...(made.response.publicKeyAlgorithm !== undefined ? { publicKeyAlgorithm: made.response.publicKeyAlgorithm } : {}),
        ...(made.response.publicKey ? { publicKey: made.response.publicKey } : {}),
      },
      ...(made.authenticatorAttachment ? { authenticatorAttachment: made.authenticatorAttachment } : {}),
      clientExtensionResults: made.clientExtensionResults.credProps ? { credProps: { ...made.clientExtensionResults.credProps } } : {},
    };
  } catch (error) {
    throw new PasskeyCeremonyError(reasonOf(error));
  }
}

function reasonOf(error: unknown): PasskeyFailure {
  const name = error instanceof Error ? error.name : '';
  // InvalidStateError: an authenticator in excludeCredentials, i.e. this device has the person's passkey already
  if (name === 'InvalidStateError') return 'exists';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'cancelled';
  return 'failed';
}
