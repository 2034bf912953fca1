import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/index';
import { checkQuestionnaireAnswers, type AnswerProblem } from './questionnaires-answers';
import { questionnaireInvitations } from './schema';

/**
 * The questionnaire invitations as the messaging module shows and answers them (a professional sends
 * one with a message; the patient answers it through messaging's AnswerQuestionnaire). The table is
 * this module's; messaging keeps only which message carried which invitation.
 */
export interface QuestionnaireInvitation {
  id: number;
  personId: string;
  answeredAt: Date | null;
  questionnaireId: string;
  questionnaireTitle: string;
  /** the form's FHIR `_title` element (its title's translations), when it has one */
  questionnaireTitleTranslations: unknown;
}

/** The invitation's columns as QuestionnaireInvitation has them: the questionnaire's id and title come from its form. */
const invitationColumns = {
  id: questionnaireInvitations.id,
  personId: questionnaireInvitations.personId,
  answeredAt: questionnaireInvitations.answeredAt,
  questionnaireId: sql<string>`coalesce(${questionnaireInvitations.form} ->> 'id', ${questionnaireInvitations.formId})`,
  questionnaireTitle: sql<string>`coalesce(${questionnaireInvitations.form} ->> 'title', ${questionnaireInvitations.title})`,
  questionnaireTitleTranslations: sql<unknown>`${questionnaireInvitations.form} -> '_title'`,
};

/** The invitations of `ids` (those that exist), by id. */
export async function questionnaireInvitationsByIds(db: Database, ids: readonly number[]): Promise<QuestionnaireInvitation[]> {
  if (ids.length === 0) return [];
  return db
    .select(invitationColumns)
    .from(questionnaireInvitations)
    .where(inArray(questionnaireInvitations.id, [...ids]))
    .orderBy(asc(questionnaireInvitations.id));
}

export type AnswerOutcome =
  | { type: 'answered'; invitation: QuestionnaireInvitation }
  | { type: 'not-found' }
  | { type: 'already-answered' }
  | { type: 'invalid'; problems: AnswerProblem[] };

/**
 * Stores the subject's answers to their invitation, once: answers that do not fit the invitation's
 * form (FHIR R4) are never stored. `subjectPersonId` comes from the session (patientAccess).
 */
export async function answerQuestionnaireInvitation(db: Database, subjectPersonId: string, invitationId: number, answers: unknown): Promise<AnswerOutcome> {
  const mine = and(eq(questionnaireInvitations.id, invitationId), eq(questionnaireInvitations.personId, subjectPersonId));
  const [existing] = await db.select({ answeredAt: questionnaireInvitations.answeredAt, form: questionnaireInvitations.form }).from(questionnaireInvitations).where(mine);
  if (!existing) return { type: 'not-found' };
  if (existing.answeredAt) return { type: 'already-answered' };
  const checked = checkQuestionnaireAnswers(existing.form, answers);
  if (!checked.ok) return { type: 'invalid', problems: checked.problems };
  // `answered_at is null` in the update too: of two concurrent answers exactly one is stored.
  const [row] = await db
    .update(questionnaireInvitations)
    .set({ answers: checked.response, answeredAt: sql`now()` })
    .where(and(mine, isNull(questionnaireInvitations.answeredAt)))
    .returning(invitationColumns);
  return row ? { type: 'answered', invitation: row } : { type: 'already-answered' };
}

/** The person's open (unanswered) invitation to the form `formId`, if any: the demo world's messages carry one. */
export async function openQuestionnaireInvitationId(db: Database, personId: string, formId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: questionnaireInvitations.id })
    .from(questionnaireInvitations)
    .where(and(eq(questionnaireInvitations.personId, personId), eq(questionnaireInvitations.formId, formId), isNull(questionnaireInvitations.answeredAt)));
  return row?.id ?? null;
}
