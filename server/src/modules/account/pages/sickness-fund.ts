import { SICKNESS_FUND_MEMBER_FEATURE } from '@portal/shared-api';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { patientAccess } from '../../patients/index';
import { sicknessFundInfo } from '../team/sickness-fund';
import type { PageDeps } from './deps';

/**
 * account.sickness-fund is for members only: the signed-in person's feature
 * is-finnair-sickness-fund-member (the same test as the side menu's); the environment feature
 * sickness-fund-page already decides whether the route exists at all. OCCUPATIONAL_API_STATUS=temporary-error
 * answers temporary-api-error.
 */
export const loader: PageLoaderFactory<'account.sickness-fund', PageDeps> = ({ config }) => {
  const apiDown = config.occupationalApiStatus === 'temporary-error';
  return async (ctx) => {
    // a signed-in page: no session, no answer (the page route sends anonymous callers to log in first)
    patientAccess(ctx.request);
    if (apiDown) return ok({ status: 'temporary-api-error' as const });
    if (!ctx.features.includes(SICKNESS_FUND_MEMBER_FEATURE)) return ok({ status: 'not-member' as const });
    return ok({ status: 'ok' as const, fund: sicknessFundInfo });
  };
};
