import { randomBytes } from 'node:crypto';
import {
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationCredential,
  PasskeyLoginOptions,
  PasskeyRegistrationOptions,
  RegistrationCredential,
} from '@portal/shared-api';

/**
 * The WebAuthn ceremonies (issue 33), over @simplewebauthn/server: the options the browser passes
 * to navigator.credentials, and the checks of the authenticator's answer. Both ceremonies require
 * user verification (the device's PIN or biometrics): a passkey stands in for bank identification
 * after expiry, so possession alone is not enough.
 */

/** Where the portal is: the RP ID (its host name) and the one origin a passkey answers for. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name, origin: url.origin };
}

/** How long the browser and the person have to answer a ceremony; the challenge lives as long. */
export const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

/** ES256 and RS256, what every platform authenticator offers (EdDSA too where there is one). */
const ALGORITHMS = [-8, -7, -257];

export const newChallenge = () => isoBase64URL.fromBuffer(randomBytes(32));
export const newUserHandle = () => isoBase64URL.fromBuffer(randomBytes(32));

const TRANSPORTS: readonly AuthenticatorTransport[] = ['ble', 'hybrid', 'internal', 'nfc', 'usb'];
export const knownTransports = (transports: readonly string[] | undefined): AuthenticatorTransport[] =>
  (transports ?? []).flatMap((t) => TRANSPORTS.filter((known) => known === t));

export function registrationOptions(input: {
  rp: RelyingParty;
  challenge: string;
  userHandle: string;
  userName: string;
  exclude: readonly { credentialId: string; transports: readonly string[] }[];
}): PasskeyRegistrationOptions {
  return {
    challenge: input.challenge,
    rp: { name: input.rp.name, id: input.rp.id },
    user: { id: input.userHandle, name: input.userName, displayName: input.userName },
    pubKeyCredParams: ALGORITHMS.map((alg) => ({ alg, type: 'public-key' as const })),
    timeout: CEREMONY_TIMEOUT_MS,
    attestation: 'none',
    excludeCredentials: input.exclude.map((c) => ({ id: c.credentialId, type: 'public-key' as const, transports: knownTransports(c.transports) })),
    // A discoverable credential: the sign-in after expiry names no credentials, the browser offers the person's own.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  };
}

export function loginOptions(rp: RelyingParty, challenge: string): PasskeyLoginOptions {
  return { challenge, rpId: rp.id, timeout: CEREMONY_TIMEOUT_MS, userVerification: 'required' };
}

/** The challenge the browser signed, read from its clientDataJSON; null when that is not client data. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = decodeClientDataJSON(clientDataJSON);
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return null;
    const { challenge } = data;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Checks a registration answer: the challenge, the origin, the RP ID, user verification, the attestation's signature. */
export async function verifyRegistration(
  rp: RelyingParty,
  challenge: string,
  credential: RegistrationCredential,
): Promise<Verdict<{ credentialId: string; publicKey: string; signCount: number; transports: AuthenticatorTransport[] }>> {
  try {
    const result = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, reason: 'not verified' };
    const { credential: made } = result.registrationInfo;
    return {
      ok: true,
      value: {
        credentialId: made.id,
        publicKey: isoBase64URL.fromBuffer(made.publicKey),
        signCount: made.counter,
        transports: knownTransports(credential.response.transports),
      },
    };
  } catch (error) {
    // the library throws on every failed check; its message names the check, never a secret
    return { ok: false, reason: error instanceof Error ? error.message : 'unreadable' };
  }
}

/**
 * Checks a sign-in answer against the stored credential: the challenge, the origin, the RP ID, user
 * verification, the signature, and the signature counter (a counter that does not grow, where the
 * authenticator keeps one, means a cloned authenticator: refused).
 */
export async function verifyLogin(
  rp: RelyingParty,
  challenge: string,
  credential: AuthenticationCredential,
  stored: { credentialId: string; publicKey: string; signCount: number; transports: readonly string[] },
): Promise<Verdict<{ newSignCount: number }>> {
  const webAuthnCredential: WebAuthnCredential = {
    id: stored.credentialId,
    publicKey: isoBase64URL.toBuffer(stored.publicKey),
    counter: stored.signCount,
    transports: knownTransports(stored.transports),
  };
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: webAuthnCredential,
      requireUserVerification: true,
    });
    if (!result.verified) return { ok: false, reason: 'not verified' };
    return { ok: true, value: { newSignCount: result.authenticationInfo.newCounter } };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : 'unreadable' };
  }
}
