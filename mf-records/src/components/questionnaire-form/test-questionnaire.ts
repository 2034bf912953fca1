import { FHIR_QUESTIONNAIRE_EXTENSIONS, fhirQuestionnaireSchema, type FhirQuestionnaire, type QuestionnaireResponse } from '@portal/shared-api';

/**
 * Test data of the renderer's and the questionnaire page's tests: a form with every supported item
 * type (parsed with the shared schema, so it cannot drift from what the server sends).
 */
export const FREQUENCY = 'urn:test:frequency';

export const testQuestionnaire: FhirQuestionnaire = fhirQuestionnaireSchema.parse({
  resourceType: 'Questionnaire',
  id: 'wellbeing-test',
  url: 'https://example.test/Questionnaire/wellbeing-test',
  title: 'Hyvinvointikysely',
  status: 'active',
  description: 'Vastaa kahden viime viikon ajalta.',
  extension: [
    { url: FHIR_QUESTIONNAIRE_EXTENSIONS.successMessage, valueString: 'Kiitos vastauksistasi!' },
    { url: FHIR_QUESTIONNAIRE_EXTENSIONS.errorMessage, valueString: 'Tallennus epäonnistui, yritä myöhemmin.' },
  ],
  item: [
    { linkId: 'intro', type: 'display', text: 'Kysely koskee viimeistä kahta viikkoa.' },
    {
      linkId: 'mood',
      type: 'integer',
      text: 'Mieliala asteikolla 0–10',
      required: true,
      extension: [
        { url: FHIR_QUESTIONNAIRE_EXTENSIONS.minValue, valueInteger: 0 },
        { url: FHIR_QUESTIONNAIRE_EXTENSIONS.maxValue, valueInteger: 10 },
      ],
    },
    {
      linkId: 'phq',
      type: 'group',
      text: 'Oireet',
      item: [
        {
          linkId: 'interest',
          type: 'choice',
          text: 'Vähäinen kiinnostus asioihin',
          required: true,
          answerOption: [
            { valueCoding: { system: FREQUENCY, code: '0', display: 'Ei lainkaan' } },
            { valueCoding: { system: FREQUENCY, code: '1', display: 'Useana päivänä' } },
          ],
        },
        { linkId: 'size', type: 'choice', text: 'Vaatekoko', answerOption: [{ valueString: 'S' }, { valueString: 'M' }] },
      ],
    },
    { linkId: 'sleep', type: 'boolean', text: 'Onko sinulla univaikeuksia?' },
    {
      linkId: 'sleepDetails',
      type: 'text',
      text: 'Kerro univaikeuksistasi',
      required: true,
      maxLength: 200,
      enableWhen: [{ question: 'sleep', operator: '=', answerBoolean: true }],
    },
    { linkId: 'lastLeave', type: 'date', text: 'Viimeisin sairausloma' },
    { linkId: 'notes', type: 'string', text: 'Muuta kerrottavaa', maxLength: 50 },
  ],
});

/** Answers to the test form: everything answered, the follow-up included. */
export const testResponse: QuestionnaireResponse = {
  resourceType: 'QuestionnaireResponse',
  status: 'completed',
  questionnaire: 'https://example.test/Questionnaire/wellbeing-test',
  item: [
    { linkId: 'mood', answer: [{ valueInteger: 7 }] },
    { linkId: 'phq', item: [{ linkId: 'interest', answer: [{ valueCoding: { system: FREQUENCY, code: '1', display: 'Useana päivänä' } }] }] },
    { linkId: 'sleep', answer: [{ valueBoolean: true }] },
    { linkId: 'sleepDetails', answer: [{ valueString: 'Heräilen öisin.' }] },
    { linkId: 'lastLeave', answer: [{ valueDate: '2026-03-02' }] },
  ],
};
