import type { FhirQuestionnaireItem } from '@portal/shared-api';
import { answerFor, checkForm, enabledItems, hintMessage, optionKey } from './form-model';
import { FREQUENCY, testQuestionnaire } from './test-questionnaire';

const integer: FhirQuestionnaireItem = { linkId: 'n', type: 'integer', text: 'N' };
const choice = testQuestionnaire.item[2]!.item![0]!;

describe('form model', () => {
  test.each([
    ['7', { answer: { valueInteger: 7 } }],
    [' -3 ', { answer: { valueInteger: -3 } }],
    ['+5', { answer: { valueInteger: 5 } }],
    ['1.5', { error: 'notAnInteger' }],
    ['7 kg', { error: 'notAnInteger' }],
    ['3000000000', { error: 'notAnInteger' }],
    ['', {}],
    ['   ', {}],
  ] as const)('integer input %j', (value, expected) => {
    expect(answerFor(integer, value)).toEqual(expected);
  });

  test('texts are trimmed, a choice answers with its option, yes/no with a boolean', () => {
    expect(answerFor({ linkId: 's', type: 'string', text: 'S' }, '  hei  ')).toEqual({ answer: { valueString: 'hei' } });
    expect(answerFor(choice, optionKey(1))).toEqual({ answer: { valueCoding: { system: FREQUENCY, code: '1', display: 'Useana päivänä' } } });
    expect(answerFor(choice, '9')).toEqual({ error: 'notAnOption' });
    expect(answerFor({ linkId: 'b', type: 'boolean', text: 'B' }, false)).toEqual({ answer: { valueBoolean: false } });
  });

  test('enabled items follow the values; errors come in the form order, input errors first', () => {
    expect(enabledItems(testQuestionnaire, {}).has('sleepDetails')).toBe(false);
    expect(enabledItems(testQuestionnaire, { sleep: true }).has('sleepDetails')).toBe(true);
    const { errors } = checkForm(testQuestionnaire, { mood: 'x', sleep: true });
    expect([...errors]).toEqual([
      ['mood', 'notAnInteger'],
      ['interest', 'required'],
      ['sleepDetails', 'required'],
    ]);
  });

  test('hints: the range of an integer, the length of a text', () => {
    expect(hintMessage(testQuestionnaire.item[1]!)).toEqual({ id: 'records.questionnaire.hint.range', values: { min: 0, max: 10 } });
    expect(hintMessage(integer)).toEqual({ id: 'records.questionnaire.hint.integer' });
    expect(hintMessage({ linkId: 't', type: 'text', text: 'T', maxLength: 9 })).toEqual({ id: 'records.questionnaire.hint.maxLength', values: { max: 9 } });
    expect(hintMessage({ linkId: 'd', type: 'date', text: 'D' })).toBeNull();
  });
});
