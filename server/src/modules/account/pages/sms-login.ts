import type { PageLoaderFactory } from '../../../pages/loaders';
import { smsLoginAvailability } from '../sms-login/routes';
import type { PageDeps } from './deps';

/** account.sms-login: whether the request's expired session could be resumed with an SMS code (sms-login/routes.ts). */
export const loader: PageLoaderFactory<'account.sms-login', PageDeps> =
  ({ app, config }) =>
  async (ctx) => ({ status: 200, state: await smsLoginAvailability(app, config, ctx.request) });
