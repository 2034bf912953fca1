import { z } from 'zod';
import { textSchema, trimmedMultilineTextSchema } from '../text';

/**
 * Prescription renewal (spec part 1 §2 "Prescription renewal", §4, §5, §8, §9): the page state of
 * records.prescription-renewal, the questions of the form, the body of
 * POST /api/prescription-renewals?csrfToken= and the Finnish message it becomes.
 */

/** The route's `ids` parameter: comma-separated numeric prescription ids (routes.json `params.ids`). */
export const RENEWAL_IDS_PATTERN = '[0-9]+(,[0-9]+)*';
/** At most this many prescriptions in one request (the cart says so before the patient goes on). */
export const RENEWAL_MAX_PRESCRIPTIONS = 20;
/** A reason or an additional answer about one medicine. */
export const RENEWAL_TEXT_MAX_LENGTH = 500;
/** The general additional answer (changes in health) may be longer. */
export const RENEWAL_GENERAL_TEXT_MAX_LENGTH = 1000;
/** Spec §9: the renewal thread's title is fixed, in Finnish. */
export const RENEWAL_THREAD_TITLE = 'Reseptin uusintapyyntö';
/** The state-changing call that sends a renewal (csrfToken as a query parameter). */
export const PRESCRIPTION_RENEWALS_PATH = '/api/prescription-renewals';
/** The 503 answer's type while messaging is in maintenance (renewals travel as messages). */
export const RENEWAL_MAINTENANCE_ERROR_TYPE = 'MaintenanceMode';

export const yesNoSchema = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof yesNoSchema>;

/**
 * A yes/no question with an additional question that is asked only when the answer is
 * `additional.showWhen` (spec §2: yes shows when yes, no shows when no) and is then required.
 * `textFi` is what the renewal message writes (always Finnish, spec §9); the page shows the
 * question in its own language from the records catalogue (`records.renewal.question.<id>`).
 */
export interface RenewalYesNoQuestion {
  id: string;
  textFi: string;
  additional: { showWhen: YesNo; textFi: string };
}

/** Asked once per request. */
export const GENERAL_RENEWAL_QUESTIONS = [
  {
    id: 'healthChanged',
    textFi: 'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?',
    additional: { showWhen: 'yes', textFi: 'Kerro muutoksista' },
  },
] as const satisfies readonly RenewalYesNoQuestion[];

/** Asked about every chosen medicine, after its reason. */
export const MEDICINE_RENEWAL_QUESTIONS = [
  {
    id: 'usedAsInstructed',
    textFi: 'Käytätkö lääkettä ohjeen mukaan?',
    additional: { showWhen: 'no', textFi: 'Miten käytät lääkettä?' },
  },
  {
    id: 'sideEffects',
    textFi: 'Onko lääkkeestä ollut haittavaikutuksia?',
    additional: { showWhen: 'yes', textFi: 'Millaisia haittavaikutuksia?' },
  },
] as const satisfies readonly RenewalYesNoQuestion[];

/** The free-text question about every chosen medicine. */
export const RENEWAL_REASON_QUESTION_FI = 'Miksi tarvitset uusinnan?';

export type GeneralRenewalQuestionId = (typeof GENERAL_RENEWAL_QUESTIONS)[number]['id'];
export type MedicineRenewalQuestionId = (typeof MEDICINE_RENEWAL_QUESTIONS)[number]['id'];

/** Spec §9: yes is written kyllä, no ei, an unset answer määrittelemätön. */
export const RENEWAL_ANSWER_TEXT_FI = { yes: 'kyllä', no: 'ei', unset: 'määrittelemätön' } as const;

/** Whether the question's additional question is asked for this answer. */
export function isAdditionalShown(question: RenewalYesNoQuestion, answer: YesNo | null | undefined): boolean {
  return answer != null && answer === question.additional.showWhen;
}

// ---------------------------------------------------------------------------------------------
// Page state: records.prescription-renewal (GET /api/pages/records.prescription-renewal?ids=)

export const renewalUserSchema = z.object({ firstName: z.string(), lastName: z.string() });
export type RenewalUser = z.infer<typeof renewalUserSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/prescription-renewals?csrfToken=

function yesNoAnswerSchema(question: RenewalYesNoQuestion, maxLength: number) {
  return z
    .strictObject({
      answer: yesNoSchema,
      additional: trimmedMultilineTextSchema.max(maxLength).optional(),
    })
    .superRefine((value, ctx) => {
      const given = (value.additional ?? '') !== '';
      if (isAdditionalShown(question, value.answer) && !given) {
        ctx.addIssue({ code: 'custom', path: ['additional'], message: `Required when the answer is ${question.additional.showWhen}` });
      } else if (!isAdditionalShown(question, value.answer) && given) {
        ctx.addIssue({ code: 'custom', path: ['additional'], message: `Asked only when the answer is ${question.additional.showWhen}` });
      }
    });
}

const [healthChanged] = GENERAL_RENEWAL_QUESTIONS;
const [usedAsInstructed, sideEffects] = MEDICINE_RENEWAL_QUESTIONS;

/** A prescription id as the database has them (1 … 2147483647 fits in ten digits; larger ones name nothing). */
export const prescriptionIdSchema = z.string().regex(/^[1-9][0-9]{0,9}$/, 'A prescription id');

/**
 * The request (spec §5: every field must be answered). Text answers are trimmed; an additional
 * answer is required exactly when its question is asked and refused otherwise. Every problem comes
 * back as a 400 ValidationError with its field path (e.g. `prescriptions.1.answers.sideEffects.additional`).
 */
export const renewalRequestSchema = z.strictObject({
  general: z.strictObject({
    healthChanged: yesNoAnswerSchema(healthChanged, RENEWAL_GENERAL_TEXT_MAX_LENGTH),
  }),
  prescriptions: z
    .array(
      z.strictObject({
        id: prescriptionIdSchema,
        reason: trimmedMultilineTextSchema.min(1, 'Required').max(RENEWAL_TEXT_MAX_LENGTH),
        answers: z.strictObject({
          usedAsInstructed: yesNoAnswerSchema(usedAsInstructed, RENEWAL_TEXT_MAX_LENGTH),
          sideEffects: yesNoAnswerSchema(sideEffects, RENEWAL_TEXT_MAX_LENGTH),
        }),
      }),
    )
    .min(1, 'Choose at least one prescription')
    .max(RENEWAL_MAX_PRESCRIPTIONS)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((item, index) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'Listed twice' });
        seen.add(item.id);
      });
    }),
});
export type RenewalRequest = z.infer<typeof renewalRequestSchema>;

export const renewalQuerySchema = z.object({ csrfToken: textSchema.optional() });

/** 200: the created conversation (a messaging thread of type customer to the care team). */
export const renewalResponseSchema = z.object({ type: z.literal('success'), threadId: z.string() });
export type RenewalResponse = z.infer<typeof renewalResponseSchema>;

/** 503 while messaging is in maintenance. */
export const renewalMaintenanceErrorSchema = z.object({ type: z.literal(RENEWAL_MAINTENANCE_ERROR_TYPE), message: z.string() });

// ---------------------------------------------------------------------------------------------
// The form's draft (what the page keeps while the patient types)

export interface YesNoAnswerDraft {
  answer: YesNo | null;
  /** kept while hidden, so switching the answer back loses nothing; sent only when asked */
  additional: string;
}

export interface RenewalDraft {
  general: Record<GeneralRenewalQuestionId, YesNoAnswerDraft>;
  prescriptions: Array<{ id: string; reason: string; answers: Record<MedicineRenewalQuestionId, YesNoAnswerDraft> }>;
}

const emptyAnswer = (): YesNoAnswerDraft => ({ answer: null, additional: '' });

export function emptyRenewalDraft(prescriptionIds: readonly string[]): RenewalDraft {
  return {
    general: { healthChanged: emptyAnswer() },
    prescriptions: prescriptionIds.map((id) => ({
      id,
      reason: '',
      answers: { usedAsInstructed: emptyAnswer(), sideEffects: emptyAnswer() },
    })),
  };
}

function answerBody(question: RenewalYesNoQuestion, draft: YesNoAnswerDraft) {
  return isAdditionalShown(question, draft.answer) ? { answer: draft.answer, additional: draft.additional } : { answer: draft.answer };
}

/** The request body of a draft (unanswered questions travel as null and fail validation). */
export function renewalRequestBodyOf(draft: RenewalDraft): unknown {
  return {
    general: { healthChanged: answerBody(healthChanged, draft.general.healthChanged) },
    prescriptions: draft.prescriptions.map((item) => ({
      id: item.id,
      reason: item.reason,
      answers: {
        usedAsInstructed: answerBody(usedAsInstructed, item.answers.usedAsInstructed),
        sideEffects: answerBody(sideEffects, item.answers.sideEffects),
      },
    })),
  };
}

/** Spec §5: the form can be sent only when every field (and every asked additional question) is answered. */
export function isRenewalDraftComplete(draft: RenewalDraft): boolean {
  return renewalRequestSchema.safeParse(renewalRequestBodyOf(draft)).success;
}

// ---------------------------------------------------------------------------------------------
// The message

export interface RenewalAnswerInput {
  answer?: YesNo | null;
  additional?: string | null;
}

export interface RenewalMessageInput {
  general: Record<GeneralRenewalQuestionId, RenewalAnswerInput | undefined>;
  medicines: ReadonlyArray<{
    medicineName: string;
    strength: string;
    reason?: string | null;
    answers: Record<MedicineRenewalQuestionId, RenewalAnswerInput | undefined>;
  }>;
}

/** A typed text as the message keeps it: trimmed, line breaks as \n, nothing → määrittelemätön. */
function textAnswer(value: string | null | undefined): string {
  const text = (value ?? '').replace(/\r\n?/g, '\n').trim();
  return text === '' ? RENEWAL_ANSWER_TEXT_FI.unset : text;
}

function questionAndAnswer(question: string, answer: string): string[] {
  return [question, `Vastaus: ${answer}`];
}

function yesNoLines(question: RenewalYesNoQuestion, input: RenewalAnswerInput | undefined): string[] {
  const answer = input?.answer ?? null;
  const lines = questionAndAnswer(question.textFi, answer === null ? RENEWAL_ANSWER_TEXT_FI.unset : RENEWAL_ANSWER_TEXT_FI[answer]);
  if (isAdditionalShown(question, answer)) lines.push(...questionAndAnswer(question.additional.textFi, textAnswer(input?.additional)));
  return lines;
}

/**
 * The renewal request's message body (spec §9): Finnish structured text of the questions and
 * answers, whatever the page's language — yes is 'kyllä', no 'ei', an unset answer
 * 'määrittelemätön'; each medicine with its name and strength; an additional question only when
 * it was asked. The one place that writes it (the server sends it; tests pin its exact text).
 */
export function composeRenewalMessage(input: RenewalMessageInput): string {
  const sections: string[][] = [
    ['Yleiset kysymykset', ...GENERAL_RENEWAL_QUESTIONS.flatMap((question) => yesNoLines(question, input.general[question.id]))],
    ...input.medicines.map((medicine, index) => [
      `Lääke ${index + 1}: ${`${medicine.medicineName} ${medicine.strength}`.trim()}`,
      ...questionAndAnswer(RENEWAL_REASON_QUESTION_FI, textAnswer(medicine.reason)),
      ...MEDICINE_RENEWAL_QUESTIONS.flatMap((question) => yesNoLines(question, medicine.answers[question.id])),
    ]),
  ];
  return sections.map((lines) => lines.join('\n')).join('\n\n');
}
