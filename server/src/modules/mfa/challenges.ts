import { createHash, randomBytes, randomInt } from 'node:crypto';
import { constantTimeEqual } from '../../util/constant-time';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { MfaChallengeOutcome } from '@portal/shared-api';
import { MFA_CODE_LENGTH } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { enableSmsLogin } from '../patients/index';
import { mfaChallenges } from './schema';

/** A code is valid for 5 minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The third wrong answer ends the challenge. */
export const MAX_WRONG_ATTEMPTS = 3;

/** The salted hash a code is stored as (also used by the account module's SMS login codes). */
export function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** MFA_CODE_LENGTH)).padStart(MFA_CODE_LENGTH, '0');
}

/** Opens (or replaces) the person's challenge; only the code's salted hash is stored. */
export async function openChallenge(db: Database, input: { personId: string; phoneNumber: string; code: string; now?: Date }): Promise<void> {
  const now = input.now ?? new Date();
  const salt = randomBytes(16).toString('hex');
  const values = {
    personId: input.personId,
    phoneNumber: input.phoneNumber,
    codeHash: hashCode(salt, input.code),
    salt,
    attempts: 0,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    createdAt: now,
  };
  await db
    .insert(mfaChallenges)
    .values(values)
    .onConflictDoUpdate({
      target: mfaChallenges.personId,
      set: { phoneNumber: values.phoneNumber, codeHash: values.codeHash, salt, attempts: 0, expiresAt: values.expiresAt, createdAt: now },
    });
}

/**
 * Checks an answer. The attempt is counted atomically before the comparison, so concurrent guesses
 * never get more than MAX_WRONG_ATTEMPTS tries. No open challenge (none asked, expired, used up) →
 * too-many-mfa-attempts: the person has to start again later.
 */
export async function answerChallenge(db: Database, personId: string, answer: string, now = new Date()): Promise<MfaChallengeOutcome> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(and(eq(mfaChallenges.personId, personId), gt(mfaChallenges.expiresAt, now), lt(mfaChallenges.attempts, MAX_WRONG_ATTEMPTS)))
    .returning();
  if (!row) {
    await db.delete(mfaChallenges).where(eq(mfaChallenges.personId, personId));
    return 'too-many-mfa-attempts';
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.salt, answer), 'hex');
  if (constantTimeEqual(expected, given)) {
    await db.transaction(async (tx) => {
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.personId, personId));
      // SMS login goes to the number just verified (kept as written when only spacing differs)
      await enableSmsLogin(tx, personId, row.phoneNumber);
    });
    return 'mfa-ok';
  }
  if (row.attempts >= MAX_WRONG_ATTEMPTS) {
    await db.delete(mfaChallenges).where(eq(mfaChallenges.personId, personId));
    return 'too-many-mfa-attempts';
  }
  return 'mfa-challenge-failed';
}

/** Whether the person has a code sent and not yet expired: the MFA status says they are enabling SMS login. */
export async function hasOpenChallenge(db: Database, personId: string, now: Date): Promise<boolean> {
  const [challenge] = await db
    .select({ personId: mfaChallenges.personId })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.personId, personId), gt(mfaChallenges.expiresAt, now)));
  return challenge !== undefined;
}

/** Forgets the person's open challenges (SMS login turned off); `db` may be a transaction. */
export async function clearChallenges(db: Database, personId: string): Promise<void> {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.personId, personId));
}
