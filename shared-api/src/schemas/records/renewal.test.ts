import {
  composeRenewalMessage,
  emptyRenewalDraft,
  isRenewalDraftComplete,
  RENEWAL_IDS_PATTERN,
  RENEWAL_MAX_PRESCRIPTIONS,
  RENEWAL_THREAD_TITLE,
  renewalRequestBodyOf,
  renewalRequestSchema,
  type RenewalDraft,
} from './renewal';

describe('composeRenewalMessage (spec part 1 §9)', () => {
  test('writes the questions and answers in Finnish: kyllä, ei, additional questions only when asked', () => {
    const text = composeRenewalMessage({
      general: { healthChanged: { answer: 'yes', additional: '  Aloitin verenpainelääkityksen.\r\nPaino laskenut 5 kg.  ' } },
      medicines: [
        {
          medicineName: 'Thyroxin',
          strength: '100 mikrog',
          reason: 'Lääke loppuu kahden viikon kuluttua.',
          answers: { usedAsInstructed: { answer: 'yes', additional: 'ignored: not asked' }, sideEffects: { answer: 'no' } },
        },
        {
          medicineName: 'Burana',
          strength: '400 mg',
          reason: 'Selkäkipu jatkuu.',
          answers: { usedAsInstructed: { answer: 'no', additional: 'Otan vain tarvittaessa.' }, sideEffects: { answer: 'yes', additional: 'Närästystä.' } },
        },
      ],
    });
    expect(text).toBe(
      [
        'Yleiset kysymykset',
        'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?',
        'Vastaus: kyllä',
        'Kerro muutoksista',
        'Vastaus: Aloitin verenpainelääkityksen.\nPaino laskenut 5 kg.',
        '',
        'Lääke 1: Thyroxin 100 mikrog',
        'Miksi tarvitset uusinnan?',
        'Vastaus: Lääke loppuu kahden viikon kuluttua.',
        'Käytätkö lääkettä ohjeen mukaan?',
        'Vastaus: kyllä',
        'Onko lääkkeestä ollut haittavaikutuksia?',
        'Vastaus: ei',
        '',
        'Lääke 2: Burana 400 mg',
        'Miksi tarvitset uusinnan?',
        'Vastaus: Selkäkipu jatkuu.',
        'Käytätkö lääkettä ohjeen mukaan?',
        'Vastaus: ei',
        'Miten käytät lääkettä?',
        'Vastaus: Otan vain tarvittaessa.',
        'Onko lääkkeestä ollut haittavaikutuksia?',
        'Vastaus: kyllä',
        'Millaisia haittavaikutuksia?',
        'Vastaus: Närästystä.',
      ].join('\n'),
    );
  });

  test('an unset answer is määrittelemätön, and its additional question is not asked', () => {
    const text = composeRenewalMessage({
      general: { healthChanged: undefined },
      medicines: [
        { medicineName: 'Ventoline Evohaler', strength: '0,1 mg/annos', reason: '  ', answers: { usedAsInstructed: { answer: null }, sideEffects: undefined } },
      ],
    });
    expect(text).toBe(
      [
        'Yleiset kysymykset',
        'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?',
        'Vastaus: määrittelemätön',
        '',
        'Lääke 1: Ventoline Evohaler 0,1 mg/annos',
        'Miksi tarvitset uusinnan?',
        'Vastaus: määrittelemätön',
        'Käytätkö lääkettä ohjeen mukaan?',
        'Vastaus: määrittelemätön',
        'Onko lääkkeestä ollut haittavaikutuksia?',
        'Vastaus: määrittelemätön',
      ].join('\n'),
    );
  });

  test('an asked additional question left empty is määrittelemätön too', () => {
    const text = composeRenewalMessage({ general: { healthChanged: { answer: 'yes', additional: '' } }, medicines: [] });
    expect(text).toBe(
      [
        'Yleiset kysymykset',
        'Onko terveydentilassasi tapahtunut muutoksia edellisen reseptin jälkeen?',
        'Vastaus: kyllä',
        'Kerro muutoksista',
        'Vastaus: määrittelemätön',
      ].join('\n'),
    );
  });

  test('the thread title is the fixed Finnish one and fits a thread subject (70 characters)', () => {
    expect(RENEWAL_THREAD_TITLE).toBe('Reseptin uusintapyyntö');
    expect(RENEWAL_THREAD_TITLE.length).toBeLessThanOrEqual(70);
  });
});

function completeDraft(ids: string[]): RenewalDraft {
  const draft = emptyRenewalDraft(ids);
  draft.general.healthChanged = { answer: 'no', additional: '' };
  for (const item of draft.prescriptions) {
    item.reason = 'Lääke loppuu';
    item.answers.usedAsInstructed = { answer: 'yes', additional: '' };
    item.answers.sideEffects = { answer: 'no', additional: '' };
  }
  return draft;
}

describe('the renewal form draft (spec part 1 §5: every field must be answered)', () => {
  test('an empty draft is incomplete; a fully answered one is complete', () => {
    expect(isRenewalDraftComplete(emptyRenewalDraft(['1']))).toBe(false);
    expect(isRenewalDraftComplete(completeDraft(['1', '2']))).toBe(true);
  });

  test('an additional question is required only when its answer asks it (yes for yes, no for no)', () => {
    const draft = completeDraft(['1']);
    draft.general.healthChanged = { answer: 'yes', additional: '  ' };
    expect(isRenewalDraftComplete(draft)).toBe(false);
    draft.general.healthChanged.additional = 'Uusi lääkitys';
    expect(isRenewalDraftComplete(draft)).toBe(true);

    const item = draft.prescriptions[0]!;
    item.answers.usedAsInstructed = { answer: 'no', additional: '' };
    expect(isRenewalDraftComplete(draft)).toBe(false);
    item.answers.usedAsInstructed.additional = 'Harvemmin';
    expect(isRenewalDraftComplete(draft)).toBe(true);
  });

  test('text typed for a hidden additional question is kept in the draft but not sent', () => {
    const draft = completeDraft(['7']);
    draft.general.healthChanged = { answer: 'no', additional: 'typed before switching to no' };
    expect(isRenewalDraftComplete(draft)).toBe(true);
    expect(renewalRequestBodyOf(draft)).toEqual({
      general: { healthChanged: { answer: 'no' } },
      prescriptions: [
        { id: '7', reason: 'Lääke loppuu', answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } },
      ],
    });
  });
});

describe('renewalRequestSchema', () => {
  const valid = renewalRequestBodyOf(completeDraft(['1', '2']));

  test('trims texts and accepts a complete request', () => {
    const body = renewalRequestBodyOf({
      ...completeDraft(['1']),
      general: { healthChanged: { answer: 'yes', additional: '  muutos  ' } },
    });
    const parsed = renewalRequestSchema.parse(body);
    expect(parsed.general.healthChanged.additional).toBe('muutos');
    expect(renewalRequestSchema.safeParse(valid).success).toBe(true);
  });

  test('names the field of every problem', () => {
    const result = renewalRequestSchema.safeParse({
      general: { healthChanged: { answer: 'maybe' } },
      prescriptions: [
        { id: '1', reason: ' ', answers: { usedAsInstructed: { answer: 'no' }, sideEffects: { answer: 'no', additional: 'not asked' } } },
        { id: '1', reason: 'x', answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } },
        { id: 'abc', reason: 'x', answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.')).sort();
    expect(paths).toEqual([
      'general.healthChanged.answer',
      'prescriptions.0.answers.sideEffects.additional',
      'prescriptions.0.answers.usedAsInstructed.additional',
      'prescriptions.0.reason',
      'prescriptions.1.id',
      'prescriptions.2.id',
    ]);
  });

  test('refuses duplicates, no prescriptions, too many, unknown fields and ids too large for the database', () => {
    const one = (id: string) => ({ id, reason: 'x', answers: { usedAsInstructed: { answer: 'yes' }, sideEffects: { answer: 'no' } } });
    const general = { healthChanged: { answer: 'no' } };
    const pathsOf = (body: unknown) => {
      const result = renewalRequestSchema.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(pathsOf({ general, prescriptions: [one('3'), one('3')] })).toEqual(['prescriptions.1.id']);
    expect(pathsOf({ general, prescriptions: [] })).toEqual(['prescriptions']);
    const tooMany = Array.from({ length: RENEWAL_MAX_PRESCRIPTIONS + 1 }, (_, index) => one(String(index + 1)));
    expect(pathsOf({ general, prescriptions: tooMany })).toEqual(['prescriptions']);
    expect(pathsOf({ general, prescriptions: [one('12345678901')] })).toEqual(['prescriptions.0.id']);
    expect(pathsOf({ general, prescriptions: [one('0')] })).toEqual(['prescriptions.0.id']);
    expect(pathsOf({ general, prescriptions: [one('1')], personId: 'x' })).toEqual(['']);
  });

  test('the route pattern takes comma-separated numeric ids only', () => {
    const pattern = new RegExp(`^(?:${RENEWAL_IDS_PATTERN})$`);
    expect(['1', '12,3', '4,5,6'].every((ids) => pattern.test(ids))).toBe(true);
    expect(['', ',', '1,', ',1', '1,,2', 'a', '1;2'].some((ids) => pattern.test(ids))).toBe(false);
  });
});
