import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string | Uint8Array) => createHash('sha256').update(value).digest();

/**
 * Whether two secrets (tokens, signatures, code hashes) are equal, in time that does not depend
 * on where they first differ, nor on the length of either: both are hashed first, so
 * timingSafeEqual always compares 32 bytes and never throws on a length mismatch.
 */
export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
