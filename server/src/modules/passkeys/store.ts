import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Passkey } from '@portal/shared-api';
import type { Database } from '../../db/index';
import { passkeyChallenges, passkeys } from './schema';

/** The queries of the passkeys module: credentials and their single-use challenges. */

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

const toPasskey = (row: Pick<PasskeyRow, 'id' | 'name' | 'createdAt' | 'lastUsedAt'>): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Database, personId: string): Promise<Passkey[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.personId, personId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

export async function hasPasskey(db: Database, personId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.personId, personId)).limit(1);
  return row !== undefined;
}

/** The credentials a new registration must not repeat (excludeCredentials), and the person's user handle if they have one. */
export async function credentialsOf(db: Database, personId: string): Promise<Pick<PasskeyRow, 'credentialId' | 'transports' | 'userHandle'>[]> {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports, userHandle: passkeys.userHandle })
    .from(passkeys)
    .where(eq(passkeys.personId, personId));
}

export async function findByCredentialId(db: Database, credentialId: string): Promise<PasskeyRow | null> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

/** Null when the credential is registered already (to anyone): a credential belongs to one person. */
export async function insertPasskey(
  db: Database,
  values: Pick<PasskeyRow, 'personId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'userHandle' | 'name'>,
): Promise<Passkey | null> {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return row ? toPasskey(row) : null;
}

/** Removes one of the person's passkeys; false when they have none of that id. */
export async function deletePasskey(db: Database, personId: string, passkeyId: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.personId, personId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}

/**
 * Records a sign-in: the new counter and the time. Only when the stored counter is still the one the
 * check was made against, so two concurrent sign-ins with one answer cannot both pass the counter
 * check; false when another got there first.
 */
export async function recordUse(db: Database, row: Pick<PasskeyRow, 'id' | 'signCount'>, newCount: number, now: Date): Promise<boolean> {
  const updated = await db
    .update(passkeys)
    .set({ signCount: newCount, lastUsedAt: now })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.signCount, row.signCount)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

/** How many unanswered challenges one session may hold: asking again and again gives no pile of rows. */
const OPEN_CHALLENGES_PER_SESSION = 5;

export async function openChallenge(
  db: Database,
  values: { challenge: string; purpose: ChallengePurpose; personId: string; sessionId: string; userHandle?: string; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  // expired ones go first, everyone's: they are never answered
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
  await db.execute(sql`
    delete from ${passkeyChallenges}
    where ${passkeyChallenges.sessionId} = ${values.sessionId}
      and ${passkeyChallenges.challenge} not in (
        select ${passkeyChallenges.challenge} from ${passkeyChallenges}
        where ${passkeyChallenges.sessionId} = ${values.sessionId}
        order by ${passkeyChallenges.expiresAt} desc limit ${OPEN_CHALLENGES_PER_SESSION - 1}
      )`);
  await db.insert(passkeyChallenges).values(values);
}

/**
 * Takes a challenge for answering: only the one request that deletes the row gets it (single use),
 * and only while it is valid, for the purpose and session it was opened for. Null otherwise.
 */
export async function consumeChallenge(
  db: Database,
  challenge: string,
  expected: { purpose: ChallengePurpose; personId: string; sessionId: string },
  now = new Date(),
): Promise<{ userHandle: string | null } | null> {
  const [taken] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, expected.purpose),
        eq(passkeyChallenges.personId, expected.personId),
        eq(passkeyChallenges.sessionId, expected.sessionId),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ userHandle: passkeyChallenges.userHandle });
  return taken ?? null;
}
