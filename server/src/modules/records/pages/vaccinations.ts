import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadVaccinationsPage, VACCINATIONS_ROUTE_ID } from '../vaccinations';
import type { PageDeps } from './deps';

/** records.vaccinations: the session's subject only (the child when a guardian acts for one), audited. */
export const loader: PageLoaderFactory<'records.vaccinations', PageDeps> = () => async (ctx) =>
  ok(await auditedRead(ctx.db, patientAccess(ctx.request), VACCINATIONS_ROUTE_ID, (personId) => loadVaccinationsPage(ctx.db, personId, ctx.lang)));
