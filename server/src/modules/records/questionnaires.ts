import { and, eq } from 'drizzle-orm';
import {
  fhirQuestionnaireSchema,
  questionnaireResponseSchema,
  type Lang,
  type QuestionnairePageState,
  type QuestionnairesPageState,
} from '@portal/shared-api';
import type { Database } from '../../db/index';
import { questionnaireItems } from './rows';
import { questionnaireInvitations } from './schema';
import { fhirTitleIn } from './vocabulary';

/**
 * Questionnaires (spec part 1 §2, §3, §4, §8): the list of open tasks and own answers
 * (records.questionnaires) and one questionnaire (records.questionnaire, path id = the invitation's
 * id). Forms are stored as FHIR R4 Questionnaire resources in the invitation's `form` column, answers
 * as FHIR R4 QuestionnaireResponse in `answers` (written by the messaging module's
 * AnswerQuestionnaire, checked with ./questionnaires-answers.ts).
 *
 * QUESTIONNAIRES_STATUS (environment, default 'ok'): 'maintenance-mode' takes both pages offline
 * ('Surveys are temporarily out of use'); nothing of the patient's is read then. Read once at
 * start-up; any other value stops the server.
 */

export const QUESTIONNAIRES_ROUTE_ID = 'records.questionnaires';
export const QUESTIONNAIRE_ROUTE_ID = 'records.questionnaire';

const INT4_MAX = 2_147_483_647;

/** records.questionnaires: open ones newest first, answered ones most recently answered first. */
export async function loadQuestionnairesPage(db: Database, subjectPersonId: string, lang: Lang): Promise<QuestionnairesPageState> {
  const [open, answered] = await Promise.all([
    questionnaireItems(db, subjectPersonId, { answered: false, lang }),
    questionnaireItems(db, subjectPersonId, { answered: true, by: 'answeredAt', lang }),
  ]);
  return { status: 'ok', open, answered };
}

/** The invitation's database id from the path, or null when it cannot name one. */
function invitationIdOf(raw: string): number | null {
  if (!/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/**
 * records.questionnaire: the invitation with its form and answers, only when it is `subjectPersonId`'s;
 * anything else (another patient's, unknown, not a number) is not-found. A stored form that is not a
 * supported FHIR R4 Questionnaire is a server fault (thrown, logged, answered 500); stored answers
 * that cannot be read any more show as answered without answers.
 */
export async function loadQuestionnairePage(db: Database, subjectPersonId: string, rawId: string, lang: Lang): Promise<QuestionnairePageState> {
  const id = invitationIdOf(rawId);
  if (id === null) return { status: 'not-found' };
  const [row] = await db
    .select()
    .from(questionnaireInvitations)
    .where(and(eq(questionnaireInvitations.id, id), eq(questionnaireInvitations.personId, subjectPersonId)))
    .limit(1);
  if (!row) return { status: 'not-found' };
  const form = fhirQuestionnaireSchema.safeParse(row.form);
  if (!form.success) throw new Error(`Questionnaire invitation ${row.id}: its form is not a supported FHIR R4 Questionnaire`);
  const response = row.answeredAt && row.answers != null ? questionnaireResponseSchema.safeParse(row.answers) : null;
  return {
    status: 'ok',
    invitation: {
      id: String(row.id),
      // as the messaging module names it: the form's title (in the page's language when the form has
      // it, see fhirTitleIn), else the invitation's; the form itself is in its own language
      title: fhirTitleIn(row.form, form.data.title?.trim() || row.title, lang),
      sentAt: row.sentAt.toISOString(),
      answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
      questionnaire: form.data,
      response: response?.success ? response.data : null,
    },
  };
}
