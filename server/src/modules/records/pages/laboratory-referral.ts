import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadReferralPage } from '../referrals';
import type { PageDeps } from './deps';

/** records.laboratory-referral: one of the session's subject's laboratory referrals, audited before reading; another patient's id is not found (404). */
export const loader: PageLoaderFactory<'records.laboratory-referral', PageDeps> = () => async (ctx) => {
  const referralId = ctx.params.id ?? '';
  const state = await auditedRead(ctx.db, patientAccess(ctx.request), 'records.laboratory-referral', (personId) => loadReferralPage(ctx.db, personId, 'laboratory', referralId, ctx.lang), { referralId });
  return state.status === 'not-found' ? notFoundState(state) : ok(state);
};
