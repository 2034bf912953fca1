import { screen, within } from '@testing-library/react';
import type { QuestionnaireResponse } from '@portal/shared-api';
import { createFakeShell, renderWithShell } from '../../../test/shell-fake';
import { QuestionnaireAnswers } from './QuestionnaireAnswers';
import { testQuestionnaire, testResponse } from './test-questionnaire';

/** The answer shown for a question (its <dd>). */
function answerTo(question: string): HTMLElement {
  const row = screen.getByText(question).closest('div');
  if (!row) throw new Error(`no row for ${question}`);
  return within(row).getByRole('definition');
}

describe('questionnaire answers, read-only', () => {
  test('shows each asked question with its answer as text, groups under their headings, and no inputs', () => {
    renderWithShell(<QuestionnaireAnswers questionnaire={testQuestionnaire} response={testResponse} />, createFakeShell({ lang: 'en' }));
    const answers = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answers).getByRole('heading', { level: 3, name: 'Oireet' })).toBeInTheDocument();
    expect(answerTo('Mieliala asteikolla 0–10')).toHaveTextContent('7');
    expect(answerTo('Vähäinen kiinnostus asioihin')).toHaveTextContent('Useana päivänä');
    expect(answerTo('Vaatekoko')).toHaveTextContent('Not answered');
    expect(answerTo('Onko sinulla univaikeuksia?')).toHaveTextContent('Yes');
    expect(answerTo('Kerro univaikeuksistasi')).toHaveTextContent('Heräilen öisin.');
    expect(answerTo('Viimeisin sairausloma')).toHaveTextContent('2 March 2026');
    expect(answerTo('Muuta kerrottavaa')).toHaveTextContent('Not answered');
    // instructions are not answers
    expect(screen.queryByText('Kysely koskee viimeistä kahta viikkoa.')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  test('leaves out questions the answers did not enable, speaks the user language, reads string options', () => {
    const response: QuestionnaireResponse = {
      resourceType: 'QuestionnaireResponse',
      status: 'completed',
      item: [
        { linkId: 'mood', answer: [{ valueInteger: 3 }] },
        { linkId: 'phq', item: [{ linkId: 'size', answer: [{ valueString: 'M' }] }] },
        { linkId: 'sleep', answer: [{ valueBoolean: false }] },
        { linkId: 'lastLeave', answer: [{ valueDate: '2026-03-02' }] },
      ],
    };
    renderWithShell(<QuestionnaireAnswers questionnaire={testQuestionnaire} response={response} />, createFakeShell({ lang: 'fi' }));
    expect(screen.getByRole('region', { name: 'Vastauksesi' })).toBeInTheDocument();
    expect(screen.queryByText('Kerro univaikeuksistasi')).not.toBeInTheDocument();
    expect(answerTo('Onko sinulla univaikeuksia?')).toHaveTextContent('Ei');
    expect(answerTo('Vaatekoko')).toHaveTextContent('M');
    expect(answerTo('Vähäinen kiinnostus asioihin')).toHaveTextContent('Ei vastausta');
    expect(answerTo('Viimeisin sairausloma')).toHaveTextContent('2.3.2026');
  });
});
