import type { PageLoaderFactory } from '../../../pages/loaders';
import { expiredSessionOf } from '../sms-login/expired-session';
import { smsLoginAvailability } from '../sms-login/routes';
import type { PageDeps } from './deps';

/**
 * expired-session (the shell's page; its loader is the account module's: tooling/route-ids-server.cjs
 * SHELL_PAGE_MODULES): how the holder of the expired session may resume it, with an SMS code
 * (sms-login/) or a passkey (the passkeys module).
 */
export const loader: PageLoaderFactory<'expired-session', PageDeps> =
  ({ app, config }) =>
  async (ctx) => {
    // "Use a passkey" is offered to the holder of the expired session only, and only when its person has one
    const expired = await expiredSessionOf(app.db, ctx.request);
    return {
      status: 200,
      state: {
        smsLogin: (await smsLoginAvailability(app, config, ctx.request)).status === 'available',
        passkey: expired ? await app.passkeys.hasAny(expired.personId) : false,
      },
    };
  };
