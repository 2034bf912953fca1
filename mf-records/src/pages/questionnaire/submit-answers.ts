import type { IntlShape } from 'react-intl';
import {
  AnswerQuestionnaireDocument,
  flattenQuestionnaireItems,
  questionnaireErrorCodes,
  questionnaireErrorMessages,
  questionnaireMessage,
  toApiFailure,
  type MessagingClient,
  type QuestionnaireInvitation,
  type QuestionnaireResponse,
} from '@portal/shared-api';
import type { ErrorReporter } from '@portal/shared-ui';
import type { FieldErrorCode } from '../../components/questionnaire-form/form-model';
import type { SubmitOutcome } from '../../components/questionnaire-form/QuestionnaireForm';

export type SubmitResult = SubmitOutcome & { answeredAt?: string | null };

/**
 * Sends the answers with AnswerQuestionnaire (spec part 1 §7) and says how it went, in the page's
 * words: success; the form's own error message (or the default); 'Network error' when no answer came
 * (docs/product-decisions.md, "Behaviour of API calls": the answers stay); 'already answered'. Answers the server refused at a linkId
 * (`answers.<linkId path>`) come back as field errors. Failures other than refusals are reported.
 */
export async function submitAnswers(
  client: MessagingClient,
  invitation: QuestionnaireInvitation,
  response: QuestionnaireResponse,
  context: { intl: IntlShape; errors: ErrorReporter; signal?: AbortSignal },
): Promise<SubmitResult> {
  const { intl } = context;
  const formError = questionnaireMessage(invitation.questionnaire, 'error') ?? intl.formatMessage({ id: 'records.questionnaire.error.default' });
  try {
    const result = await client.request(
      AnswerQuestionnaireDocument,
      { questionnaireInvitationId: invitation.id, answers: JSON.stringify(response) },
      context.signal ? { signal: context.signal } : {},
    );
    return { status: 'success', answeredAt: result.answerQuestionnaire.invitation.answeredAt };
  } catch (error) {
    const failure = toApiFailure(error);
    if (failure.kind === 'network') return { status: 'error', message: intl.formatMessage({ id: 'common.error.network' }) };
    if (failure.kind === 'validation') {
      if (failure.details.some((detail) => detail.path === 'questionnaireInvitationId')) {
        return { status: 'error', message: intl.formatMessage({ id: 'records.questionnaire.error.alreadyAnswered' }) };
      }
      const linkIds = new Set(flattenQuestionnaireItems(invitation.questionnaire.item).map(({ item }) => item.linkId));
      const fieldErrors = new Map<string, FieldErrorCode>();
      for (const detail of failure.details) {
        const linkId = detail.path.split('.').pop() ?? '';
        if (!detail.path.startsWith('answers.') || !linkIds.has(linkId)) continue;
        // the server says which rule with shared-api's message for it
        fieldErrors.set(linkId, questionnaireErrorCodes.find((code) => questionnaireErrorMessages[code] === detail.message) ?? 'wrongType');
      }
      // a refusal the form's own checks did not foresee: worth knowing about
      context.errors.report(error, 'records-questionnaire');
      return fieldErrors.size ? { status: 'error', message: formError, fieldErrors } : { status: 'error', message: formError };
    }
    if (failure.kind !== 'aborted') context.errors.report(error, 'records-questionnaire');
    return { status: 'error', message: formError };
  }
}
