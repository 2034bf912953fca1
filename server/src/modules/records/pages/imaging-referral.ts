import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadReferralPage } from '../referrals';
import type { PageDeps } from './deps';

/** records.imaging-referral: one of the session's subject's imaging referrals, audited before reading; another patient's id is not found (404). */
export const loader: PageLoaderFactory<'records.imaging-referral', PageDeps> = () => async (ctx) => {
  const referralId = ctx.params.id ?? '';
  const state = await auditedRead(ctx.db, patientAccess(ctx.request), 'records.imaging-referral', (personId) => loadReferralPage(ctx.db, personId, 'imaging', referralId, ctx.lang), { referralId });
  return state.status === 'not-found' ? notFoundState(state) : ok(state);
};
