import { useParams } from 'react-router-dom';
import { questionnairePageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const QUESTIONNAIRE_ROUTE_ID = 'records.questionnaire';

/** The page's state for the invitation id in the path (questionnaires/:id). */
export function useQuestionnairePage() {
  const { id = '' } = useParams();
  return usePageState(QUESTIONNAIRE_ROUTE_ID, questionnairePageStateSchema, { id });
}
