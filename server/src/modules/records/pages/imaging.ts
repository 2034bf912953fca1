import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadImagingPage } from '../imaging';
import type { PageDeps } from './deps';

/** records.imaging: the session's subject's imaging results by date, audited. */
export const loader: PageLoaderFactory<'records.imaging', PageDeps> = () => async (ctx) =>
  ok(await auditedRead(ctx.db, patientAccess(ctx.request), 'records.imaging', (personId) => loadImagingPage(ctx.db, personId, ctx.lang)));
