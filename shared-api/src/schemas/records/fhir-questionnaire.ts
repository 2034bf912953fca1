import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common';
import { multilineTextSchema, textSchema } from '../text';

/**
 * The subset of FHIR R4 Questionnaire and QuestionnaireResponse the portal supports
 * (https://hl7.org/fhir/R4/questionnaire.html), and the check that a response fits its form.
 *
 * Supported: item types group (nested items), display, string, text, boolean, choice (answerOption
 * valueCoding or valueString), integer and date; `required`; `repeats` false only (one answer per
 * question); `maxLength` for string and text; the minValue/maxValue extensions for integers;
 * `enableWhen` with the operators exists, =, !=, >, <, >=, <= and `enableBehavior` all | any.
 * Anything else (other item types, repeating items, questions with nested items) is refused by the
 * schema, so a form the portal cannot render or check never reaches a patient.
 *
 * Texts of a form are plain text: the portal never renders them as HTML.
 *
 * Semantics the spec leaves to the implementer, fixed here:
 * - A disabled item's answers count as absent for enableWhen (FHIR R4 enableWhen comments); a group
 *   that is disabled disables everything in it.
 * - `!=` is true when no answer equals the value, so also when the question is unanswered (FHIR R4
 *   operator codes: "true if no answer has a value that is equal").
 * - A required question is required whenever it is enabled, also inside an optional group; a
 *   required group needs at least one answered question in it.
 * - Only completed responses are stored (`status: 'completed'`).
 */

/** Extensions the portal reads (other extensions are ignored). */
export const FHIR_QUESTIONNAIRE_EXTENSIONS = {
  /** standard: the smallest allowed integer answer (valueInteger) */
  minValue: 'http://hl7.org/fhir/StructureDefinition/minValue',
  /** standard: the largest allowed integer answer (valueInteger) */
  maxValue: 'http://hl7.org/fhir/StructureDefinition/maxValue',
  /** the portal's own, on the Questionnaire: shown after the answers are saved (valueString) */
  successMessage: 'https://fhir.patient-portal.example/StructureDefinition/questionnaire-success-message',
  /** the portal's own, on the Questionnaire: shown when saving the answers fails (valueString) */
  errorMessage: 'https://fhir.patient-portal.example/StructureDefinition/questionnaire-error-message',
} as const;

/** FHIR integer: 32-bit signed. */
const fhirIntegerSchema = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** FHIR date, full dates only (yyyy-MM-dd); partial dates (yyyy, yyyy-MM) are not supported. */
const fhirDateSchema = isoDateSchema;
/** An answer's text; a QuestionnaireResponse as a whole is bounded by the API. */
const MAX_STRING_LENGTH = 10_000;

/** True when exactly one of `keys` has a value (FHIR's value[x] and answer[x] choices). */
function exactlyOne(value: Readonly<Record<string, unknown>>, keys: readonly string[]): boolean {
  return keys.filter((key) => value[key] !== undefined).length === 1;
}

export const fhirExtensionSchema = z.object({
  url: textSchema.min(1),
  // an extension's text may be a paragraph (e.g. a question's error message)
  valueString: multilineTextSchema.optional(),
  valueInteger: fhirIntegerSchema.optional(),
});
export type FhirExtension = z.infer<typeof fhirExtensionSchema>;

export const fhirCodingSchema = z.object({
  system: textSchema.min(1).optional(),
  code: textSchema.min(1),
  display: textSchema.optional(),
});
export type FhirCoding = z.infer<typeof fhirCodingSchema>;

export const questionnaireItemTypes = ['group', 'display', 'string', 'text', 'boolean', 'choice', 'integer', 'date'] as const;
export type QuestionnaireItemType = (typeof questionnaireItemTypes)[number];

export const enableWhenOperators = ['exists', '=', '!=', '>', '<', '>=', '<='] as const;
export type EnableWhenOperator = (typeof enableWhenOperators)[number];

export const fhirAnswerOptionSchema = z
  .object({ valueCoding: fhirCodingSchema.optional(), valueString: textSchema.min(1).optional() })
  .refine((option) => exactlyOne(option, ['valueCoding', 'valueString']), 'An answer option has exactly one of valueCoding and valueString');
export type FhirAnswerOption = z.infer<typeof fhirAnswerOptionSchema>;

const enableWhenAnswerKeys = ['answerBoolean', 'answerInteger', 'answerDate', 'answerString', 'answerCoding'] as const;
export const fhirEnableWhenSchema = z
  .object({
    question: textSchema.min(1),
    operator: z.enum(enableWhenOperators),
    answerBoolean: z.boolean().optional(),
    answerInteger: fhirIntegerSchema.optional(),
    answerDate: fhirDateSchema.optional(),
    answerString: textSchema.optional(),
    answerCoding: fhirCodingSchema.optional(),
  })
  .refine((condition) => exactlyOne(condition, enableWhenAnswerKeys), 'An enableWhen has exactly one answer[x]');
export type FhirEnableWhen = z.infer<typeof fhirEnableWhenSchema>;

export interface FhirQuestionnaireItem {
  linkId: string;
  prefix?: string | undefined;
  /** the question, the group's heading or the display text (plain text) */
  text?: string | undefined;
  type: QuestionnaireItemType;
  required?: boolean | undefined;
  repeats?: false | undefined;
  maxLength?: number | undefined;
  answerOption?: FhirAnswerOption[] | undefined;
  enableWhen?: FhirEnableWhen[] | undefined;
  enableBehavior?: 'all' | 'any' | undefined;
  extension?: FhirExtension[] | undefined;
  /** a group's items */
  item?: FhirQuestionnaireItem[] | undefined;
}

const isQuestionType = (type: QuestionnaireItemType) => type !== 'group' && type !== 'display';

/** The value of an extension of `url` on an item or a form. */
export function extensionValue(extensions: readonly FhirExtension[] | undefined, url: string): FhirExtension | undefined {
  return extensions?.find((extension) => extension.url === url);
}
export const itemMinValue = (item: FhirQuestionnaireItem) => extensionValue(item.extension, FHIR_QUESTIONNAIRE_EXTENSIONS.minValue)?.valueInteger;
export const itemMaxValue = (item: FhirQuestionnaireItem) => extensionValue(item.extension, FHIR_QUESTIONNAIRE_EXTENSIONS.maxValue)?.valueInteger;

export const fhirQuestionnaireItemSchema: z.ZodType<FhirQuestionnaireItem> = z.lazy(() =>
  z
    .object({
      linkId: textSchema.min(1).max(255),
      prefix: textSchema.optional(),
      // a display item's text is a paragraph
      text: multilineTextSchema.optional(),
      type: z.enum(questionnaireItemTypes),
      required: z.boolean().optional(),
      repeats: z.literal(false, { error: 'Repeating items are not supported' }).optional(),
      maxLength: z.number().int().min(1).max(MAX_STRING_LENGTH).optional(),
      answerOption: z.array(fhirAnswerOptionSchema).optional(),
      enableWhen: z.array(fhirEnableWhenSchema).optional(),
      enableBehavior: z.enum(['all', 'any']).optional(),
      extension: z.array(fhirExtensionSchema).optional(),
      item: z.array(fhirQuestionnaireItemSchema).optional(),
    })
    .superRefine((item, ctx) => {
      const problem = (message: string, path: PropertyKey[] = []) => ctx.addIssue({ code: 'custom', message, path });
      const children = item.item ?? [];
      if (item.type === 'group' && children.length === 0) problem('A group has items', ['item']);
      if (item.type !== 'group' && children.length > 0) problem('Only groups have nested items', ['item']);
      if (item.type !== 'group' && !item.text?.trim()) problem('A question or display item has a text', ['text']);
      if (item.type === 'display' && item.required) problem('A display item cannot be required', ['required']);
      if (item.type === 'choice' && !item.answerOption?.length) problem('A choice item has answer options', ['answerOption']);
      if (item.type !== 'choice' && item.answerOption) problem('Only choice items have answer options', ['answerOption']);
      if (item.maxLength !== undefined && item.type !== 'string' && item.type !== 'text') problem('maxLength is for string and text items', ['maxLength']);
      const min = itemMinValue(item);
      const max = itemMaxValue(item);
      const hasRange = extensionValue(item.extension, FHIR_QUESTIONNAIRE_EXTENSIONS.minValue) ?? extensionValue(item.extension, FHIR_QUESTIONNAIRE_EXTENSIONS.maxValue);
      if (hasRange && item.type !== 'integer') problem('minValue and maxValue are for integer items', ['extension']);
      if (hasRange && item.type === 'integer' && (hasRange.valueInteger === undefined || (min !== undefined && max !== undefined && min > max))) {
        problem('minValue and maxValue are integers, the minimum not above the maximum', ['extension']);
      }
      if ((item.enableWhen?.length ?? 0) > 1 && !item.enableBehavior) problem('enableBehavior is needed with several enableWhen', ['enableBehavior']);
      const keys = (item.answerOption ?? []).map((option) =>
        option.valueCoding ? `coding:${option.valueCoding.system ?? ''}|${option.valueCoding.code}` : `string:${option.valueString ?? ''}`,
      );
      if (new Set(keys).size !== keys.length) problem('Answer options are unique', ['answerOption']);
    }),
);

/** Every item of a form in document order, with its parent's linkId (null at the top). */
export interface FlatQuestionnaireItem {
  item: FhirQuestionnaireItem;
  parent: string | null;
  depth: number;
}
export function flattenQuestionnaireItems(items: readonly FhirQuestionnaireItem[]): FlatQuestionnaireItem[] {
  const walk = (list: readonly FhirQuestionnaireItem[], parent: string | null, depth: number): FlatQuestionnaireItem[] =>
    list.flatMap((item) => [{ item, parent, depth }, ...walk(item.item ?? [], item.linkId, depth + 1)]);
  return walk(items, null, 0);
}

/** The value type an enableWhen answer[x] compares against, per the referenced question's type. */
function enableWhenKeysFor(type: QuestionnaireItemType): ReadonlyArray<(typeof enableWhenAnswerKeys)[number]> {
  switch (type) {
    case 'boolean':
      return ['answerBoolean'];
    case 'integer':
      return ['answerInteger'];
    case 'date':
      return ['answerDate'];
    case 'string':
    case 'text':
      return ['answerString'];
    case 'choice':
      return ['answerCoding', 'answerString'];
    default:
      return [];
  }
}

export const fhirQuestionnaireSchema = z
  .object({
    resourceType: z.literal('Questionnaire'),
    id: textSchema.optional(),
    url: textSchema.optional(),
    version: textSchema.optional(),
    name: textSchema.optional(),
    title: textSchema.optional(),
    status: z.enum(['draft', 'active', 'retired', 'unknown']),
    language: textSchema.optional(),
    /** shown above the form (plain text) */
    description: multilineTextSchema.optional(),
    extension: z.array(fhirExtensionSchema).optional(),
    item: z.array(fhirQuestionnaireItemSchema).min(1),
  })
  .superRefine((questionnaire, ctx) => {
    // linkIds are unique in the whole form (FHIR que-2), and enableWhen names an earlier-or-later question of it.
    const paths = new Map<string, PropertyKey[]>();
    const byLinkId = new Map<string, FhirQuestionnaireItem>();
    const collect = (items: readonly FhirQuestionnaireItem[], path: PropertyKey[]) =>
      items.forEach((item, index) => {
        const itemPath = [...path, 'item', index];
        if (byLinkId.has(item.linkId)) ctx.addIssue({ code: 'custom', message: `linkId '${item.linkId}' is used twice`, path: [...itemPath, 'linkId'] });
        else {
          byLinkId.set(item.linkId, item);
          paths.set(item.linkId, itemPath);
        }
        collect(item.item ?? [], itemPath);
      });
    collect(questionnaire.item, []);
    for (const [linkId, item] of byLinkId) {
      (item.enableWhen ?? []).forEach((condition, index) => {
        const path = [...(paths.get(linkId) ?? []), 'enableWhen', index];
        const target = byLinkId.get(condition.question);
        if (!target || !isQuestionType(target.type) || condition.question === linkId) {
          ctx.addIssue({ code: 'custom', message: `enableWhen names '${condition.question}', which is not another question of the form`, path: [...path, 'question'] });
          return;
        }
        const answerKey = enableWhenAnswerKeys.find((key) => condition[key] !== undefined);
        if (condition.operator === 'exists') {
          if (answerKey !== 'answerBoolean') ctx.addIssue({ code: 'custom', message: "'exists' takes answerBoolean", path });
          return;
        }
        if (!answerKey || !enableWhenKeysFor(target.type).includes(answerKey)) {
          ctx.addIssue({ code: 'custom', message: `The answer[x] does not fit the ${target.type} question '${target.linkId}'`, path });
          return;
        }
        const ordered = condition.operator !== '=' && condition.operator !== '!=';
        if (ordered && (answerKey === 'answerBoolean' || answerKey === 'answerCoding')) {
          ctx.addIssue({ code: 'custom', message: `'${condition.operator}' does not order ${answerKey}`, path });
        }
      });
    }
  });
export type FhirQuestionnaire = z.infer<typeof fhirQuestionnaireSchema>;

// ── QuestionnaireResponse ───────────────────────────────────────────────────────────────────────────

const answerValueKeys = ['valueString', 'valueBoolean', 'valueInteger', 'valueDate', 'valueCoding'] as const;
export type AnswerValueKey = (typeof answerValueKeys)[number];

export const questionnaireResponseAnswerSchema = z
  .object({
    // a 'text' question's answer has lines
    valueString: multilineTextSchema.max(MAX_STRING_LENGTH).optional(),
    valueBoolean: z.boolean().optional(),
    valueInteger: fhirIntegerSchema.optional(),
    valueDate: fhirDateSchema.optional(),
    valueCoding: fhirCodingSchema.optional(),
  })
  .refine((answer) => exactlyOne(answer, answerValueKeys), 'An answer has exactly one value[x]');
export type QuestionnaireResponseAnswer = z.infer<typeof questionnaireResponseAnswerSchema>;

export interface QuestionnaireResponseItem {
  linkId: string;
  text?: string | undefined;
  answer?: QuestionnaireResponseAnswer[] | undefined;
  item?: QuestionnaireResponseItem[] | undefined;
}

export const questionnaireResponseItemSchema: z.ZodType<QuestionnaireResponseItem> = z.lazy(() =>
  z.object({
    linkId: textSchema.min(1).max(255),
    // the question's text as the form had it (a display text may have lines)
    text: multilineTextSchema.optional(),
    answer: z.array(questionnaireResponseAnswerSchema).optional(),
    item: z.array(questionnaireResponseItemSchema).optional(),
  }),
);

/** A patient's answers to a form (only completed ones are stored). Unknown fields are dropped. */
export const questionnaireResponseSchema = z.object({
  resourceType: z.literal('QuestionnaireResponse'),
  status: z.literal('completed', { error: "Only completed answers are saved (status 'completed')" }),
  /** the form's canonical reference: its url, or Questionnaire/{id} */
  questionnaire: textSchema.optional(),
  authored: isoDateTimeSchema.optional(),
  item: z.array(questionnaireResponseItemSchema).optional(),
});
export type QuestionnaireResponse = z.infer<typeof questionnaireResponseSchema>;

/** The reference a response to `questionnaire` carries: its url, else Questionnaire/{id}, else none. */
export function questionnaireReference(questionnaire: Pick<FhirQuestionnaire, 'url' | 'id'>): string | undefined {
  return questionnaire.url ?? (questionnaire.id ? `Questionnaire/${questionnaire.id}` : undefined);
}

/** The answers of a response by linkId (linkIds are unique in a form; the first occurrence counts). */
export function answersByLinkId(items: readonly QuestionnaireResponseItem[] = []): Map<string, QuestionnaireResponseAnswer[]> {
  const answers = new Map<string, QuestionnaireResponseAnswer[]>();
  const walk = (list: readonly QuestionnaireResponseItem[]) => {
    for (const item of list) {
      if (!answers.has(item.linkId) && item.answer?.length) answers.set(item.linkId, item.answer);
      walk(item.item ?? []);
    }
  };
  walk(items);
  return answers;
}

// ── enableWhen ───────────────────────────────────────────────────────────────────────────────────────

type Comparable = { kind: 'boolean'; value: boolean } | { kind: 'number'; value: number } | { kind: 'text'; value: string } | { kind: 'coding'; value: FhirCoding };

function conditionValue(condition: FhirEnableWhen): Comparable | null {
  if (condition.answerBoolean !== undefined) return { kind: 'boolean', value: condition.answerBoolean };
  if (condition.answerInteger !== undefined) return { kind: 'number', value: condition.answerInteger };
  if (condition.answerDate !== undefined) return { kind: 'text', value: condition.answerDate };
  if (condition.answerString !== undefined) return { kind: 'text', value: condition.answerString };
  if (condition.answerCoding !== undefined) return { kind: 'coding', value: condition.answerCoding };
  return null;
}

function answerValue(answer: QuestionnaireResponseAnswer): Comparable | null {
  if (answer.valueBoolean !== undefined) return { kind: 'boolean', value: answer.valueBoolean };
  if (answer.valueInteger !== undefined) return { kind: 'number', value: answer.valueInteger };
  if (answer.valueDate !== undefined) return { kind: 'text', value: answer.valueDate };
  if (answer.valueString !== undefined) return { kind: 'text', value: answer.valueString };
  if (answer.valueCoding !== undefined) return { kind: 'coding', value: answer.valueCoding };
  return null;
}

/** <0, 0, >0, or null when the two cannot be compared (different kinds). Codings are equal or not (0 or 1). */
function compare(answer: Comparable, expected: Comparable): number | null {
  if (answer.kind === 'coding' && expected.kind === 'coding') {
    const sameSystem = expected.value.system === undefined || expected.value.system === answer.value.system;
    return sameSystem && answer.value.code === expected.value.code ? 0 : 1;
  }
  // a choice answered with a plain-string option compares with answerString
  if (answer.kind !== expected.kind) return null;
  if (answer.kind === 'boolean' && expected.kind === 'boolean') return answer.value === expected.value ? 0 : 1;
  if (answer.kind === 'number' && expected.kind === 'number') return answer.value - expected.value;
  if (answer.kind === 'text' && expected.kind === 'text') return answer.value < expected.value ? -1 : answer.value > expected.value ? 1 : 0;
  return null;
}

function conditionHolds(condition: FhirEnableWhen, answers: readonly QuestionnaireResponseAnswer[]): boolean {
  if (condition.operator === 'exists') return (answers.length > 0) === condition.answerBoolean;
  const expected = conditionValue(condition);
  if (!expected) return false;
  const results = answers.map((answer) => {
    const value = answerValue(answer);
    return value ? compare(value, expected) : null;
  });
  switch (condition.operator) {
    case '=':
      return results.some((r) => r === 0);
    case '!=':
      return !results.some((r) => r === 0);
    case '>':
      return results.some((r) => r !== null && r > 0);
    case '<':
      return results.some((r) => r !== null && r < 0);
    case '>=':
      return results.some((r) => r !== null && r >= 0);
    case '<=':
      return results.some((r) => r !== null && r <= 0);
  }
}

/**
 * The linkIds of the items that are enabled for these answers: an item is enabled when its group is
 * and its enableWhen conditions hold (all or any). A condition on a disabled question sees no answer.
 * Pure: the form renderer calls it on every change, the server on every submitted response.
 */
export function enabledLinkIds(questionnaire: Pick<FhirQuestionnaire, 'item'>, answers: ReadonlyMap<string, readonly QuestionnaireResponseAnswer[]>): Set<string> {
  const entries = new Map(flattenQuestionnaireItems(questionnaire.item).map((entry) => [entry.item.linkId, entry]));
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();
  const isEnabled = (linkId: string): boolean => {
    const known = memo.get(linkId);
    if (known !== undefined) return known;
    const entry = entries.get(linkId);
    // a cycle of conditions can never be satisfied
    if (!entry || visiting.has(linkId)) return false;
    visiting.add(linkId);
    let enabled = entry.parent === null || isEnabled(entry.parent);
    const conditions = entry.item.enableWhen ?? [];
    if (enabled && conditions.length > 0) {
      const holds = conditions.map((condition) => conditionHolds(condition, isEnabled(condition.question) ? (answers.get(condition.question) ?? []) : []));
      enabled = entry.item.enableBehavior === 'any' ? holds.some(Boolean) : holds.every(Boolean);
    }
    visiting.delete(linkId);
    memo.set(linkId, enabled);
    return enabled;
  };
  return new Set([...entries.keys()].filter(isEnabled));
}

// ── Validation of a response against its form ──────────────────────────────────────────────────────

export const questionnaireErrorCodes = [
  'required',
  'unknownItem',
  'duplicateItem',
  'disabled',
  'notAnswerable',
  'tooManyAnswers',
  'wrongType',
  'notAnOption',
  'blank',
  'tooLong',
  'belowMin',
  'aboveMax',
] as const;
export type QuestionnaireErrorCode = (typeof questionnaireErrorCodes)[number];

/** English defaults for the API; the portal's pages show their own translated texts per code. */
export const questionnaireErrorMessages: Readonly<Record<QuestionnaireErrorCode, string>> = {
  required: 'Required',
  unknownItem: 'Not an item of this questionnaire',
  duplicateItem: 'Answered twice',
  disabled: 'Not asked with the other answers given',
  notAnswerable: 'This item takes no answer',
  tooManyAnswers: 'Takes one answer',
  wrongType: 'Not the type of answer this question takes',
  notAnOption: 'Not one of the options',
  blank: 'Empty answer',
  tooLong: 'Too long',
  belowMin: 'Below the smallest allowed value',
  aboveMax: 'Above the largest allowed value',
};

export interface QuestionnaireFieldError {
  /** the item the error is about */
  linkId: string;
  /** linkIds from the top of the form down to the item, e.g. ['lifestyle', 'exercise'] */
  path: string[];
  code: QuestionnaireErrorCode;
  message: string;
}

function expectedValueKeys(item: FhirQuestionnaireItem): AnswerValueKey[] {
  switch (item.type) {
    case 'string':
    case 'text':
      return ['valueString'];
    case 'boolean':
      return ['valueBoolean'];
    case 'integer':
      return ['valueInteger'];
    case 'date':
      return ['valueDate'];
    case 'choice':
      return [
        ...((item.answerOption ?? []).some((option) => option.valueCoding) ? (['valueCoding'] as const) : []),
        ...((item.answerOption ?? []).some((option) => option.valueString !== undefined) ? (['valueString'] as const) : []),
      ];
    default:
      return [];
  }
}

/** True when `answer` is one of the choice item's options (a coding matches by system and code). */
export function isAnswerOption(item: FhirQuestionnaireItem, answer: QuestionnaireResponseAnswer): boolean {
  return (item.answerOption ?? []).some((option) => {
    if (option.valueCoding && answer.valueCoding) {
      return option.valueCoding.code === answer.valueCoding.code && (option.valueCoding.system ?? null) === (answer.valueCoding.system ?? null);
    }
    return option.valueString !== undefined && option.valueString === answer.valueString;
  });
}

function answerProblem(item: FhirQuestionnaireItem, answer: QuestionnaireResponseAnswer): QuestionnaireErrorCode | null {
  const key = answerValueKeys.find((k) => answer[k] !== undefined);
  if (!key || !expectedValueKeys(item).includes(key)) return 'wrongType';
  if (item.type === 'choice') return isAnswerOption(item, answer) ? null : 'notAnOption';
  if (key === 'valueString') {
    const text = answer.valueString ?? '';
    if (text.trim() === '') return item.required ? 'required' : 'blank';
    if (item.maxLength !== undefined && text.length > item.maxLength) return 'tooLong';
  }
  if (key === 'valueInteger' && answer.valueInteger !== undefined) {
    const min = itemMinValue(item);
    const max = itemMaxValue(item);
    if (min !== undefined && answer.valueInteger < min) return 'belowMin';
    if (max !== undefined && answer.valueInteger > max) return 'aboveMax';
  }
  return null;
}

function hasAnswers(item: QuestionnaireResponseItem): boolean {
  return (item.answer?.length ?? 0) > 0 || (item.item ?? []).some(hasAnswers);
}

/**
 * Checks that a response fits its form: every linkId is an item of the form at its place, only
 * enabled questions are answered, each with one value of the question's type (a choice among its
 * options, integers within minValue/maxValue, texts within maxLength, no blank texts), required
 * enabled questions are answered and required groups have an answer. Returns the field errors in
 * document order; none means the response may be stored. Pure.
 */
export function validateQuestionnaireResponse(questionnaire: FhirQuestionnaire, response: QuestionnaireResponse): QuestionnaireFieldError[] {
  const enabled = enabledLinkIds(questionnaire, answersByLinkId(response.item));
  const errors: QuestionnaireFieldError[] = [];
  const fail = (linkId: string, path: string[], code: QuestionnaireErrorCode) =>
    errors.push({ linkId, path, code, message: questionnaireErrorMessages[code] });

  const walk = (formItems: readonly FhirQuestionnaireItem[], responseItems: readonly QuestionnaireResponseItem[], path: string[]) => {
    const known = new Set(formItems.map((item) => item.linkId));
    const given = new Map<string, QuestionnaireResponseItem>();
    for (const responseItem of responseItems) {
      const itemPath = [...path, responseItem.linkId];
      if (!known.has(responseItem.linkId)) fail(responseItem.linkId, itemPath, 'unknownItem');
      else if (given.has(responseItem.linkId)) fail(responseItem.linkId, itemPath, 'duplicateItem');
      else given.set(responseItem.linkId, responseItem);
    }
    for (const item of formItems) {
      const answered = given.get(item.linkId);
      const itemPath = [...path, item.linkId];
      if (!enabled.has(item.linkId)) {
        if (answered && hasAnswers(answered)) fail(item.linkId, itemPath, 'disabled');
        continue;
      }
      if (item.type === 'display') {
        if (answered) fail(item.linkId, itemPath, 'notAnswerable');
        continue;
      }
      if (item.type === 'group') {
        if (answered?.answer?.length) fail(item.linkId, itemPath, 'notAnswerable');
        walk(item.item ?? [], answered?.item ?? [], itemPath);
        if (item.required && !(answered && hasAnswers(answered))) fail(item.linkId, itemPath, 'required');
        continue;
      }
      for (const child of answered?.item ?? []) fail(child.linkId, [...itemPath, child.linkId], 'unknownItem');
      const answers = answered?.answer ?? [];
      if (answers.length > 1) {
        fail(item.linkId, itemPath, 'tooManyAnswers');
        continue;
      }
      const [answer] = answers;
      if (!answer) {
        if (item.required) fail(item.linkId, itemPath, 'required');
        continue;
      }
      const problem = answerProblem(item, answer);
      if (problem) fail(item.linkId, itemPath, problem);
    }
  };
  walk(questionnaire.item, response.item ?? [], []);
  return errors;
}

/**
 * The completed response for answers given by linkId (one per question): nested like the form,
 * enabled items only, groups only where something in them is answered.
 */
export function buildQuestionnaireResponse(
  questionnaire: FhirQuestionnaire,
  answers: ReadonlyMap<string, QuestionnaireResponseAnswer>,
): QuestionnaireResponse {
  const enabled = enabledLinkIds(questionnaire, new Map([...answers].map(([linkId, answer]) => [linkId, [answer]])));
  const build = (items: readonly FhirQuestionnaireItem[]): QuestionnaireResponseItem[] =>
    items.flatMap((item): QuestionnaireResponseItem[] => {
      if (!enabled.has(item.linkId) || item.type === 'display') return [];
      if (item.type === 'group') {
        const children = build(item.item ?? []);
        return children.length ? [{ linkId: item.linkId, item: children }] : [];
      }
      const answer = answers.get(item.linkId);
      return answer ? [{ linkId: item.linkId, answer: [answer] }] : [];
    });
  const reference = questionnaireReference(questionnaire);
  return {
    resourceType: 'QuestionnaireResponse',
    status: 'completed',
    ...(reference ? { questionnaire: reference } : {}),
    item: build(questionnaire.item),
  };
}

/** The form's own success or error message (an extension), if it has one. */
export function questionnaireMessage(questionnaire: Pick<FhirQuestionnaire, 'extension'>, which: 'success' | 'error'): string | undefined {
  const url = which === 'success' ? FHIR_QUESTIONNAIRE_EXTENSIONS.successMessage : FHIR_QUESTIONNAIRE_EXTENSIONS.errorMessage;
  const text = extensionValue(questionnaire.extension, url)?.valueString?.trim();
  return text ? text : undefined;
}
