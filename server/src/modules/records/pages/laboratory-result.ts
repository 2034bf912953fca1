import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadLaboratoryResultPage } from '../laboratory';
import type { PageDeps } from './deps';

/**
 * records.laboratory-result: the session's subject's laboratory results of one date (the child when
 * a guardian acts for one), audited before reading; another patient's date is not found (404).
 */
export const loader: PageLoaderFactory<'records.laboratory-result', PageDeps> = () => async (ctx) => {
  const date = ctx.params.date ?? '';
  const state = await auditedRead(ctx.db, patientAccess(ctx.request), 'records.laboratory-result', (personId) => loadLaboratoryResultPage(ctx.db, personId, date, ctx.lang), { date });
  return state.status === 'not-found' ? notFoundState(state) : ok(state);
};
