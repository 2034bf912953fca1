import { useParams } from 'react-router-dom';
import { usePageState } from '@portal/shared-ui';

/** The page's state for the invitation id in the path (questionnaires/:id). */
export function useQuestionnairePage() {
  const { id = '' } = useParams();
  return usePageState('records.questionnaire', { id });
}
