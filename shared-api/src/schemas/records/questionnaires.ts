import { z } from 'zod';
import { isoDateTimeSchema } from '../common';
import { fhirQuestionnaireSchema, questionnaireResponseSchema } from './fhir-questionnaire';

/**
 * records.questionnaire (paths questionnaires/:id, kyselyt/:id, rundfraga/:id; spec part 1 §2, §3,
 * §4, §8): maintenance-mode while surveys are out of use, not-found (HTTP 404) for an id that is not
 * one of the patient's invitations, else the invitation with its form (FHIR R4 Questionnaire) and,
 * once answered, the answers (FHIR R4 QuestionnaireResponse). The list page's state
 * (records.questionnaires) is states/questionnaires.ts.
 */
export const questionnaireInvitationSchema = z.object({
  /** the invitation's id: the page's `id` parameter and AnswerQuestionnaire's questionnaireInvitationId */
  id: z.string(),
  title: z.string(),
  sentAt: isoDateTimeSchema,
  answeredAt: isoDateTimeSchema.nullable(),
  questionnaire: fhirQuestionnaireSchema,
  /** the stored answers; null while open (or when stored answers cannot be read any more) */
  response: questionnaireResponseSchema.nullable(),
});
export type QuestionnaireInvitation = z.infer<typeof questionnaireInvitationSchema>;

/** QUESTIONNAIRES_STATUS on the server: 'maintenance-mode' takes both questionnaire pages offline. */
export const questionnairesStatusSchema = z.enum(['ok', 'maintenance-mode']);
export type QuestionnairesStatus = z.infer<typeof questionnairesStatusSchema>;
