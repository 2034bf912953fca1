import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/index';
import { policyOf } from '../../../http/route-policy';
import { people } from '../../patients/schema';
import { sessions } from '../../sessions/schema';
import { hashToken, SESSION_COOKIE } from '../../sessions/service';

/**
 * How the server knows, after a session expired, whose it was (spec part 2 §2.2 "SMS code login
 * page: for users with an expired session").
 *
 * An expired session's row stays in `sessions` (it is only deleted by logout or a purge), but the
 * sessions module clears the `portal_session` cookie on the first request that finds it expired,
 * which is the very load of the session-timed-out page. So at that moment, and only for a person
 * who has SMS login on and a verified phone, this module keeps the same token in a cookie of its
 * own, `portal_expired_session` (httpOnly, SameSite=Strict, no longer than the window below). The
 * token is worth nothing by itself: the session row is expired, and only a right SMS code turns it
 * into a new session. Logging out deletes the row, and too many wrong codes end it for good.
 */
export const EXPIRED_SESSION_COOKIE = 'portal_expired_session';

/** How long after expiry SMS login may resume a session; later, only bank login. */
export const SMS_LOGIN_WINDOW_MS = 8 * 60 * 60 * 1000;

export interface ExpiredSession {
  /** the session row's id (hash of the token) */
  id: string;
  personId: string;
  expiresAt: Date;
  /** the person has SMS login on and a phone it was verified with */
  smsLoginEnabled: boolean;
  phoneNumber: string | null;
}

/** The expired (not live, not too old) session of a token, with its person's SMS login settings. */
export async function findExpiredSession(db: Database, token: string, now = new Date()): Promise<ExpiredSession | null> {
  if (!token || token.length > 256) return null;
  const [row] = await db
    .select({
      id: sessions.id,
      personId: sessions.personId,
      expiresAt: sessions.expiresAt,
      mfaEnabled: people.mfaEnabled,
      phoneNumber: people.phoneNumber,
    })
    .from(sessions)
    .innerJoin(people, eq(people.id, sessions.personId))
    .where(and(eq(sessions.id, hashToken(token)), lte(sessions.expiresAt, now), gt(sessions.expiresAt, new Date(now.getTime() - SMS_LOGIN_WINDOW_MS))));
  if (!row) return null;
  return {
    id: row.id,
    personId: row.personId,
    expiresAt: row.expiresAt,
    smsLoginEnabled: row.mfaEnabled && !!row.phoneNumber,
    phoneNumber: row.phoneNumber,
  };
}

export interface ExpiredSessionCookieOptions {
  secure: boolean;
}

export function expiredSessionCookieOptions(opts: ExpiredSessionCookieOptions) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: opts.secure };
}

/**
 * The expired session this request brings: its own cookie, or a `portal_session` cookie that is no
 * longer live (a request on a route that does not read sessions still carries it).
 */
export async function expiredSessionOf(db: Database, request: FastifyRequest, now = new Date()): Promise<ExpiredSession | null> {
  const candidates = [request.cookies[EXPIRED_SESSION_COOKIE], request.session ? undefined : request.cookies[SESSION_COOKIE]];
  for (const token of candidates) {
    if (!token) continue;
    const found = await findExpiredSession(db, token, now);
    if (found) return found;
  }
  return null;
}

export function forgetExpiredSession(reply: FastifyReply, opts: ExpiredSessionCookieOptions): void {
  reply.clearCookie(EXPIRED_SESSION_COOKIE, expiredSessionCookieOptions(opts));
}

/**
 * Runs after the sessions module's own onRequest hook (installed earlier, so it ran first): when
 * that hook found the session cookie expired, keeps its token for SMS login (see above); when there
 * is a live session, the kept token is no longer needed.
 */
export function installExpiredSessionKeeper(app: FastifyInstance, opts: ExpiredSessionCookieOptions & { enabled: () => boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!opts.enabled() || !policyOf(request).session) return;
    const kept = request.cookies[EXPIRED_SESSION_COOKIE];
    if (request.session) {
      if (kept) forgetExpiredSession(reply, opts);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token === kept) return;
    const now = new Date();
    const expired = await findExpiredSession(app.db, token, now);
    if (!expired?.smsLoginEnabled) return;
    const maxAge = Math.max(1, Math.floor((expired.expiresAt.getTime() + SMS_LOGIN_WINDOW_MS - now.getTime()) / 1000));
    reply.setCookie(EXPIRED_SESSION_COOKIE, token, { ...expiredSessionCookieOptions(opts), maxAge });
  });
}
