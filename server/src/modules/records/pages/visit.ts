import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { visitPage } from '../visits';
import type { PageDeps } from './deps';

/** records.visit: one of the session's subject's visits, audited; another patient's id is not found (404). */
export const loader: PageLoaderFactory<'records.visit', PageDeps> = () => async (ctx) => {
  const visitId = ctx.params.id ?? '';
  const state = await auditedRead(ctx.db, patientAccess(ctx.request), 'records.visit', (personId) => visitPage(ctx.db, personId, visitId, ctx.lang), { visitId });
  return state.status === 'ok' ? ok(state) : notFoundState(state);
};
