import { randomInt } from 'node:crypto';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ALPHANUMERIC = `${LETTERS}23456789`;

/**
 * A new appointment's link token (docs/product-decisions.md, "Paths"): 24 letters and digits, the first a letter
 * so the token never reads as a signed-in numeric id; about 140 bits, unguessable.
 */
export function newLinkToken(): string {
  let token = LETTERS.charAt(randomInt(LETTERS.length));
  while (token.length < 24) token += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return token;
}
