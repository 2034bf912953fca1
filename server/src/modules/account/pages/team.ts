import { helsinkiToday } from '@portal/shared-i18n';
import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadTeamPage, TEAM_ROUTE_ID } from '../team/team';
import type { PageDeps } from './deps';

/**
 * account.team (spec part 2 §2.2, §2.4, §6, §8): the session's subject's occupational health team,
 * audited; OCCUPATIONAL_API_STATUS=temporary-error answers temporary-api-error without reading
 * anything (the API behind it is down).
 */
export const loader: PageLoaderFactory<'account.team', PageDeps> = ({ config }) => {
  const apiDown = config.occupationalApiStatus === 'temporary-error';
  return async (ctx) => {
    const access = patientAccess(ctx.request);
    if (apiDown) return ok({ status: 'temporary-api-error' as const });
    return ok(await auditedRead(ctx.db, access, TEAM_ROUTE_ID, (personId) => loadTeamPage(ctx.db, personId, helsinkiToday())));
  };
};
