import { usePageState } from '@portal/shared-ui';

export function useQuestionnairesPage() {
  return usePageState('records.questionnaires');
}
