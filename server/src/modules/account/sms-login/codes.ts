import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/index';
import { constantTimeEqual } from '../../../util/constant-time';
import { generateCode, hashCode } from '../../mfa/index';
import { smsLoginCodes } from '../schema';

/**
 * SMS login codes (issue 12): one open code per person, stored only as the salted hash of the MFA
 * onboarding (mfa/challenges.ts), single-use, valid for `ttlSeconds`, with the wrong answers of
 * its expired session counted across codes.
 */

/**
 * Opens (or replaces) the person's code for one expired session and returns it, to be sent; only
 * its hash is kept. The wrong answers already given in that session stay counted: a new code is no
 * new set of guesses (issue 27). A code for another session starts from none.
 */
export async function openLoginCode(db: Database, personId: string, sessionId: string, ttlSeconds: number, now = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const code = generateCode();
  const salt = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const values = { personId, sessionId, codeHash: hashCode(salt, code), salt, attempts: 0, expiresAt, createdAt: now };
  await db
    .insert(smsLoginCodes)
    .values(values)
    .onConflictDoUpdate({
      target: smsLoginCodes.personId,
      set: {
        codeHash: values.codeHash,
        salt,
        attempts: sql`case when ${smsLoginCodes.sessionId} = excluded.session_id then ${smsLoginCodes.attempts} else 0 end`,
        sessionId,
        expiresAt,
        createdAt: now,
      },
    });
  return { code, expiresAt };
}

export type LoginCodeOutcome =
  | { type: 'ok' }
  | { type: 'wrong'; attemptsLeft: number }
  /** the last allowed attempt was wrong: the caller ends the expired session */
  | { type: 'too-many' }
  /** no open code: never sent, already used, expired */
  | { type: 'no-code' };

/**
 * Checks an answer given in the expired session `sessionId`. The attempt is counted atomically
 * before the comparison, so concurrent guesses never get more than `maxAttempts` tries; a right
 * answer deletes the code (single use). The count belongs to the session, not to one code: an
 * expired code's row is kept (its hash useless) so that the next code goes on counting.
 */
export async function answerLoginCode(db: Database, personId: string, sessionId: string, answer: string, maxAttempts: number, now = new Date()): Promise<LoginCodeOutcome> {
  const ofThisSession = and(eq(smsLoginCodes.personId, personId), eq(smsLoginCodes.sessionId, sessionId));
  const [row] = await db
    .update(smsLoginCodes)
    .set({ attempts: sql`${smsLoginCodes.attempts} + 1` })
    .where(and(ofThisSession, gt(smsLoginCodes.expiresAt, now), lt(smsLoginCodes.attempts, maxAttempts)))
    .returning();
  if (!row) {
    const [spent] = await db.select({ attempts: smsLoginCodes.attempts }).from(smsLoginCodes).where(ofThisSession);
    return spent && spent.attempts >= maxAttempts ? { type: 'too-many' } : { type: 'no-code' };
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(row.salt, answer), 'hex');
  if (constantTimeEqual(expected, given)) {
    // Single use: only the one request that deletes the row wins, even if two carry the right code.
    const deleted = await db
      .delete(smsLoginCodes)
      .where(and(eq(smsLoginCodes.personId, personId), eq(smsLoginCodes.codeHash, row.codeHash)))
      .returning({ personId: smsLoginCodes.personId });
    return deleted.length > 0 ? { type: 'ok' } : { type: 'no-code' };
  }
  if (row.attempts >= maxAttempts) return { type: 'too-many' };
  return { type: 'wrong', attemptsLeft: maxAttempts - row.attempts };
}

export async function deleteLoginCode(db: Database, personId: string): Promise<void> {
  await db.delete(smsLoginCodes).where(eq(smsLoginCodes.personId, personId));
}
