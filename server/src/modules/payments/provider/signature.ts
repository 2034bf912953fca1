import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../../util/constant-time';

/**
 * Paytrail's HMAC signatures (payment API v2, "Authentication"): the `checkout-*` headers of a
 * request or response, or the `checkout-*` query parameters of a redirect or callback, as
 * `name:value` lines sorted by name, then the body ('' when there is none), joined by '\n', under
 * HMAC with the merchant's secret, hex encoded. `checkout-algorithm` names the hash.
 */
export const signatureAlgorithms = ['sha256', 'sha512'] as const;
export type SignatureAlgorithm = (typeof signatureAlgorithms)[number];

export function isSignatureAlgorithm(value: unknown): value is SignatureAlgorithm {
  return typeof value === 'string' && (signatureAlgorithms as readonly string[]).includes(value);
}

/** The `checkout-*` entries only, lower-cased names, in name order: what the signature covers. */
function signedLines(params: Readonly<Record<string, string | undefined>>): string[] {
  return Object.entries(params)
    .map(([name, value]) => [name.toLowerCase(), value] as const)
    .filter((entry): entry is readonly [string, string] => entry[0].startsWith('checkout-') && typeof entry[1] === 'string')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value}`);
}

export function calculateSignature(
  secret: string,
  params: Readonly<Record<string, string | undefined>>,
  body = '',
  algorithm: SignatureAlgorithm = 'sha256',
): string {
  return createHmac(algorithm, secret)
    .update([...signedLines(params), body].join('\n'))
    .digest('hex');
}

/**
 * Whether `signature` signs the `checkout-*` entries of `params` (and `body`) with `secret`, compared
 * in constant time. The algorithm comes from the signed `checkout-algorithm` itself; an unknown one
 * (or none) is refused rather than defaulted, so a caller cannot pick a weaker hash.
 */
export function signatureMatches(
  secret: string,
  params: Readonly<Record<string, string | undefined>>,
  signature: string | undefined,
  body = '',
): boolean {
  const algorithm = params['checkout-algorithm'];
  if (typeof signature !== 'string' || signature.length === 0 || !isSignatureAlgorithm(algorithm)) return false;
  return constantTimeEqual(calculateSignature(secret, params, body, algorithm), signature.toLowerCase());
}

/** `params` with their `signature` added: what a provider appends to our redirect and callback URLs. */
export function signParams<T extends Record<string, string>>(secret: string, params: T): T & { signature: string } {
  const algorithm = isSignatureAlgorithm(params['checkout-algorithm']) ? params['checkout-algorithm'] : 'sha256';
  return { ...params, signature: calculateSignature(secret, params, '', algorithm) };
}
