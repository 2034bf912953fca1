import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { patientAccess } from '../../patients/index';
import { loadRegistrationPage, WELCOME_ROUTE_ID } from '../registration/routes';
import type { PageDeps } from './deps';

/** account.welcome: the first-time welcome page, the registration page's state (registration/routes.ts loadRegistrationPage, audited). */
export const loader: PageLoaderFactory<'account.welcome', PageDeps> = () => async (ctx) =>
  ok(await loadRegistrationPage(ctx.db, patientAccess(ctx.request), WELCOME_ROUTE_ID));
