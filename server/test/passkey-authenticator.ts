import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationCredential, PasskeyLoginOptions, PasskeyRegistrationOptions, RegistrationCredential } from '@portal/shared-api';

/**
 * A software authenticator for the passkey tests (issue 33): makes ES256 credentials and signs
 * sign-ins the way a platform authenticator does (attestation `none`, user present and verified),
 * with every part a test may spoil: the origin, the counter, the user verification flag.
 */

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function uint32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface SoftCredential {
  id: string;
  userHandle: string;
  rpId: string;
  privateKey: KeyObject;
  counter: number;
}

export interface Spoil {
  origin?: string;
  rpId?: string;
  /** the counter to sign with (default: one more than the last) */
  counter?: number;
  userVerified?: boolean;
  type?: string;
  challenge?: string;
}

function cosePublicKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const x = isoBase64URL.toBuffer(jwk.x ?? '');
  const y = isoBase64URL.toBuffer(jwk.y ?? '');
  // kty EC2, alg ES256, crv P-256, x, y
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );
}

/** Answers navigator.credentials.create with a new credential. */
export function createCredential(options: PasskeyRegistrationOptions, origin: string, spoil: Spoil = {}): { credential: RegistrationCredential; made: SoftCredential } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentialId = new Uint8Array(randomBytes(16));
  const rpId = spoil.rpId ?? options.rp.id;
  const clientDataJSON = JSON.stringify({ type: spoil.type ?? 'webauthn.create', challenge: spoil.challenge ?? options.challenge, origin: spoil.origin ?? origin, crossOrigin: false });
  const flags = FLAG_UP | FLAG_AT | (spoil.userVerified === false ? 0 : FLAG_UV);
  const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
  const authData = concat(sha256(rpId), new Uint8Array([flags]), uint32(0), new Uint8Array(16), idLength, credentialId, cosePublicKey(publicKey));
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authData],
    ]),
  );
  const id = b64(credentialId);
  return {
    credential: {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64(new TextEncoder().encode(clientDataJSON)), attestationObject: b64(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    },
    made: { id, userHandle: options.user.id, rpId: options.rp.id, privateKey, counter: 0 },
  };
}

/** Answers navigator.credentials.get with `made`, counting up its counter unless told otherwise. */
export function signIn(options: PasskeyLoginOptions, made: SoftCredential, origin: string, spoil: Spoil = {}): AuthenticationCredential {
  const counter = spoil.counter ?? made.counter + 1;
  made.counter = Math.max(made.counter, counter);
  const flags = FLAG_UP | (spoil.userVerified === false ? 0 : FLAG_UV);
  const authData = concat(sha256(spoil.rpId ?? options.rpId), new Uint8Array([flags]), uint32(counter));
  const clientDataJSON = new TextEncoder().encode(JSON.stringify({ type: spoil.type ?? 'webauthn.get', challenge: spoil.challenge ?? options.challenge, origin: spoil.origin ?? origin, crossOrigin: false }));
  const signature = createSign('sha256').update(concat(authData, sha256(clientDataJSON))).sign(made.privateKey);
  return {
    id: made.id,
    rawId: made.id,
    type: 'public-key',
    response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(new Uint8Array(signature)), userHandle: made.userHandle },
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
  };
}
