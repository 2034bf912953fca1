import {
  fhirQuestionnaireSchema,
  questionnaireReference,
  questionnaireResponseSchema,
  validateQuestionnaireResponse,
  type QuestionnaireResponse,
} from '@portal/shared-api';

/** A field problem, as the API's validation errors carry them (`path` dotted). */
export interface AnswerProblem {
  path: string;
  message: string;
}

export type AnswerCheck = { ok: true; response: QuestionnaireResponse } | { ok: false; problems: AnswerProblem[] };

/**
 * Whether submitted answers may be stored for an invitation's form (spec part 1 §4 Questionnaire;
 * used by the messaging module's AnswerQuestionnaire). The answers must be a completed FHIR R4
 * QuestionnaireResponse (problems at `answers.<field path>`, e.g. `answers.item.0.answer.0`) that fits
 * the form (problems at `answers.<linkId path>`, e.g. `answers.habits.exercise`: required questions,
 * types, choice options, no answers to disabled questions, known linkIds). On success the response
 * comes back normalized (fields the portal does not know are dropped): that is what is stored.
 * A stored form that is not a supported Questionnaire is a server fault: it throws.
 */
export function checkQuestionnaireAnswers(form: unknown, answers: unknown): AnswerCheck {
  const questionnaire = fhirQuestionnaireSchema.safeParse(form);
  if (!questionnaire.success) throw new Error('The invitation\'s form is not a supported FHIR R4 Questionnaire');
  const parsed = questionnaireResponseSchema.safeParse(answers);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({ path: ['answers', ...issue.path.map(String)].join('.'), message: issue.message })),
    };
  }
  const problems: AnswerProblem[] = [];
  const reference = questionnaireReference(questionnaire.data);
  if (parsed.data.questionnaire !== undefined && parsed.data.questionnaire !== reference) {
    problems.push({ path: 'answers.questionnaire', message: 'Names another questionnaire' });
  }
  for (const error of validateQuestionnaireResponse(questionnaire.data, parsed.data)) {
    problems.push({ path: ['answers', ...error.path].join('.'), message: error.message });
  }
  return problems.length ? { ok: false, problems } : { ok: true, response: parsed.data };
}
