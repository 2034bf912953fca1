import { ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadQuestionnairesPage, QUESTIONNAIRES_ROUTE_ID } from '../questionnaires';
import type { PageDeps } from './deps';

/**
 * records.questionnaires: the session's subject's open and answered questionnaires, audited.
 * QUESTIONNAIRES_STATUS=maintenance-mode reads nothing (the page still needs a session).
 */
export const loader: PageLoaderFactory<'records.questionnaires', PageDeps> = ({ config }) => {
  const status = config.questionnairesStatus;
  return async (ctx) => {
    if (status === 'maintenance-mode') {
      // nothing is read, but the page still needs a session
      patientAccess(ctx.request);
      return ok({ status: 'maintenance-mode' as const });
    }
    return ok(await auditedRead(ctx.db, patientAccess(ctx.request), QUESTIONNAIRES_ROUTE_ID, (personId) => loadQuestionnairesPage(ctx.db, personId, ctx.lang)));
  };
};
