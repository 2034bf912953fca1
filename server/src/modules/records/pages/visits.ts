import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadVisitsPage } from '../visits';
import type { PageDeps } from './deps';

/** records.visits: the session's subject's visits (the child when a guardian acts for one), audited. */
export const loader: PageLoaderFactory<'records.visits', PageDeps> = () => async (ctx) =>
  ok(await auditedRead(ctx.db, patientAccess(ctx.request), 'records.visits', (personId) => loadVisitsPage(ctx.db, personId, ctx.lang)));
