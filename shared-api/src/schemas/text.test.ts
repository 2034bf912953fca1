import { authenticateQuerySchema } from './session';
import { mfaOnboardingRequestSchema, smsOutboxQuerySchema } from './mfa';
import { newThreadTitleSchema, outgoingMessageContentSchema } from './messaging/pages';
import { outgoingAttachmentSchema } from './messaging/attachments';
import { pageLoaderQuerySchema } from './pages/loader';
import { questionnaireResponseSchema } from './records/fhir-questionnaire';
import { renewalRequestSchema } from './records/renewal';
import { isStorableText, multilineTextSchema, TEXT_NUL_MESSAGE, textCharacterMessage, textSchema, trimmedMultilineTextSchema, trimmedTextSchema } from './text';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };

const issuesOf = (result: Parsed) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

describe('textSchema', () => {
  test('takes any text a person writes: non-Latin, right-to-left, emoji, marks, empty', () => {
    for (const text of ['', 'Hei!', 'Ålandsbanken', '日本語', 'مرحبا', '😀', 'e\u0301', 'a\u00A0b', '\u200Fשלום', '€ ½']) {
      expect(textSchema.parse(text)).toBe(text);
      expect(multilineTextSchema.parse(text)).toBe(text);
      expect(isStorableText(text)).toBe(true);
    }
  });

  // issue 27: CR/LF and U+202E were stored in an address, NUL in a payment's customer
  test.each([
    ['a line feed', 'a\nb', 0x0a],
    ['a carriage return', 'a\rb', 0x0d],
    ['a tab', 'a\tb', 0x09],
    ['an escape', '\u001B[31m', 0x1b],
    ['DEL', 'a\u007F', 0x7f],
    ['a C1 control (NEL)', 'a\u0085b', 0x85],
    ['a C1 control (CSI)', '\u009B31m', 0x9b],
    ['a right-to-left override', '\u202Efdp.exe', 0x202e],
    ['a left-to-right embedding', 'a\u202Ab', 0x202a],
    ['a right-to-left isolate', 'a\u2067b', 0x2067],
    ['a pop directional isolate', 'a\u2069', 0x2069],
  ])('a single-line text refuses %s, naming the character', (_name, text, codePoint) => {
    expect(issuesOf(textSchema.safeParse(text))).toEqual([{ path: '', message: textCharacterMessage(codePoint) }]);
    expect(issuesOf(trimmedTextSchema.safeParse(` ${text}x `))).toEqual([{ path: '', message: textCharacterMessage(codePoint) }]);
  });

  test('the message says what to do and which character', () => {
    expect(textCharacterMessage(0x202e)).toBe(
      'Remove the character U+202E: this text contains characters that are not allowed (control or text-direction characters)',
    );
    expect(textCharacterMessage(0x0a)).toMatch(/U\+000A/);
  });

  test('a multi-line text takes line breaks and tabs, and refuses the other controls and the direction overrides', () => {
    for (const text of ['rivi 1\nrivi 2', 'rivi 1\r\nrivi 2', 'sarake\tsarake', '\n\n']) expect(multilineTextSchema.parse(text)).toBe(text);
    for (const [text, codePoint] of [['a\u000Bb', 0x0b], ['a\u000Cb', 0x0c], ['\u001B[2J', 0x1b], ['a\u0085b', 0x85], ['\u202Eabc', 0x202e], ['a\u2066b', 0x2066]] as const) {
      expect(issuesOf(multilineTextSchema.safeParse(text))).toEqual([{ path: '', message: textCharacterMessage(codePoint) }]);
    }
    expect(issuesOf(multilineTextSchema.safeParse('a\u0000'))).toEqual([{ path: '', message: TEXT_NUL_MESSAGE }]);
  });

  test('a trimmed text trims before it checks: surrounding line breaks go as before, one inside is refused', () => {
    expect(trimmedTextSchema.parse('\n  Mannerheimintie 1 \r\n')).toBe('Mannerheimintie 1');
    expect(trimmedMultilineTextSchema.parse('\n rivi 1\nrivi 2 \n')).toBe('rivi 1\nrivi 2');
    expect(trimmedTextSchema.safeParse('Mannerheimintie\n1').success).toBe(false);
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
