import { createHash, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../../util/constant-time';
import type { FastifyReply } from 'fastify';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { createPerTurnLoader } from '../../db/per-turn-loader';
import { unmaskCsrfToken } from './csrf-mask';
import { sessions } from './schema';

export const SESSION_COOKIE = 'portal_session';

export interface SessionInfo {
  id: string;
  personId: string;
  csrfToken: string;
  expiresAt: Date;
  actingForPersonId: string | null;
}

export interface IssuedSession extends SessionInfo {
  /** the cookie value; only its hash is stored */
  token: string;
}

export interface SessionService {
  /** Creates the DB session and sets the cookie on the reply (and makes it the request's session). */
  create(reply: FastifyReply, input: { personId: string; actingForPersonId?: string | null }): Promise<void>;
  /** Creates a session without a reply (tests, tools). */
  issue(input: { personId: string; actingForPersonId?: string | null }): Promise<IssuedSession>;
  /** The live session of a cookie token, sliding its expiry; null when unknown or expired. */
  resume(token: string): Promise<SessionInfo | null>;
  destroy(sessionId: string): Promise<void>;
  /** Guardian acting for a child (null: back to self). The caller checks the guardianship. */
  setActingFor(sessionId: string, personId: string | null): Promise<void>;
  csrfTokenMatches(session: SessionInfo, candidate: string | undefined): boolean;
  /** Deletes sessions that expired; returns how many. */
  purgeExpired(): Promise<number>;
  readonly timeoutMs: number;
}

/**
 * The sliding expiry moves in steps of at most this much: a session is at most this much shorter
 * than the full timeout, and the expiry toasts use the stored value, so they stay true.
 */
export const SLIDE_GRANULARITY_MS = 10_000;

/** A session's id is the SHA-256 of its cookie token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const randomToken = () => randomBytes(32).toString('base64url');

export interface SessionCookieOptions {
  secure: boolean;
}

export function cookieOptions(opts: SessionCookieOptions) {
  // No Max-Age: the server decides expiry (sliding), the browser forgets the cookie on exit.
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };
}

export function createSessionService(db: Database, timeoutMinutes: number, cookie: SessionCookieOptions): SessionService {
  const timeoutMs = timeoutMinutes * 60_000;
  const toInfo = (row: typeof sessions.$inferSelect): SessionInfo => ({
    id: row.id,
    personId: row.personId,
    csrfToken: row.csrfToken,
    expiresAt: row.expiresAt,
    actingForPersonId: row.actingForPersonId,
  });

  // Every API call starts here, and a page or a polled list sends several at once.
  // A named prepared statement: built and planned once, not for every batch.
  const selectLive = db
    .select()
    .from(sessions)
    .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`, gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('sessions_live');
  const liveSessions = createPerTurnLoader<string, typeof sessions.$inferSelect | null>(async (ids) => {
    const rows = await selectLive.execute({ ids: [...new Set(ids)], now: new Date() });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });

  const service: SessionService = {
    timeoutMs,
    async issue({ personId, actingForPersonId = null }) {
      const token = randomToken();
      const [row] = await db
        .insert(sessions)
        .values({
          id: hashToken(token),
          personId,
          csrfToken: randomToken(),
          actingForPersonId,
          expiresAt: new Date(Date.now() + timeoutMs),
        })
        .returning();
      if (!row) throw new Error('session insert returned nothing');
      return { ...toInfo(row), token };
    },
    async create(reply, input) {
      const issued = await service.issue(input);
      reply.setCookie(SESSION_COOKIE, issued.token, cookieOptions(cookie));
      const { token: _token, ...info } = issued;
      reply.request.session = info;
    },
    async resume(token) {
      if (!token || token.length > 256) return null;
      const now = new Date();
      const id = hashToken(token);
      const live = await liveSessions.load(id);
      if (!live) return null;
      // Slid within the last few seconds: reading is enough. A page that polls or fires several calls
      // at once would otherwise write (and lock) the same row on every request.
      if (live.expiresAt.getTime() - now.getTime() > timeoutMs - SLIDE_GRANULARITY_MS) return toInfo(live);
      // The statement both checks liveness again and slides, so two instances agree.
      const [row] = await db
        .update(sessions)
        .set({ expiresAt: new Date(now.getTime() + timeoutMs) })
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .returning();
      return row ? toInfo(row) : null;
    },
    async destroy(sessionId) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },
    async setActingFor(sessionId, personId) {
      await db.update(sessions).set({ actingForPersonId: personId }).where(eq(sessions.id, sessionId));
    },
    csrfTokenMatches(session, candidate) {
      if (!candidate) return false;
      // Pages carry the token masked (csrf-mask.ts); a raw one is still the token.
      if (constantTimeEqual(session.csrfToken, candidate)) return true;
      const unmasked = unmaskCsrfToken(candidate);
      return unmasked !== null && constantTimeEqual(session.csrfToken, unmasked);
    },
    async purgeExpired() {
      const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
      return deleted.length;
    },
  };
  return service;
}
