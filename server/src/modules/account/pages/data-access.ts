import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { patientAccess } from '../../patients/index';
import { loadDataAccessPage } from '../data-access/routes';
import type { PageDeps } from './deps';

/** account.data-access: the access log's first page of the session's subject (data-access/routes.ts loadDataAccessPage, audited). */
export const loader: PageLoaderFactory<'account.data-access', PageDeps> = () => async (ctx) => ok(await loadDataAccessPage(ctx.db, patientAccess(ctx.request)));
