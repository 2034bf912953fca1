import {
  buildQuestionnaireResponse,
  enabledLinkIds,
  flattenQuestionnaireItems,
  itemMaxValue,
  itemMinValue,
  validateQuestionnaireResponse,
  type FhirQuestionnaire,
  type FhirQuestionnaireItem,
  type QuestionnaireErrorCode,
  type QuestionnaireResponse,
  type QuestionnaireResponseAnswer,
} from '@portal/shared-api';

/**
 * The form renderer's model, pure: what the inputs hold (by linkId), the answers they make, which
 * items are enabled, and the errors to show. The checks are shared-api's, the same the server runs
 * on AnswerQuestionnaire, plus what only an input can get wrong (a number that is not one).
 */

/** An input's raw value: text as typed (string, text, integer, date), the chosen option's key (choice), yes/no (boolean). */
export type FieldValue = string | boolean;
export type FormValues = Readonly<Record<string, FieldValue | undefined>>;

export type FieldErrorCode = QuestionnaireErrorCode | 'notAnInteger';
export type FormErrors = ReadonlyMap<string, FieldErrorCode>;

/** A choice option's input value: its position in answerOption. */
export const optionKey = (index: number) => String(index);

const INTEGER = /^[+-]?\d{1,10}$/;
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

/** The answer an input's value makes: none when empty, or an input error when it cannot be one. */
export function answerFor(item: FhirQuestionnaireItem, value: FieldValue | undefined): { answer?: QuestionnaireResponseAnswer; error?: FieldErrorCode } {
  if (value === undefined) return {};
  if (typeof value === 'boolean') return item.type === 'boolean' ? { answer: { valueBoolean: value } } : {};
  const text = value.trim();
  if (text === '') return {};
  switch (item.type) {
    case 'string':
    case 'text':
      return { answer: { valueString: text } };
    case 'integer': {
      const number = Number(text);
      if (!INTEGER.test(text) || number < INT32.min || number > INT32.max) return { error: 'notAnInteger' };
      return { answer: { valueInteger: number } };
    }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { answer: { valueDate: text } } : { error: 'wrongType' };
    case 'choice': {
      const option = item.answerOption?.[Number(text)];
      if (!option) return { error: 'notAnOption' };
      return { answer: option.valueCoding ? { valueCoding: option.valueCoding } : { valueString: option.valueString ?? '' } };
    }
    default:
      return {};
  }
}

/** Every question's answer, and the inputs that hold something that is not an answer. */
export function collectAnswers(questionnaire: FhirQuestionnaire, values: FormValues) {
  const answers = new Map<string, QuestionnaireResponseAnswer>();
  const inputErrors = new Map<string, FieldErrorCode>();
  for (const { item } of flattenQuestionnaireItems(questionnaire.item)) {
    const { answer, error } = answerFor(item, values[item.linkId]);
    if (answer) answers.set(item.linkId, answer);
    if (error) inputErrors.set(item.linkId, error);
  }
  return { answers, inputErrors };
}

/** The items shown for these values (enableWhen, live). */
export function enabledItems(questionnaire: FhirQuestionnaire, values: FormValues): Set<string> {
  const { answers } = collectAnswers(questionnaire, values);
  return enabledLinkIds(questionnaire, new Map([...answers].map(([linkId, answer]) => [linkId, [answer]])));
}

/**
 * The response the values make (enabled items only) and the errors that keep it from being sent, in
 * the form's order: an input's own error first, then the shared check's (required, range, length…).
 */
export function checkForm(questionnaire: FhirQuestionnaire, values: FormValues): { response: QuestionnaireResponse; errors: FormErrors } {
  const { answers, inputErrors } = collectAnswers(questionnaire, values);
  const response = buildQuestionnaireResponse(questionnaire, answers);
  const enabled = enabledLinkIds(questionnaire, new Map([...answers].map(([linkId, answer]) => [linkId, [answer]])));
  const found = new Map<string, FieldErrorCode>();
  for (const [linkId, code] of inputErrors) if (enabled.has(linkId)) found.set(linkId, code);
  for (const error of validateQuestionnaireResponse(questionnaire, response)) if (!found.has(error.linkId)) found.set(error.linkId, error.code);
  const errors = new Map<string, FieldErrorCode>();
  for (const { item } of flattenQuestionnaireItems(questionnaire.item)) {
    const code = found.get(item.linkId);
    if (code) errors.set(item.linkId, code);
  }
  return { response, errors };
}

/** An error's message id and values in the records catalogue. */
export function errorMessage(item: FhirQuestionnaireItem, code: FieldErrorCode): { id: string; values?: Record<string, number> } {
  switch (code) {
    case 'required':
      return { id: item.type === 'group' ? 'records.questionnaire.field.requiredGroup' : 'records.questionnaire.field.required' };
    case 'notAnInteger':
      return { id: 'records.questionnaire.field.notAnInteger' };
    case 'belowMin':
      return { id: 'records.questionnaire.field.belowMin', values: { min: itemMinValue(item) ?? 0 } };
    case 'aboveMax':
      return { id: 'records.questionnaire.field.aboveMax', values: { max: itemMaxValue(item) ?? 0 } };
    case 'tooLong':
      return { id: 'records.questionnaire.field.tooLong', values: { max: item.maxLength ?? 0 } };
    default:
      return { id: 'records.questionnaire.field.invalid' };
  }
}

/** The hint under an input: the range of a number, the length of a text. */
export function hintMessage(item: FhirQuestionnaireItem): { id: string; values?: Record<string, number> } | null {
  if (item.type === 'integer') {
    const min = itemMinValue(item);
    const max = itemMaxValue(item);
    if (min !== undefined && max !== undefined) return { id: 'records.questionnaire.hint.range', values: { min, max } };
    if (min !== undefined) return { id: 'records.questionnaire.hint.min', values: { min } };
    if (max !== undefined) return { id: 'records.questionnaire.hint.max', values: { max } };
    return { id: 'records.questionnaire.hint.integer' };
  }
  if ((item.type === 'string' || item.type === 'text') && item.maxLength !== undefined) return { id: 'records.questionnaire.hint.maxLength', values: { max: item.maxLength } };
  return null;
}

/** The question's label: its prefix ('1.') and text. */
export const itemLabel = (item: FhirQuestionnaireItem) => [item.prefix, item.text].filter(Boolean).join(' ');
