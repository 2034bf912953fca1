import { authenticateQuerySchema } from './session';
import { mfaOnboardingRequestSchema, smsOutboxQuerySchema } from './mfa';
import { newThreadTitleSchema, outgoingMessageContentSchema } from './messaging/pages';
import { outgoingAttachmentSchema } from './messaging/attachments';
import { pageLoaderQuerySchema } from './pages/loader';
import { questionnaireResponseSchema } from './records/fhir-questionnaire';
import { renewalRequestSchema } from './records/renewal';
import { isStorableText, TEXT_NUL_MESSAGE, textSchema } from './text';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

const issuesOf = (result: Parsed) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

describe('textSchema', () => {
  test('takes any text the database can store: non-Latin, emoji, other control characters, empty', () => {
    for (const text of ['', 'Hei!', 'Ålandsbanken', '日本語', '😀', 'tab\there\r\n', '\u202E']) {
      expect(textSchema.parse(text)).toBe(text);
      expect(isStorableText(text)).toBe(true);
    }
  });

  test('refuses a NUL character anywhere, with a message a person can act on', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'x'.repeat(1000) + '\u0000']) {
      expect(isStorableText(text)).toBe(false);
      expect(issuesOf(textSchema.safeParse(text))).toEqual([{ path: '', message: TEXT_NUL_MESSAGE }]);
    }
    expect(TEXT_NUL_MESSAGE).toMatch(/U\+0000/);
  });

  test('keeps the limits added to it, and trims after checking', () => {
    const title = textSchema.trim().min(1).max(5);
    expect(title.parse('  abc  ')).toBe('abc');
    expect(title.safeParse('abcdef').success).toBe(false);
    expect(issuesOf(title.safeParse(' \u0000 ')).map((issue) => issue.message)).toContain(TEXT_NUL_MESSAGE);
  });
});

// Every free-text field of a request is a textSchema: a NUL answers at the field's own path.
describe('free-text fields of requests refuse NUL at their path', () => {
  const nul = 'a\u0000b';
  const answers = { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } };
  const cases: [string, () => Parsed, string][] = [
    ['a renewal reason', () => renewalRequestSchema.safeParse({ general: { healthChanged: { answer: 'no' } }, prescriptions: [{ id: '1', reason: nul, answers }] }), 'prescriptions.0.reason'],
    ['a renewal additional answer', () => renewalRequestSchema.safeParse({ general: { healthChanged: { answer: 'yes', additional: nul } }, prescriptions: [{ id: '1', reason: 'x', answers }] }), 'general.healthChanged.additional'],
    ['a message', () => outgoingMessageContentSchema.safeParse(nul), ''],
    ['a thread title', () => newThreadTitleSchema.safeParse(nul), ''],
    ["an attachment's content type", () => outgoingAttachmentSchema.safeParse({ key: 'x', fileName: 'a.pdf', contentType: nul }), 'contentType'],
    ["sign-in's next path", () => authenticateQuerySchema.safeParse({ acr_values: 'nordea', next: `/fi/${nul}` }), 'next'],
    ["a page loader's parameter", () => pageLoaderQuerySchema.safeParse({ lang: 'fi', id: nul }), 'id'],
    ['a phone number', () => smsOutboxQuerySchema.safeParse({ phoneNumber: nul }), 'phoneNumber'],
    ['an MFA phone number', () => mfaOnboardingRequestSchema.safeParse({ phoneNumber: nul }), 'phoneNumber'],
    [
      "a questionnaire answer's text",
      () => questionnaireResponseSchema.safeParse({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'notes', answer: [{ valueString: nul }] }] }),
      'item.0.answer.0.valueString',
    ],
  ];
  test.each(cases)('%s', (_name, parse, path) => {
    expect(issuesOf(parse())).toContainEqual({ path, message: TEXT_NUL_MESSAGE });
  });
});
