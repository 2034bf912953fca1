import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockFailure, type MessagingMockHandlers, type QuestionnaireInvitation } from '@portal/shared-api/mock';
import { createFakeShell, pageState, renderWithShell, type FakeShell } from '../../../test/shell-fake';
import { testQuestionnaire, testResponse } from '../../components/questionnaire-form/test-questionnaire';
import { QuestionnairePage } from './QuestionnairePage';

const openInvitation: QuestionnaireInvitation = {
  id: '5',
  title: 'Hyvinvointikysely',
  sentAt: '2026-05-01T10:00:00.000Z',
  answeredAt: null,
  questionnaire: testQuestionnaire,
  response: null,
};

const answeredInvitation: QuestionnaireInvitation = {
  ...openInvitation,
  answeredAt: '2026-05-03T15:00:00.000Z',
  response: testResponse,
};

function renderPage({
  state,
  handlers = {},
  lang = 'en',
  shell = createFakeShell({ lang }),
}: { state?: unknown; handlers?: MessagingMockHandlers; lang?: 'en' | 'fi' | 'sv'; shell?: FakeShell } = {}) {
  if (state !== undefined) shell.takeInitialPageState.mockReturnValue(pageState('records.questionnaire', state, { id: '5' }));
  const client = shell.messaging;
  client.use(handlers);
  const path = { en: 'questionnaires', fi: 'kyselyt', sv: 'rundfraga' }[lang];
  renderWithShell(
    <Routes>
      <Route path={`/${lang}/${path}/:id`} element={<QuestionnairePage />} />
    </Routes>,
    shell,
    `/${lang}/${path}/5`,
  );
  return { shell, client, user: userEvent.setup() };
}

const answered = (answeredAt = '2026-11-20T08:00:00.000Z'): MessagingMockHandlers => ({
  AnswerQuestionnaire: (variables) => ({ answerQuestionnaire: { type: 'success', invitation: { id: variables.questionnaireInvitationId, answeredAt } } }),
});

async function answerEverything(user: ReturnType<typeof userEvent.setup>, yes = 'Yes') {
  await user.type(screen.getByRole('textbox', { name: 'Mieliala asteikolla 0–10' }), '7');
  await user.click(within(screen.getByRole('radiogroup', { name: 'Vähäinen kiinnostus asioihin' })).getByRole('radio', { name: 'Useana päivänä' }));
  await user.click(within(screen.getByRole('radiogroup', { name: 'Onko sinulla univaikeuksia?' })).getByRole('radio', { name: yes }));
  await user.type(screen.getByRole('textbox', { name: 'Kerro univaikeuksistasi' }), 'Heräilen öisin.');
  await user.type(screen.getByLabelText('Viimeisin sairausloma'), '2026-03-02');
}

describe('questionnaire page: states', () => {
  test('loads the state of the id in the path, with a back link to the list and the heading focused', () => {
    const { shell } = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(shell.loadPage).toHaveBeenCalledWith('records.questionnaire', { id: '5' }, expect.any(AbortSignal));
    expect(screen.getByRole('heading', { level: 1, name: 'Questionnaire' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Back to questionnaires' })).toHaveAttribute('href', '/en/questionnaires');
  });

  test('maintenance mode: surveys are temporarily out of use', () => {
    renderPage({ state: { status: 'maintenance-mode' }, lang: 'fi' });
    expect(screen.getByRole('status')).toHaveTextContent('Kyselyt ovat tilapäisesti poissa käytöstä.');
    expect(screen.queryByRole('button', { name: /Lähetä/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Takaisin kyselyihin' })).toHaveAttribute('href', '/fi/kyselyt');
  });

  test("not found: 'Questionnaire was not found.'", () => {
    renderPage({ state: { status: 'not-found' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Questionnaire' })).toBeInTheDocument();
    expect(screen.getByText('Questionnaire was not found.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('not found in Swedish', () => {
    renderPage({ state: { status: 'not-found' }, lang: 'sv' });
    expect(screen.getByText('Enkäten hittades inte.')).toBeInTheDocument();
  });

  test('a load error offers a retry that loads again', async () => {
    const shell = createFakeShell();
    shell.loadPage.mockRejectedValueOnce(new Error('x')).mockResolvedValueOnce(pageState('records.questionnaire', { status: 'not-found' }, { id: '5' }));
    const { user } = renderPage({ shell });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Questionnaire was not found.')).toBeInTheDocument();
    expect(shell.loadPage).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Questionnaire' })).toHaveFocus();
  });

  test('an answered questionnaire shows its answers read-only, without a form', () => {
    renderPage({ state: { status: 'ok', invitation: answeredInvitation } });
    expect(screen.getByRole('heading', { level: 1, name: 'Hyvinvointikysely' })).toBeInTheDocument();
    expect(screen.getByText(/Answered 3 May 2026/)).toBeInTheDocument();
    const answers = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answers).getByText('Heräilen öisin.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send answers/ })).not.toBeInTheDocument();
  });

  test('answered, but the stored answers cannot be read: says so', () => {
    renderPage({ state: { status: 'ok', invitation: { ...answeredInvitation, response: null } } });
    expect(screen.getByText('Your answers cannot be shown.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('questionnaire page: answering', () => {
  test('an open questionnaire is a form; completing it sends AnswerQuestionnaire, shows the form\'s success message and then the answers read-only', async () => {
    const { client, user } = renderPage({ state: { status: 'ok', invitation: openInvitation }, handlers: answered() });
    expect(screen.getByText('Vastaa kahden viime viikon ajalta.')).toBeInTheDocument();
    await answerEverything(user);
    await user.click(screen.getByRole('button', { name: /^Send answers/ }));

    const success = await screen.findByText('Kiitos vastauksistasi!');
    expect(success.closest('[tabindex="-1"]')).toHaveFocus();
    expect(client.callsOf('AnswerQuestionnaire')).toEqual([{ questionnaireInvitationId: '5', answers: JSON.stringify(testResponse) }]);
    const answers = screen.getByRole('region', { name: 'Your answers' });
    expect(within(answers).getByText('Useana päivänä')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText(/Answered 20 November 2026/)).toBeInTheDocument();
  });

  test('a form without its own success message shows the default', async () => {
    const { extension: _extension, ...plain } = testQuestionnaire;
    const { user } = renderPage({ state: { status: 'ok', invitation: { ...openInvitation, questionnaire: plain } }, handlers: answered() });
    await answerEverything(user);
    await user.click(screen.getByRole('button', { name: /^Send answers/ }));
    expect(await screen.findByText('Thank you! Your answers have been saved.')).toBeInTheDocument();
  });

  test("a failed save shows the form's error message, reports it and keeps the answers", async () => {
    const { shell, client, user } = renderPage({
      state: { status: 'ok', invitation: openInvitation },
      handlers: {
        AnswerQuestionnaire: () => {
          throw mockFailure({ kind: 'http', status: 500, type: 'INTERNAL' });
        },
      },
    });
    await answerEverything(user);
    await user.click(screen.getByRole('button', { name: /^Send answers/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tallennus epäonnistui, yritä myöhemmin.');
    expect(shell.errors.report).toHaveBeenCalledWith(expect.anything(), 'records-questionnaire');
    expect(screen.getByRole('textbox', { name: 'Mieliala asteikolla 0–10' })).toHaveValue('7');
    // the patient tries again, and this time it works
    client.use(answered());
    await user.click(screen.getByRole('button', { name: /^Send answers/ }));
    expect(await screen.findByText('Kiitos vastauksistasi!')).toBeInTheDocument();
  });

  test('a network failure says so, in the user language', async () => {
    const { user } = renderPage({
      lang: 'fi',
      state: { status: 'ok', invitation: openInvitation },
      handlers: {
        AnswerQuestionnaire: () => {
          throw mockFailure({ kind: 'network' });
        },
      },
    });
    await answerEverything(user, 'Kyllä');
    await user.click(screen.getByRole('button', { name: /^Lähetä vastaukset/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Verkkovirhe. Yritä uudelleen.');
  });

  test('an invitation answered meanwhile says it has been answered; refused answers show at their questions', async () => {
    let call = 0;
    const { user } = renderPage({
      state: { status: 'ok', invitation: openInvitation },
      handlers: {
        AnswerQuestionnaire: () => {
          call += 1;
          throw mockFailure({
            kind: 'validation',
            details: call === 1 ? [{ path: 'answers.lastLeave', message: 'Not the type of answer this question takes' }] : [{ path: 'questionnaireInvitationId', message: 'The questionnaire has already been answered' }],
          });
        },
      },
    });
    await answerEverything(user);
    await user.click(screen.getByRole('button', { name: /^Send answers/ }));
    const date = screen.getByLabelText('Viimeisin sairausloma');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tallennus epäonnistui, yritä myöhemmin.');
    expect(date).toHaveAccessibleDescription('Check this answer.');
    await user.click(screen.getByRole('button', { name: /^Send answers/ }));
    expect(await screen.findByText('This questionnaire has already been answered.')).toBeInTheDocument();
  });
});
