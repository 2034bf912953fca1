import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { patientAccess } from '../../patients/index';
import { loadRegistrationPage, REGISTRATION_ROUTE_ID } from '../registration/routes';
import type { PageDeps } from './deps';

/** account.registration: the registration form of the session's subject (registration/routes.ts loadRegistrationPage, audited). */
export const loader: PageLoaderFactory<'account.registration', PageDeps> = () => async (ctx) =>
  ok(await loadRegistrationPage(ctx.db, patientAccess(ctx.request), REGISTRATION_ROUTE_ID));
