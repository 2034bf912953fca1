import { notFoundState, ok, type PageLoaderFactory } from '../../../pages/loaders';
import { auditedRead, patientAccess } from '../../patients/index';
import { loadQuestionnairePage, QUESTIONNAIRE_ROUTE_ID } from '../questionnaires';
import type { PageDeps } from './deps';

/**
 * records.questionnaire: one of the session's subject's questionnaire invitations, audited before
 * reading; anything else is not found (404). QUESTIONNAIRES_STATUS=maintenance-mode reads nothing.
 */
export const loader: PageLoaderFactory<'records.questionnaire', PageDeps> = ({ config }) => {
  const status = config.questionnairesStatus;
  return async (ctx) => {
    if (status === 'maintenance-mode') {
      // nothing is read, but the page still needs a session
      patientAccess(ctx.request);
      return ok({ status: 'maintenance-mode' as const });
    }
    const invitationId = ctx.params.id ?? '';
    const state = await auditedRead(ctx.db, patientAccess(ctx.request), QUESTIONNAIRE_ROUTE_ID, (personId) => loadQuestionnairePage(ctx.db, personId, invitationId, ctx.lang), { invitationId });
    return state.status === 'ok' ? ok(state) : notFoundState(state);
  };
};
