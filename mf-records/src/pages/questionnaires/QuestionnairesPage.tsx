import { useIntl } from 'react-intl';
import { ListPage } from '../../components/ListPage';
import { QuestionnaireSection } from './QuestionnaireSection';
import { useQuestionnairesPage } from './useQuestionnairesPage';

/** records.questionnaires: maintenance notice, or open tasks and own answers. */
export function QuestionnairesPage() {
  const intl = useIntl();
  const { page, retry } = useQuestionnairesPage();
  return (
    <ListPage
      titleId="records.questionnaires.title"
      emptyId="records.questionnaires.empty"
      page={page}
      retry={retry}
      isEmpty={(data) => data.status === 'ok' && data.open.length === 0 && data.answered.length === 0}
    >
      {(data) =>
        data.status === 'maintenance-mode' ? (
          <p className="portal-notice" role="status">
            {intl.formatMessage({ id: 'records.questionnaires.maintenance' })}
          </p>
        ) : (
          <>
            <QuestionnaireSection titleId="records.questionnaires.open.title" emptyId="records.questionnaires.open.empty" items={data.open} />
            <QuestionnaireSection
              titleId="records.questionnaires.answered.title"
              emptyId="records.questionnaires.answered.empty"
              items={data.answered}
            />
          </>
        )
      }
    </ListPage>
  );
}
