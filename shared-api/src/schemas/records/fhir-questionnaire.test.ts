import {
  buildQuestionnaireResponse,
  enabledLinkIds,
  FHIR_QUESTIONNAIRE_EXTENSIONS,
  fhirQuestionnaireSchema,
  questionnaireMessage,
  questionnaireResponseSchema,
  validateQuestionnaireResponse,
  type FhirEnableWhen,
  type FhirQuestionnaire,
  type FhirQuestionnaireItem,
  type QuestionnaireResponseAnswer,
  type QuestionnaireResponseItem,
} from './fhir-questionnaire';

const SYSTEM = 'urn:test:frequency';

/** A form with every supported item type, a group, and enableWhen follow-ups. */
const form: FhirQuestionnaire = fhirQuestionnaireSchema.parse({
  resourceType: 'Questionnaire',
  id: 'test-v1',
  url: 'https://example.test/Questionnaire/test-v1',
  title: 'Testikysely',
  status: 'active',
  extension: [{ url: FHIR_QUESTIONNAIRE_EXTENSIONS.successMessage, valueString: 'Kiitos!' }],
  item: [
    { linkId: 'intro', type: 'display', text: 'Vastaa kysymyksiin.' },
    {
      linkId: 'mood',
      type: 'integer',
      text: 'Mieliala 0–10',
      required: true,
      extension: [
        { url: FHIR_QUESTIONNAIRE_EXTENSIONS.minValue, valueInteger: 0 },
        { url: FHIR_QUESTIONNAIRE_EXTENSIONS.maxValue, valueInteger: 10 },
      ],
    },
    {
      linkId: 'habits',
      type: 'group',
      text: 'Elintavat',
      item: [
        {
          linkId: 'exercise',
          type: 'choice',
          text: 'Liikunta',
          required: true,
          answerOption: [
            { valueCoding: { system: SYSTEM, code: 'never', display: 'Ei koskaan' } },
            { valueCoding: { system: SYSTEM, code: 'weekly', display: 'Viikoittain' } },
          ],
        },
        { linkId: 'smokes', type: 'boolean', text: 'Tupakoitko?' },
        { linkId: 'smokingAmount', type: 'string', text: 'Kuinka paljon?', required: true, maxLength: 20, enableWhen: [{ question: 'smokes', operator: '=', answerBoolean: true }] },
      ],
    },
    { linkId: 'lastCheck', type: 'date', text: 'Viimeisin tarkastus' },
    { linkId: 'notes', type: 'text', text: 'Muuta' },
    { linkId: 'size', type: 'choice', text: 'Koko', answerOption: [{ valueString: 'pieni' }, { valueString: 'suuri' }] },
  ],
});

const answer = (linkId: string, value: QuestionnaireResponseAnswer): QuestionnaireResponseItem => ({ linkId, answer: [value] });
const response = (item: QuestionnaireResponseItem[]) => questionnaireResponseSchema.parse({ resourceType: 'QuestionnaireResponse', status: 'completed', item });
const valid = () =>
  response([
    answer('mood', { valueInteger: 7 }),
    { linkId: 'habits', item: [answer('exercise', { valueCoding: { system: SYSTEM, code: 'weekly' } }), answer('smokes', { valueBoolean: false })] },
    answer('lastCheck', { valueDate: '2026-03-01' }),
    answer('notes', { valueString: 'Ei muuta.\nKiitos.' }),
    answer('size', { valueString: 'pieni' }),
  ]);
const codes = (errors: ReturnType<typeof validateQuestionnaireResponse>) => errors.map((e) => [e.path.join('/'), e.code]);

describe('FHIR R4 Questionnaire schema (the supported subset)', () => {
  test('accepts the supported item types and keeps the form as given', () => {
    expect(form.item.map((item) => item.type)).toEqual(['display', 'integer', 'group', 'date', 'text', 'choice']);
    expect(questionnaireMessage(form, 'success')).toBe('Kiitos!');
    expect(questionnaireMessage(form, 'error')).toBeUndefined();
  });

  const base = { resourceType: 'Questionnaire', status: 'active' };
  const refuses = (items: unknown[]) => fhirQuestionnaireSchema.safeParse({ ...base, item: items }).success;
  test.each([
    ['an unsupported item type', [{ linkId: 'a', type: 'decimal', text: 'A' }]],
    ['a repeating item', [{ linkId: 'a', type: 'string', text: 'A', repeats: true }]],
    ['a choice without options', [{ linkId: 'a', type: 'choice', text: 'A' }]],
    ['options on a string item', [{ linkId: 'a', type: 'string', text: 'A', answerOption: [{ valueString: 'x' }] }]],
    ['an option with two values', [{ linkId: 'a', type: 'choice', text: 'A', answerOption: [{ valueString: 'x', valueCoding: { code: 'x' } }] }]],
    ['an empty group', [{ linkId: 'g', type: 'group', text: 'G', item: [] }]],
    ['a question with nested items', [{ linkId: 'a', type: 'string', text: 'A', item: [{ linkId: 'b', type: 'string', text: 'B' }] }]],
    ['a question without a text', [{ linkId: 'a', type: 'string' }]],
    ['a required display item', [{ linkId: 'a', type: 'display', text: 'A', required: true }]],
    ['a duplicate linkId', [{ linkId: 'a', type: 'string', text: 'A' }, { linkId: 'g', type: 'group', item: [{ linkId: 'a', type: 'string', text: 'A' }] }]],
    ['enableWhen on an unknown question', [{ linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'nope', operator: 'exists', answerBoolean: true }] }]],
    ['enableWhen on itself', [{ linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'a', operator: 'exists', answerBoolean: true }] }]],
    ['enableWhen on a group', [{ linkId: 'g', type: 'group', item: [{ linkId: 'b', type: 'string', text: 'B' }] }, { linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'g', operator: 'exists', answerBoolean: true }] }]],
    ['exists without answerBoolean', [{ linkId: 'b', type: 'string', text: 'B' }, { linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'b', operator: 'exists', answerString: 'x' }] }]],
    ['an answer[x] of the wrong type', [{ linkId: 'b', type: 'boolean', text: 'B' }, { linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'b', operator: '=', answerInteger: 1 }] }]],
    ['ordering booleans', [{ linkId: 'b', type: 'boolean', text: 'B' }, { linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'b', operator: '>', answerBoolean: true }] }]],
    ['two conditions without enableBehavior', [{ linkId: 'b', type: 'boolean', text: 'B' }, { linkId: 'a', type: 'string', text: 'A', enableWhen: [{ question: 'b', operator: '=', answerBoolean: true }, { question: 'b', operator: 'exists', answerBoolean: true }] }]],
    ['minValue on a string', [{ linkId: 'a', type: 'string', text: 'A', extension: [{ url: FHIR_QUESTIONNAIRE_EXTENSIONS.minValue, valueInteger: 1 }] }]],
    ['maxLength on an integer', [{ linkId: 'a', type: 'integer', text: 'A', maxLength: 3 }]],
    ['no items at all', []],
  ])('refuses %s', (_name, items) => {
    expect(refuses(items)).toBe(false);
  });

  test('refuses another resource type', () => {
    expect(fhirQuestionnaireSchema.safeParse({ resourceType: 'Patient', status: 'active', item: [{ linkId: 'a', type: 'string', text: 'A' }] }).success).toBe(false);
  });
});

describe('QuestionnaireResponse schema', () => {
  test('only completed responses, one value per answer, unknown fields dropped', () => {
    const parsed = questionnaireResponseSchema.parse({ resourceType: 'QuestionnaireResponse', status: 'completed', extra: 1, item: [answer('mood', { valueInteger: 2 })] });
    expect(parsed).toEqual({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'mood', answer: [{ valueInteger: 2 }] }] });
    expect(questionnaireResponseSchema.safeParse({ resourceType: 'QuestionnaireResponse', status: 'in-progress' }).success).toBe(false);
    expect(questionnaireResponseSchema.safeParse({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'a', answer: [{ valueInteger: 1, valueString: '1' }] }] }).success).toBe(false);
    expect(questionnaireResponseSchema.safeParse({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'a', answer: [{ valueDate: '2026-02-30' }] }] }).success).toBe(false);
    expect(questionnaireResponseSchema.safeParse({ resourceType: 'QuestionnaireResponse', status: 'completed', item: [{ linkId: 'a', answer: [{ valueInteger: 1.5 }] }] }).success).toBe(false);
  });
});

describe('validateQuestionnaireResponse', () => {
  test('a response that fits the form has no errors', () => {
    expect(validateQuestionnaireResponse(form, valid())).toEqual([]);
  });

  test('required questions must be answered, also inside a group, each error with its linkId path', () => {
    const errors = validateQuestionnaireResponse(form, response([]));
    expect(codes(errors)).toEqual([
      ['mood', 'required'],
      ['habits/exercise', 'required'],
    ]);
    expect(errors[1]).toMatchObject({ linkId: 'exercise', path: ['habits', 'exercise'], message: 'Required' });
  });

  test('a required follow-up is required only while its enableWhen holds', () => {
    const smoker = response([
      answer('mood', { valueInteger: 5 }),
      { linkId: 'habits', item: [answer('exercise', { valueCoding: { system: SYSTEM, code: 'never' } }), answer('smokes', { valueBoolean: true })] },
    ]);
    expect(codes(validateQuestionnaireResponse(form, smoker))).toEqual([['habits/smokingAmount', 'required']]);
  });

  test('answers to a disabled question are refused', () => {
    const r = valid();
    const habits = r.item?.[1];
    habits?.item?.push(answer('smokingAmount', { valueString: '10 savuketta' }));
    expect(codes(validateQuestionnaireResponse(form, r))).toEqual([['habits/smokingAmount', 'disabled']]);
  });

  test('a choice answer must be one of the options (system and code), a string option by its text', () => {
    const r = valid();
    r.item![1]!.item![0] = answer('exercise', { valueCoding: { system: 'urn:other', code: 'weekly' } });
    r.item![4] = answer('size', { valueString: 'keskikokoinen' });
    expect(codes(validateQuestionnaireResponse(form, r))).toEqual([
      ['habits/exercise', 'notAnOption'],
      ['size', 'notAnOption'],
    ]);
  });

  test('each answer is of its question type', () => {
    const r = response([
      answer('mood', { valueString: '7' }),
      { linkId: 'habits', item: [answer('exercise', { valueString: 'weekly' }), answer('smokes', { valueInteger: 0 })] },
      answer('lastCheck', { valueString: '2026-03-01' }),
      answer('notes', { valueBoolean: true }),
    ]);
    expect(codes(validateQuestionnaireResponse(form, r))).toEqual([
      ['mood', 'wrongType'],
      ['habits/exercise', 'wrongType'],
      ['habits/smokes', 'wrongType'],
      ['lastCheck', 'wrongType'],
      ['notes', 'wrongType'],
    ]);
  });

  test('integers within minValue and maxValue, texts within maxLength and not blank', () => {
    const low = valid();
    low.item![0] = answer('mood', { valueInteger: -1 });
    low.item![3] = answer('notes', { valueString: '   ' });
    expect(codes(validateQuestionnaireResponse(form, low))).toEqual([
      ['mood', 'belowMin'],
      ['notes', 'blank'],
    ]);
    const high = valid();
    high.item![0] = answer('mood', { valueInteger: 11 });
    high.item![1]!.item = [answer('exercise', { valueCoding: { system: SYSTEM, code: 'never' } }), answer('smokes', { valueBoolean: true }), answer('smokingAmount', { valueString: 'x'.repeat(21) })];
    expect(codes(validateQuestionnaireResponse(form, high))).toEqual([
      ['mood', 'aboveMax'],
      ['habits/smokingAmount', 'tooLong'],
    ]);
  });

  test('unknown linkIds, items out of place, duplicates, several answers and answers to display items are refused', () => {
    const r = response([
      answer('mood', { valueInteger: 1 }),
      answer('mood', { valueInteger: 2 }),
      answer('nonsense', { valueString: 'x' }),
      // exercise belongs inside the group
      answer('exercise', { valueCoding: { system: SYSTEM, code: 'never' } }),
      { linkId: 'intro', answer: [{ valueString: 'luettu' }] },
      { linkId: 'notes', answer: [{ valueString: 'a' }, { valueString: 'b' }] },
    ]);
    expect(codes(validateQuestionnaireResponse(form, r))).toEqual([
      ['mood', 'duplicateItem'],
      ['nonsense', 'unknownItem'],
      ['exercise', 'unknownItem'],
      ['intro', 'notAnswerable'],
      ['habits/exercise', 'required'],
      ['notes', 'tooManyAnswers'],
    ]);
  });

  test('a required group needs an answer inside it', () => {
    const withRequiredGroup = fhirQuestionnaireSchema.parse({
      resourceType: 'Questionnaire',
      status: 'active',
      item: [{ linkId: 'g', type: 'group', text: 'G', required: true, item: [{ linkId: 'a', type: 'string', text: 'A' }, { linkId: 'b', type: 'boolean', text: 'B' }] }],
    });
    expect(codes(validateQuestionnaireResponse(withRequiredGroup, response([])))).toEqual([['g', 'required']]);
    expect(validateQuestionnaireResponse(withRequiredGroup, response([{ linkId: 'g', item: [answer('b', { valueBoolean: false })] }]))).toEqual([]);
  });
});

describe('enableWhen', () => {
  const question = (linkId: string, type: FhirQuestionnaireItem['type'], extra: Partial<FhirQuestionnaireItem> = {}): FhirQuestionnaireItem => ({ linkId, type, text: linkId, ...extra });
  const follow = (enableWhen: FhirEnableWhen[], enableBehavior?: 'all' | 'any'): FhirQuestionnaireItem => ({
    linkId: 'follow',
    type: 'string',
    text: 'follow',
    enableWhen,
    ...(enableBehavior ? { enableBehavior } : {}),
  });
  const formWith = (...items: FhirQuestionnaireItem[]) => fhirQuestionnaireSchema.parse({ resourceType: 'Questionnaire', status: 'active', item: items });
  const enabledWith = (questionnaire: FhirQuestionnaire, answers: Record<string, QuestionnaireResponseAnswer>) =>
    enabledLinkIds(questionnaire, new Map(Object.entries(answers).map(([k, v]) => [k, [v]]))).has('follow');

  test('exists: true when answered (answerBoolean true), or when not answered (false)', () => {
    const answered = formWith(question('q', 'string'), follow([{ question: 'q', operator: 'exists', answerBoolean: true }]));
    expect(enabledWith(answered, {})).toBe(false);
    expect(enabledWith(answered, { q: { valueString: 'x' } })).toBe(true);
    const unanswered = formWith(question('q', 'string'), follow([{ question: 'q', operator: 'exists', answerBoolean: false }]));
    expect(enabledWith(unanswered, {})).toBe(true);
    expect(enabledWith(unanswered, { q: { valueString: 'x' } })).toBe(false);
  });

  test('= and != on booleans; != also holds when unanswered', () => {
    const equal = formWith(question('q', 'boolean'), follow([{ question: 'q', operator: '=', answerBoolean: true }]));
    expect(enabledWith(equal, { q: { valueBoolean: true } })).toBe(true);
    expect(enabledWith(equal, { q: { valueBoolean: false } })).toBe(false);
    expect(enabledWith(equal, {})).toBe(false);
    const notEqual = formWith(question('q', 'boolean'), follow([{ question: 'q', operator: '!=', answerBoolean: true }]));
    expect(enabledWith(notEqual, { q: { valueBoolean: false } })).toBe(true);
    expect(enabledWith(notEqual, { q: { valueBoolean: true } })).toBe(false);
    expect(enabledWith(notEqual, {})).toBe(true);
  });

  test.each([
    ['>', 5, [false, false, true]],
    ['<', 5, [true, false, false]],
    ['>=', 5, [false, true, true]],
    ['<=', 5, [true, true, false]],
  ] as const)('integer %s %i for answers 4, 5, 6', (operator, value, expected) => {
    const questionnaire = formWith(question('q', 'integer'), follow([{ question: 'q', operator, answerInteger: value }]));
    expect([4, 5, 6].map((n) => enabledWith(questionnaire, { q: { valueInteger: n } }))).toEqual(expected);
    expect(enabledWith(questionnaire, {})).toBe(false);
  });

  test('dates compare as dates', () => {
    const questionnaire = formWith(question('q', 'date'), follow([{ question: 'q', operator: '<', answerDate: '2025-01-01' }]));
    expect(enabledWith(questionnaire, { q: { valueDate: '2024-12-31' } })).toBe(true);
    expect(enabledWith(questionnaire, { q: { valueDate: '2025-01-01' } })).toBe(false);
  });

  test('a coding matches by code, and by system when the condition names one', () => {
    const options = { answerOption: [{ valueCoding: { system: SYSTEM, code: 'a' } }, { valueCoding: { system: SYSTEM, code: 'b' } }] };
    const anySystem = formWith(question('q', 'choice', options), follow([{ question: 'q', operator: '=', answerCoding: { code: 'b' } }]));
    expect(enabledWith(anySystem, { q: { valueCoding: { system: SYSTEM, code: 'b' } } })).toBe(true);
    expect(enabledWith(anySystem, { q: { valueCoding: { system: SYSTEM, code: 'a' } } })).toBe(false);
    const ownSystem = formWith(question('q', 'choice', options), follow([{ question: 'q', operator: '=', answerCoding: { system: 'urn:other', code: 'b' } }]));
    expect(enabledWith(ownSystem, { q: { valueCoding: { system: SYSTEM, code: 'b' } } })).toBe(false);
  });

  test('enableBehavior all needs every condition, any needs one', () => {
    const conditions: FhirEnableWhen[] = [
      { question: 'a', operator: '=', answerBoolean: true },
      { question: 'b', operator: '>=', answerInteger: 3 },
    ];
    const all = formWith(question('a', 'boolean'), question('b', 'integer'), follow(conditions, 'all'));
    const any = formWith(question('a', 'boolean'), question('b', 'integer'), follow(conditions, 'any'));
    const one = { a: { valueBoolean: true }, b: { valueInteger: 1 } };
    const both = { a: { valueBoolean: true }, b: { valueInteger: 3 } };
    expect([enabledWith(all, one), enabledWith(all, both)]).toEqual([false, true]);
    expect([enabledWith(any, one), enabledWith(any, {})]).toEqual([true, false]);
  });

  test("a condition on a disabled question sees no answer, and a disabled group's items are disabled", () => {
    const chain = formWith(
      question('a', 'boolean'),
      question('b', 'string', { enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }] }),
      follow([{ question: 'b', operator: 'exists', answerBoolean: true }]),
    );
    // b still holds a value, but a no longer enables it: follow is disabled too
    expect(enabledWith(chain, { a: { valueBoolean: true }, b: { valueString: 'x' } })).toBe(true);
    expect(enabledWith(chain, { a: { valueBoolean: false }, b: { valueString: 'x' } })).toBe(false);

    const grouped = formWith(question('a', 'boolean'), {
      linkId: 'g',
      type: 'group',
      text: 'g',
      enableWhen: [{ question: 'a', operator: '=', answerBoolean: true }],
      item: [question('inner', 'string')],
    });
    expect(enabledLinkIds(grouped, new Map()).has('inner')).toBe(false);
    expect(enabledLinkIds(grouped, new Map([['a', [{ valueBoolean: true }]]])).has('inner')).toBe(true);
  });
});

describe('buildQuestionnaireResponse', () => {
  test('nests answers like the form, leaves out disabled items and empty groups, names the form', () => {
    const built = buildQuestionnaireResponse(
      form,
      new Map<string, QuestionnaireResponseAnswer>([
        ['mood', { valueInteger: 3 }],
        ['smokes', { valueBoolean: false }],
        // disabled by smokes = false: left out
        ['smokingAmount', { valueString: 'paljon' }],
      ]),
    );
    expect(built).toEqual({
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      questionnaire: 'https://example.test/Questionnaire/test-v1',
      item: [answer('mood', { valueInteger: 3 }), { linkId: 'habits', item: [answer('smokes', { valueBoolean: false })] }],
    });
    expect(buildQuestionnaireResponse(form, new Map()).item).toEqual([]);
  });
});
