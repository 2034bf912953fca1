import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { CERTIFICATES_ROUTE_ID, loadCertificatesPage } from '../certificates';
import type { PageDeps } from './deps';

/** records.certificates: the session's subject only (the child when a guardian acts for one), audited. */
export const loader: PageLoaderFactory<'records.certificates', PageDeps> = () => async (ctx) =>
  ok(await auditedRead(ctx.db, patientAccess(ctx.request), CERTIFICATES_ROUTE_ID, (personId) => loadCertificatesPage(ctx.db, personId, ctx.lang)));
