import { randomBytes } from 'node:crypto';

/**
 * The csrfToken as a page carries it: a fresh random pad and the token XOR that pad, so the same
 * session's token reads differently in every response. A compressed page's size then says nothing
 * about the token, however much of the page an attacker controls (the BREACH attack reads a
 * secret that repeats across responses through their compressed sizes). Django and Rails mask
 * their CSRF tokens the same way.
 */
export function maskCsrfToken(token: string): string {
  const secret = Buffer.from(token, 'utf8');
  const pad = randomBytes(secret.length);
  const masked = Buffer.alloc(secret.length);
  for (let i = 0; i < secret.length; i += 1) masked[i] = secret[i]! ^ pad[i]!;
  return Buffer.concat([pad, masked]).toString('base64url');
}

/**
 * The token a masked value stands for, or null when the value is no masked token (a raw token,
 * which tests and older pages send, is compared as it is by the caller).
 */
export function unmaskCsrfToken(candidate: string): string | null {
  if (!/^[\w-]+$/.test(candidate)) return null;
  const bytes = Buffer.from(candidate, 'base64url');
  if (bytes.length === 0 || bytes.length % 2 !== 0) return null;
  const half = bytes.length / 2;
  const secret = Buffer.alloc(half);
  for (let i = 0; i < half; i += 1) secret[i] = bytes[i]! ^ bytes[half + i]!;
  return secret.toString('utf8');
}
