import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/index';
import { policyOf } from '../../../http/route-policy';
import { personById } from '../../patients/index';
import { recentlyExpiredSession, SESSION_COOKIE } from '../../sessions/index';

/**
 * How the server knows, after a session expired, whose it was (spec part 2 §2.2 "SMS code login
 * page: for users with an expired session").
 *
 * An expired session's row stays in `sessions` (it is only deleted by logout or a purge), but the
 * sessions module clears the `portal_session` cookie on the first request that finds it expired,
 * which is the very load of the session-timed-out page. So at that moment, and only for a person
 * who has SMS login on and a verified phone, or a passkey (the passkeys module), this module keeps
 * the same token in a cookie of its own, `portal_expired_session` (httpOnly, SameSite=Strict, no longer than the window below). The
 * token is worth nothing by itself: the session row is expired, and only a right SMS code turns it
 * into a new session, or the person's own passkey. Logging out deletes the row, and too many wrong codes end it for good.
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
  // the session is the sessions module's; its person's SMS login settings are read here
  const session = await recentlyExpiredSession(db, token, now, SMS_LOGIN_WINDOW_MS);
  if (!session) return null;
  const person = await personById(db, session.personId);
  if (!person) return null;
  return {
    id: session.id,
    personId: session.personId,
    expiresAt: session.expiresAt,
    smsLoginEnabled: person.mfaEnabled && !!person.phoneNumber,
    phoneNumber: person.phoneNumber,
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
 * that hook found the session cookie expired, keeps its token for SMS login or a passkey (see
 * above; `keeps` says whether this person could use either); when there is a live session, the
 * kept token is no longer needed.
 */
export function installExpiredSessionKeeper(app: FastifyInstance, opts: ExpiredSessionCookieOptions & { keeps: (expired: ExpiredSession) => Promise<boolean> }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!policyOf(request).session) return;
    const kept = request.cookies[EXPIRED_SESSION_COOKIE];
    if (request.session) {
      if (kept) forgetExpiredSession(reply, opts);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token === kept) return;
    const now = new Date();
    const expired = await findExpiredSession(app.db, token, now);
    if (!expired || !(await opts.keeps(expired))) return;
    const maxAge = Math.max(1, Math.floor((expired.expiresAt.getTime() + SMS_LOGIN_WINDOW_MS - now.getTime()) / 1000));
    reply.setCookie(EXPIRED_SESSION_COOKIE, token, { ...expiredSessionCookieOptions(opts), maxAge });
  });
}
