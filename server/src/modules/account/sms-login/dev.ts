import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../../http/errors';
import { setSessionExpiry } from '../../sessions/index';

/** Development only: ends the caller's own session now, as if its 30 minutes had passed. */
export const DEV_EXPIRE_SESSION_PATH = '/api/dev/expire-session';

/**
 * For testers and the e2e tests of SMS login (APP_ENV=development only; absent otherwise): the
 * caller's own session expires now, its row kept as expiry keeps it, so the session-timed-out page
 * and SMS login can be tried without waiting half an hour. It can only shorten the caller's own
 * session (CSRF-protected like every state change), never touch anyone else's.
 */
export function installDevSessionExpiry(app: FastifyInstance): void {
  if (app.config.environment !== 'development') return;
  const requireSession = async (request: FastifyRequest) => {
    if (!request.session) throw unauthorized();
  };
  app.post(DEV_EXPIRE_SESSION_PATH, { preValidation: requireSession }, async (request) => {
    const session = request.session;
    if (!session) throw unauthorized();
    const expiresAt = new Date(Date.now() - 1000);
    await setSessionExpiry(app.db, session.id, expiresAt);
    // the answer's x-session-expires tells the shell at once
    request.session = { ...session, expiresAt };
    return { type: 'success' as const };
  });
}
