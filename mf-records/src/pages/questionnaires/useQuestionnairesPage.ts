import { questionnairesPageStateSchema } from '@portal/shared-api';
import { usePageState } from '@portal/shared-ui';

export const QUESTIONNAIRES_ROUTE_ID = 'records.questionnaires';

export function useQuestionnairesPage() {
  return usePageState(QUESTIONNAIRES_ROUTE_ID, questionnairesPageStateSchema);
}
