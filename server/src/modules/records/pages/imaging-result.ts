import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadImagingResultPage } from '../imaging';
import type { PageDeps } from './deps';

/**
 * records.imaging-result: the session's subject's imaging results of one date, audited before
 * reading; another patient's date is not found (404). IMAGING_API_STATUS=temporary-error answers
 * temporary-api-error without asking the imaging system.
 */
export const loader: PageLoaderFactory<'records.imaging-result', PageDeps> = ({ config }) => {
  const { imagingApiStatus } = config;
  return async (ctx) => {
    // the imaging system is not asked, so nothing of the patient's is read (and nothing to audit)
    if (imagingApiStatus === 'temporary-error') {
      // the session is still required, as for every logged-in loader
      patientAccess(ctx.request);
      return ok({ status: 'temporary-api-error' as const });
    }
    const date = ctx.params.date ?? '';
    const state = await auditedRead(ctx.db, patientAccess(ctx.request), 'records.imaging-result', (personId) => loadImagingResultPage(ctx.db, personId, date, ctx.lang), { date });
    return state.status === 'not-found' ? notFoundState(state) : ok(state);
  };
};
