import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadLaboratoryPage } from '../laboratory';
import type { PageDeps } from './deps';

/** records.laboratory: the session's subject's laboratory results by date, audited. */
export const loader: PageLoaderFactory<'records.laboratory', PageDeps> = () => async (ctx) =>
  ok(await auditedRead(ctx.db, patientAccess(ctx.request), 'records.laboratory', (personId) => loadLaboratoryPage(ctx.db, personId, ctx.lang)));
