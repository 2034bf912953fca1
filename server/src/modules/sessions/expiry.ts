import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { sessions } from './schema';
import { hashToken } from './service';

/**
 * The session of `token` when it expired at most `windowMs` before `now` (it is no longer live): SMS
 * code login (the account module) lets its person back in. Its row stays until logout or a purge.
 */
export async function recentlyExpiredSession(db: Database, token: string, now: Date, windowMs: number): Promise<{ id: string; personId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ id: sessions.id, personId: sessions.personId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(token)), lte(sessions.expiresAt, now), gt(sessions.expiresAt, new Date(now.getTime() - windowMs))));
  return row ?? null;
}

/** Moves the session's expiry (the development-only "expire my session now" of the account module). */
export async function setSessionExpiry(db: Database, sessionId: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
}
